// Settings form state <-> ProfileInput, validated with the shared zod schema before anything is sent.
// The client secret is deliberately NOT part of this state (it lives only in an uncontrolled input).
import { DEFAULT_PATHS, liveCountOf, ProfileInputSchema, type ProfileInput, type ProfileView } from '../../shared/profile';
import { secretMovesOnSave } from '../../shared/profiles/secret-binding';

export interface ProfileFormState {
  id?: string;
  name: string;
  authUrl: string;
  baseUrl: string;
  clientId: string;
  scope: string;
  useDiscovery: boolean;
  searchPath: string;
  esgModulePathTemplate: string;
  esgStatusPathTemplate: string;
  matchPath: string;
  /** Empty string = default payload (null on the wire). */
  matchPayloadTemplate: string;
  /** Empty string = no fixed pace (null on the wire). */
  requestsPerSecond: string;
  /** Empty string = the default (4). */
  esgConcurrency: string;
  /** Live match count on the Search screen (one page_size=1 request per edit). */
  liveCount: boolean;
  /** Requests scheduled watch checks may send per day; empty string = the default (2,000). */
  watchDailyBudget: string;
}

export type FormField = Exclude<keyof ProfileFormState, 'id'>;
export type FieldErrors = Partial<Record<FormField, string>>;

export const ADVANCED_FIELDS: readonly FormField[] = [
  'useDiscovery',
  'searchPath',
  'esgModulePathTemplate',
  'esgStatusPathTemplate',
  'matchPath',
  'matchPayloadTemplate',
  'requestsPerSecond',
  'esgConcurrency',
];

export function emptyForm(): ProfileFormState {
  return {
    name: '',
    authUrl: '',
    baseUrl: '',
    clientId: '',
    scope: 'api:use',
    useDiscovery: false,
    ...DEFAULT_PATHS,
    matchPayloadTemplate: '',
    requestsPerSecond: '',
    esgConcurrency: '',
    liveCount: true,
    watchDailyBudget: '',
  };
}

export function formFromProfile(p: ProfileView): ProfileFormState {
  return {
    id: p.id,
    name: p.name,
    authUrl: p.authUrl,
    baseUrl: p.baseUrl,
    clientId: p.clientId,
    scope: p.scope,
    useDiscovery: p.useDiscovery,
    searchPath: p.searchPath,
    esgModulePathTemplate: p.esgModulePathTemplate,
    esgStatusPathTemplate: p.esgStatusPathTemplate,
    matchPath: p.matchPath,
    matchPayloadTemplate: p.matchPayloadTemplate ?? '',
    requestsPerSecond: p.requestsPerSecond == null ? '' : String(p.requestsPerSecond),
    esgConcurrency: p.esgConcurrency == null ? '' : String(p.esgConcurrency),
    liveCount: liveCountOf(p),
    watchDailyBudget: p.watchDailyBudget == null ? '' : String(p.watchDailyBudget),
  };
}

export function sameForm(a: ProfileFormState, b: ProfileFormState): boolean {
  return (Object.keys(a) as Array<keyof ProfileFormState>).every((k) => a[k] === b[k]) && Object.keys(a).length === Object.keys(b).length;
}

export type ValidationResult = { ok: true; input: ProfileInput } | { ok: false; errors: FieldErrors };

export function validateForm(f: ProfileFormState): ValidationResult {
  const candidate = {
    ...(f.id ? { id: f.id } : {}),
    name: f.name,
    authUrl: f.authUrl.trim(),
    baseUrl: f.baseUrl.trim(),
    clientId: f.clientId,
    scope: f.scope,
    useDiscovery: f.useDiscovery,
    searchPath: f.searchPath.trim(),
    esgModulePathTemplate: f.esgModulePathTemplate.trim(),
    esgStatusPathTemplate: f.esgStatusPathTemplate.trim(),
    matchPath: f.matchPath.trim(),
    matchPayloadTemplate: f.matchPayloadTemplate.trim() === '' ? null : f.matchPayloadTemplate,
    requestsPerSecond: f.requestsPerSecond.trim() === '' ? null : Number(f.requestsPerSecond.trim().replace(',', '.')),
    ...(f.esgConcurrency.trim() === '' ? {} : { esgConcurrency: Number(f.esgConcurrency.trim()) }),
    liveCount: f.liveCount,
    ...(f.watchDailyBudget.trim() === '' ? {} : { watchDailyBudget: wholeNumber(f.watchDailyBudget) }),
  };
  const parsed = ProfileInputSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || field === 'id') continue;
    const key = field as FormField;
    errors[key] ??= friendlyMessage(key, issue.message);
  }
  return { ok: false, errors };
}

/** "2,000", "2 000", "2.000" and "2000" all mean two thousand (a budget is a whole number). */
function wholeNumber(text: string): number {
  const t = text.trim();
  return /^\d{1,3}([,. '\u00a0\u202f]\d{3})+$/.test(t) ? Number(t.replace(/\D/g, '')) : Number(t);
}

// zod's defaults ("Too small: expected string to have >=1 characters") are not for analysts.
function friendlyMessage(field: FormField, message: string): string {
  if (field === 'scope' && /too small|>=1/i.test(message)) return 'Scope is required (the service uses api:use)';
  if (/^Too (small|big)/.test(message) && field === 'name') return 'Name must be 1 to 80 characters';
  return message;
}

/**
 * Message for the secret field when the Auth URL or the Base URL changed and no new secret was typed:
 * the secret goes to the first, the access token it earns to the second (the rule: shared/profiles/secret-binding.ts).
 */
export function secretNeededAgain(
  profile: ProfileView | undefined,
  urls: { authUrl: string; baseUrl: string },
  secretTyped: boolean,
): string | undefined {
  if (!profile || secretTyped) return undefined;
  // Compared as a save would store them: trimmed, without trailing slashes.
  const asSaved = (typed: string) => typed.trim().replace(/\/+$/, '');
  const moved = secretMovesOnSave(profile, { authUrl: asSaved(urls.authUrl), baseUrl: asSaved(urls.baseUrl) });
  const changed = moved.map((b) => (b === 'authUrl' ? 'Auth URL' : 'Base URL'));
  if (!changed.length) return undefined;
  return `The ${changed.join(' and ')} changed: enter the client secret again. A stored secret, and the access token it earns, only ever go to the servers it was entered for.`;
}
