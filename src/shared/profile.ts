// Connection profiles. The client secret is never part of a profile: it lives in the vault.
import { z } from 'zod';
import { ESG_CONCURRENCY_MAX } from './esg-runs/schemas';

export const SANDBOX_PROFILE_ID = 'sandbox';

export const DEFAULT_PATHS = {
  searchPath: '/search/v1/companies',
  esgModulePathTemplate: '/esg/v1/companies/{company_id}/{module}',
  esgStatusPathTemplate: '/esg/v1/processing/{session_id}',
  matchPath: '/match/v5/companies',
} as const;

/** Longest URL a profile keeps (the settings file caps every persisted string). */
export const MAX_URL_LENGTH = 2048;

const httpUrl = z
  .string()
  .max(MAX_URL_LENGTH, `A URL can be at most ${MAX_URL_LENGTH} characters`)
  .pipe(z.url({ protocol: /^https?$/, error: 'Enter a full http(s) URL, for example https://auth.example.com' }))
  .transform((u) => u.replace(/\/+$/, ''));

/** This computer only: 127.0.0.0/8, localhost, [::1]. Plain http is accepted for these and nothing else. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

export const HTTPS_REQUIRED_MESSAGE = 'Use https:// (plain http:// is only for this computer: localhost, 127.x.x.x or [::1])';

/** Why a service URL may not carry a client secret or token, or null when it may. */
export function insecureUrlProblem(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'Enter a full http(s) URL, for example https://auth.example.com';
  }
  if (u.protocol === 'https:') return null;
  if (u.protocol === 'http:' && isLoopbackHost(u.hostname)) return null;
  return HTTPS_REQUIRED_MESSAGE;
}

/** What a profile (or the Team connection) may be saved with: https, or http to this computer only. */
export const serviceUrl = httpUrl.refine((u) => insecureUrlProblem(u) === null, HTTPS_REQUIRED_MESSAGE);
/** Longest Match payload template (JSON) a profile keeps. */
export const MAX_TEMPLATE_LENGTH = 64 * 1024;
const apiPath = z.string().max(1000, 'A path can be at most 1000 characters').regex(/^\/[^\s]*$/, 'A path starts with / and has no spaces');

/** A proxy address: http(s)://host:port, credentials kept apart (user name here, password in the vault). Empty = none. */
const proxyUrl = z
  .string()
  .trim()
  .max(MAX_URL_LENGTH, `A URL can be at most ${MAX_URL_LENGTH} characters`)
  .superRefine((u, ctx) => {
    if (!u) return;
    let parsed: URL | null = null;
    try {
      parsed = new URL(u);
    } catch {
      // reported below
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol)) ctx.addIssue({ code: 'custom', message: 'Enter the proxy as http://host:port (or https://host:port)' });
    else if (parsed.username || parsed.password) ctx.addIssue({ code: 'custom', message: 'Leave the user name and password out of the address: use the proxy user name and password fields' });
  })
  .transform((u) => u.replace(/\/+$/, ''));

/**
 * How this profile reaches the network (docs/install.md, "Proxies and company certificates").
 * proxy: 'system' = the desktop app follows the OS proxy settings and PAC file, browser mode follows
 * HTTPS_PROXY/HTTP_PROXY/NO_PROXY; 'none' = direct; 'url' = this proxy for every request.
 * caFile: a PEM bundle trusted in addition to the built-in authorities (browser mode; the desktop app
 * uses the OS certificate store).
 */
export const NetworkSettingsSchema = z
  .object({
    proxy: z.enum(['system', 'none', 'url']).default('system'),
    proxyUrl: proxyUrl.default(''),
    /** Proxy user name; its password lives in the vault like the client secret. */
    proxyUsername: z.string().trim().max(256).default(''),
    caFile: z.string().trim().max(4096).default(''),
  })
  .superRefine((n, ctx) => {
    if (n.proxy === 'url' && !n.proxyUrl) ctx.addIssue({ code: 'custom', path: ['proxyUrl'], message: 'Enter the proxy address, for example http://proxy.example.com:8080' });
  });
export type NetworkSettings = z.infer<typeof NetworkSettingsSchema>;
export const DEFAULT_NETWORK: NetworkSettings = { proxy: 'system', proxyUrl: '', proxyUsername: '', caFile: '' };

