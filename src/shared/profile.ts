// Connection profiles. The client secret is never part of a profile: it lives in the vault.
import { z } from 'zod';

export const SANDBOX_PROFILE_ID = 'sandbox';

export const DEFAULT_PATHS = {
  searchPath: '/search/v1/companies',
  esgModulePathTemplate: '/esg/v1/companies/{company_id}/{module}',
  esgStatusPathTemplate: '/esg/v1/processing/{session_id}',
  matchPath: '/match/v5/companies',
} as const;

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'Enter a full http(s) URL, for example https://auth.example.com' })
  .transform((u) => u.replace(/\/+$/, ''));
const apiPath = z.string().regex(/^\/[^\s]*$/, 'A path starts with / and has no spaces');

export const ProfileSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/),
  name: z.string().trim().min(1, 'Name is required').max(80),
  /** `sandbox`: URLs come from the embedded sandbox at run time. */
  kind: z.enum(['sandbox', 'remote']),
  authUrl: httpUrl,
  baseUrl: httpUrl,
  clientId: z.string().trim().min(1, 'Client ID is required').max(256),
  scope: z.string().trim().min(1).default('api:use'),
  /** Take the token endpoint from {auth_url}/.well-known/openid-configuration. */
  useDiscovery: z.boolean().default(false),
  searchPath: apiPath.default(DEFAULT_PATHS.searchPath),
  esgModulePathTemplate: apiPath.default(DEFAULT_PATHS.esgModulePathTemplate),
  esgStatusPathTemplate: apiPath.default(DEFAULT_PATHS.esgStatusPathTemplate),
  matchPath: apiPath.default(DEFAULT_PATHS.matchPath),
  /** JSON template for the Match body; null uses the default payload (docs/service-defaults.md). */
  matchPayloadTemplate: z.string().nullable().default(null),
  /**
   * The service's request quota, when known: every call of this profile (search, export, match, ESG)
   * shares it. null/absent = no fixed pace; 429 answers and their Retry-After still hold every caller.
   */
  requestsPerSecond: z
    .number({ error: 'Enter requests per second as a number, or leave it empty' })
    .positive('Requests per second must be more than 0')
    .max(10_000, 'At most 10,000 requests per second')
    .nullable()
    .optional(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** What the Settings screen sends; id omitted for a new profile. */
export const ProfileInputSchema = ProfileSchema.omit({ id: true, kind: true }).extend({
  id: ProfileSchema.shape.id.optional(),
});
export type ProfileInput = z.input<typeof ProfileInputSchema>;

/** What the renderer sees: the profile plus whether a secret is stored, never the secret. */
export type ProfileView = Profile & { hasSecret: boolean; builtIn: boolean };

export type VaultKind = 'keychain' | 'safeStorage' | 'memory';

export interface ConnectionStatus {
  profileId: string | null;
  profileName: string | null;
  state: 'signed_out' | 'connecting' | 'connected' | 'error';
  scope?: string;
  /** Epoch ms. */
  expiresAt?: number;
  renewsAt?: number;
  error?: import('./errors').BridgeError;
  /** While `connecting`: the last attempt failed for a transient reason (e.g. HTTP 429) and is retried at `retryAt`. */
  retrying?: { error: import('./errors').BridgeError; retryAt: number };
  vault: { kind: VaultKind; notice?: string };
}

export interface TestStep {
  /** `api` is the search check; `esg` and `match` check those permissions without starting anything. */
  step: 'discovery' | 'token' | 'api' | 'esg' | 'match';
  ok: boolean;
  skipped?: boolean;
  /** Reached and signed in, but this client lacks the permission (403): reported, not a failed connection. */
  noAccess?: boolean;
  ms: number;
  message: string;
}
export interface TestReport {
  profileId: string;
  ok: boolean;
  steps: TestStep[];
}
