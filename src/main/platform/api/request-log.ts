// In-memory request log for the diagnostics view. Redacted by construction: an entry is built from
// the method, the URL's host and path, the page_size value, the *names* of other query parameters,
// the JSON body of API calls (search filters, match input), the outcome, and for a failed call the
// `error` and `message` of the service's error body. Headers are never kept: only which kind of
// credential was sent (Bearer or Basic), so "Copy as cURL" can write `$TOKEN` in its place, and the
// proxy the request went through (its address; `$PROXY_USER:$PROXY_PASSWORD` for its credentials). Any
// credential the service echoes back in an error message is blanked before it is kept.
import type { RequestLogEntry } from '../../../shared/bridge/groups/diagnostics';
import { redactCredentials } from './redact-credentials';
import type { ProxyUsed } from './http';

/** Query parameters whose values are harmless and useful when reading the log. */
export const VISIBLE_QUERY_VALUES = new Set(['page_size']);
/** Request bodies above this size are cut (the cURL line then says so). */
export const MAX_KEPT_BODY = 8 * 1024;
const MAX_ERROR_TEXT = 500;

export interface RequestLogInput {
  at: number;
  method: string;
  url: string;
  status?: number;
  durationMs: number;
  attempt: number;
  errorClass?: string;
  /** The request's headers and body: read for what is safe to keep, never stored as such. */
  headers?: Record<string, string>;
  body?: string;
  /** Response text of a failed HTTP call (status >= 400), or the transport failure's message. */
  failureText?: string;
  /** The proxy the request went through (its address only), null or absent: direct. */
  proxy?: ProxyUsed | null;
}

export interface RequestLog {
  add(e: RequestLogInput): void;
  list(): RequestLogEntry[];
  clear(): void;
}

export function createRequestLog(capacity = 500): RequestLog {
  let entries: RequestLogEntry[] = [];
  let nextId = 1;
  // Credentials seen lately (memory only): an API error may echo the client secret of an earlier token request.
  let seen: string[] = [];
  return {
    add(e) {
      const { host, path } = redactUrl(e.url);
      const credentials = credentialsIn(e.headers);
      seen = [...credentials.values, ...seen.filter((v) => !credentials.values.includes(v))].slice(0, 24);
      const failed = e.errorClass !== undefined || (e.status !== undefined && e.status >= 400);
      const problem = failed && e.failureText ? errorOf(e.failureText, e.status === undefined, seen) : {};
      const entry: RequestLogEntry = {
        id: nextId++,
        at: e.at,
        method: e.method,
        host,
        path,
        durationMs: Math.round(e.durationMs),
        attempt: e.attempt,
        ...(e.status !== undefined ? { status: e.status } : {}),
        ...(e.errorClass ? { errorClass: e.errorClass } : {}),
        ...problem,
        ...(e.proxy ? { proxy: e.proxy.url } : {}),
        curl: toCurl(e, credentials.kind),
      };
      entries.push(entry);
      if (entries.length > capacity) entries = entries.slice(entries.length - capacity);
    },
    list: () => entries.slice(),
    clear() {
      entries = [];
    },
  };
}

export function redactUrl(url: string): { host: string; path: string } {
  try {
    const u = new URL(url);
    const query = [...u.searchParams.keys()]
      .map((k) => `${encodeURIComponent(k)}=${VISIBLE_QUERY_VALUES.has(k) ? encodeURIComponent(u.searchParams.get(k) ?? '') : '…'}`)
      .join('&');
    // A user:password in the URL would otherwise end up in `host`; URL.host never includes it.
    return { host: u.host, path: u.pathname + (query ? `?${query}` : '') };
  } catch {
    return { host: '', path: '(unparseable URL)' };
  }
}

type CredentialKind = 'bearer' | 'basic' | null;

/** Which credential the request carried, and the secret strings to blank if the service echoes them. */
function credentialsIn(headers: Record<string, string> | undefined): { kind: CredentialKind; values: string[] } {
  const auth = Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === 'authorization')?.[1] ?? '';
  const bearer = /^Bearer\s+(\S+)/i.exec(auth);
  // The (\S+) group is always there after a match.
  if (bearer) return { kind: 'bearer', values: [bearer[1]!] };
  const basic = /^Basic\s+(\S+)/i.exec(auth);
  if (basic) {
    const encoded = basic[1]!;
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const secret = decoded.slice(decoded.indexOf(':') + 1);
    return { kind: 'basic', values: [encoded, decoded, secret].filter((v) => v.length >= 4) };
  }
  return { kind: null, values: [] };
}