export const ProfileSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/),
  name: z.string().trim().min(1, 'Name is required').max(80),
  /** `sandbox`: URLs come from the embedded sandbox at run time. */
  kind: z.enum(['sandbox', 'remote']),
  authUrl: httpUrl,
  baseUrl: httpUrl,
  clientId: z.string().trim().min(1, 'Client ID is required').max(256),
  scope: z.string().trim().min(1).max(1000, 'Scope can be at most 1000 characters').default('api:use'),
  /** Take the token endpoint from {auth_url}/.well-known/openid-configuration. */
  useDiscovery: z.boolean().default(false),
  searchPath: apiPath.default(DEFAULT_PATHS.searchPath),
  esgModulePathTemplate: apiPath.default(DEFAULT_PATHS.esgModulePathTemplate),
  esgStatusPathTemplate: apiPath.default(DEFAULT_PATHS.esgStatusPathTemplate),
  matchPath: apiPath.default(DEFAULT_PATHS.matchPath),
  /** JSON template for the Match body; null uses the default payload (docs/service-defaults.md). */
  matchPayloadTemplate: z.string().max(MAX_TEMPLATE_LENGTH, `The template can be at most ${MAX_TEMPLATE_LENGTH} characters`).nullable().default(null),
  /**
   * The Auth URL the stored secret was entered for. The secret is sent only there: a profile whose
   * Auth URL differs has no usable secret until it is entered again. Absent on profiles saved
   * before this field existed (their secret is taken as entered for their current Auth URL).
   */
  secretAuthUrl: z.string().max(MAX_URL_LENGTH).optional(),
  /**
   * The Base URL the stored secret was entered with: the access token it earns is sent there, so a new
   * Base URL drops the secret like a new Auth URL does. Absent on profiles saved before (taken as their current one).
   */
  secretBaseUrl: z.string().max(MAX_URL_LENGTH).optional(),
  /**
   * The network path (proxy and CA, networkPathOf) the stored secret was entered with: the token
   * request carries the secret through that proxy and trusts that CA, so a change to either drops it
   * unless the same save carries it again. Absent on profiles saved before (taken as their current path).
   */
  secretNetwork: z.string().max(2 * MAX_URL_LENGTH + 4096).optional(),
  /** The proxy address and user name (proxyCredentialOf) the stored proxy password was entered for. */
  proxyPasswordFor: z.string().max(2 * MAX_URL_LENGTH).optional(),
  /** Absent = DEFAULT_NETWORK (profiles saved before this setting existed); read it with networkOf(). */
  network: NetworkSettingsSchema.optional(),
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
  /**
   * ESG runs: cells worked on at once (module request + watched session), default 4
   * (docs/service-defaults.md). Absent = the default; every request still goes through the rate limiter.
   */
  esgConcurrency: z
    .number({ error: 'Enter the number of ESG requests at once as a whole number' })
    .int('Enter a whole number')
    .min(1, 'At least 1 ESG request at once')
    .max(ESG_CONCURRENCY_MAX, `At most ${ESG_CONCURRENCY_MAX} ESG requests at once`)
    .optional(),
  /**
   * "about N companies match" while a search is edited: one page_size=1 search per edit (debounced).
   * Absent = on (docs/service-defaults.md, "Live match count"); off for services that bill per call.
   */
  liveCount: z.boolean().optional(),
  /**
   * Watches: requests that scheduled checks may send per local day (docs/watches.md). Absent =
   * WATCH_DAILY_BUDGET_DEFAULT (src/shared/watches/watches.ts). "Check now" is counted, never held.
   */
  watchDailyBudget: z
    .number({ error: 'Enter the daily request budget as a whole number' })
    .int('Enter a whole number')
    .min(0, 'The budget cannot be negative')
    .max(10_000_000, 'At most 10,000,000 requests a day')
    .optional(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** Whether the Search screen may ask the service for a live match count (absent = on). */
export const liveCountOf = (p: Pick<Profile, 'liveCount'>): boolean => p.liveCount ?? true;

export const networkOf = (p: Pick<Profile, 'network'>): NetworkSettings => p.network ?? DEFAULT_NETWORK;

/** Everything besides the Auth URL that decides where the client secret goes: the proxy and the trusted CA. */
export const networkPathOf = (n: NetworkSettings): string => JSON.stringify([n.proxy, n.proxy === 'url' ? n.proxyUrl : '', n.caFile]);

/** What a proxy password is entered for: that proxy's address and user name. */
export const proxyCredentialOf = (n: NetworkSettings): string => JSON.stringify([n.proxyUrl, n.proxyUsername]);

/** A secret the save removed because what decides where it goes changed without it. */
export type DroppedSecret = 'secret' | 'proxyPassword';

/** What the Settings screen sends; id omitted for a new profile. Stricter than what is read back: https unless loopback. */
export const ProfileInputSchema = ProfileSchema.omit({ id: true, kind: true, secretAuthUrl: true, secretBaseUrl: true, secretNetwork: true, proxyPasswordFor: true }).extend({
  id: ProfileSchema.shape.id.optional(),
  authUrl: serviceUrl,
  baseUrl: serviceUrl,
});
export type ProfileInput = z.input<typeof ProfileInputSchema>;

/** What the renderer sees: the profile plus whether a secret is stored, never the secret. */
export type ProfileView = Profile & {
  hasSecret: boolean;
  builtIn: boolean;
  hasProxyPassword?: boolean;
  /** After a save: the secrets it removed (their Auth URL, proxy or CA changed without them). */
  dropped?: DroppedSecret[];
};

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
