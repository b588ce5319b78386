// Credentials out of every text built from a service's answer (issue 36): a service, gateway or
// proxy may echo the request's Authorization header, its form body or its URL in an error body, and
// that text becomes an error message the page shows. Known values (the bearer token, the client
// secret, the Basic credentials) are blanked in every form they travel in; credential-shaped text
// (an Authorization scheme, `access_token=`, `client_secret: `, a URL's user:password@) is blanked
// whatever its value, so a token of an earlier attempt or a proxy's credentials go too.
import { AppError, type ErrorDetails } from '../../../shared/errors';

export const REDACTED = '[redacted]';
/** Shorter values are not blanked (they would blank ordinary words). */
const MIN_SECRET = 4;

const SCHEME_CREDENTIALS = /\b(Bearer|Basic|Digest|Negotiate|NTLM)(\s+)[A-Za-z0-9._~+/-]+=*/gi;
const NAMED_CREDENTIALS = /\b((?:access_token|refresh_token|id_token|client_secret|password|proxy-authorization|authorization)["']?\s*[:=]\s*["']?)(?!Bearer\b|Basic\b)[^"'&\s,;}]+/gi;
const URL_USERINFO = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@"']*:)[^\s/@"']+@/gi;

/** The forms a secret travels in: as sent, JSON-escaped, URL- and form-encoded, base64. */
function formsOf(secret: string): string[] {
  const url = encodeURIComponent(secret);
  return [secret, JSON.stringify(secret).slice(1, -1), url, url.replace(/%20/g, '+'), Buffer.from(secret, 'utf8').toString('base64')];
}

/** `text` with `secrets` (in any of their forms) and credential-shaped text replaced by [redacted]. */
export function redactCredentials(text: string, secrets: readonly string[] = []): string {
  let out = text;
  const forms = [...new Set(secrets.flatMap(formsOf))].filter((s) => s.length >= MIN_SECRET);
  // Longest first: a secret's base64 or encoded form may contain a shorter one.
  for (const s of forms.sort((a, b) => b.length - a.length)) out = out.split(s).join(REDACTED);
  return out.replace(SCHEME_CREDENTIALS, `$1$2${REDACTED}`).replace(NAMED_CREDENTIALS, `$1${REDACTED}`).replace(URL_USERINFO, `$1${REDACTED}@`);
}

/** The secrets of a client-credentials sign-in: the secret and the Basic header's credentials. */
export function clientCredentialSecrets(clientId: string, secret: string, basicHeader: string): string[] {
  const encoded = basicHeader.replace(/^Basic\s+/i, '');
  return [secret, encoded, `${clientId}:${secret}`];
}

/** An AppError with its message and text details redacted; anything else as it is. */
export function redactError(e: unknown, secrets: readonly string[]): unknown {
  if (!(e instanceof AppError)) return e;
  const message = redactCredentials(e.message, secrets);
  let details: ErrorDetails | undefined;
  if (e.details) {
    details = {};
    for (const [k, v] of Object.entries(e.details)) details[k] = typeof v === 'string' ? redactCredentials(v, secrets) : v;
  }
  const same = message === e.message && (!details || Object.entries(details).every(([k, v]) => e.details?.[k] === v));
  return same ? e : new AppError(e.code, message, { retryable: e.retryable, ...(details ? { details } : {}), cause: e.cause });
}