function blank(text: string, secrets: string[]): string {
  // The one redaction of credentials in service answers (redact-credentials.ts), then cut.
  const out = redactCredentials(text, secrets);
  return out.length > MAX_ERROR_TEXT ? `${out.slice(0, MAX_ERROR_TEXT)}…` : out;
}

/** `error` and `message` of a service error body ({error, message} or OAuth's {error, error_description}). */
function errorOf(text: string, transportFailure: boolean, secrets: string[]): Pick<RequestLogEntry, 'error' | 'message'> {
  if (transportFailure) return { message: blank(text, secrets) };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    const plain = text.trim();
    return plain ? { message: blank(plain.replace(/\s+/g, ' '), secrets) } : {};
  }
  if (!body || typeof body !== 'object') return {};
  const b = body as Record<string, unknown>;
  const nested = b.error && typeof b.error === 'object' ? (b.error as Record<string, unknown>) : null;
  const error = typeof b.error === 'string' ? b.error : typeof nested?.code === 'string' ? nested.code : undefined;
  const message = [b.message, b.error_description, nested?.message].find((m): m is string => typeof m === 'string');
  return { ...(error ? { error: blank(error, secrets) } : {}), ...(message ? { message: blank(message, secrets) } : {}) };
}

/** Shell-safe single-quoted literal. */
const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
/** Double-quoted so `$NAME` expands; every other character literal. */
const dq = (s: string) => `"${s.replace(/["\\`]/g, '\\$&').replace(/\$(?![A-Z_]+\b)/g, '\\$')}"`;

/** The URL with every query value except page_size replaced by a shell variable named after it. */
function curlUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return sq(url);
  }
  u.username = '';
  u.password = '';
  const parts = [...u.searchParams.keys()].map((k) =>
    VISIBLE_QUERY_VALUES.has(k) ? `${encodeURIComponent(k)}=${encodeURIComponent(u.searchParams.get(k) ?? '')}` : `${encodeURIComponent(k)}=$${k.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`,
  );
  const base = `${u.origin}${u.pathname}`;
  return parts.length ? dq(`${base}?${parts.join('&')}`) : sq(base);
}

/** A cURL line that repeats the request with `$TOKEN` (or `$CLIENT_ID:$CLIENT_SECRET`) for the credential. */
function toCurl(e: RequestLogInput, kind: CredentialKind): string {
  const args = ['curl', '-X', e.method, curlUrl(e.url)];
  if (kind === 'bearer') args.push('-H', dq('Authorization: Bearer $TOKEN'));
  if (kind === 'basic') args.push('-u', dq('$CLIENT_ID:$CLIENT_SECRET'));
  // The same way out as the app's request; the proxy's credentials as placeholders, like the service's.
  if (e.proxy) args.push('--proxy', sq(e.proxy.url));
  if (e.proxy?.authenticated) args.push('--proxy-user', dq('$PROXY_USER:$PROXY_PASSWORD'));
  const type = Object.entries(e.headers ?? {}).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
  if (type) args.push('-H', sq(`Content-Type: ${type}`));
  if (e.body !== undefined) {
    if (type?.includes('json')) {
      const cut = e.body.length > MAX_KEPT_BODY;
      args.push('--data-raw', sq(cut ? e.body.slice(0, MAX_KEPT_BODY) : e.body));
      if (cut) args.push(`# body cut at ${MAX_KEPT_BODY} characters`);
    } else {
      // Form bodies (the token request) keep grant_type and scope only; anything else could be a credential.
      const form = new URLSearchParams(e.body);
      const kept = new URLSearchParams();
      for (const k of ['grant_type', 'scope']) if (form.has(k)) kept.set(k, form.get(k) ?? '');
      args.push('--data-raw', sq(kept.toString()));
    }
  }
  return args.join(' ');
}
