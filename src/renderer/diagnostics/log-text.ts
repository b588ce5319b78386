// The request log as something support can receive: a plain-text copy (one line per call) and a
// JSON file with the app's version and shell. Pure; the entries are already redacted by main.
import type { AppInfo } from '../../shared/bridge/groups/app';
import type { RequestLogEntry } from '../../shared/bridge/groups/diagnostics';

/** What the log keeps, said once, on screen and at the top of every copy. */
export const LOG_KEEPS =
  'Kept for each call: time, method, host and path, the value of page_size (other query parameters by name only, e.g. pagination_token=…), ' +
  'the JSON body of search and match calls (your filters, up to 8 KB), status, duration, attempt, and for a failed call the error code and message the service sent. ' +
  'Never kept: headers (so no token, no client secret), other query values, token-request bodies, response data.';

const HEAD = ['time', 'method', 'host', 'path', 'status', 'ms', 'attempt', 'error', 'message'];

const clean = (v: string | number | undefined) => String(v ?? '').replace(/[\t\r\n]+/g, ' ');

export function logAsText(entries: RequestLogEntry[]): string {
  const lines = entries.map((e) =>
    [new Date(e.at).toISOString(), e.method, e.host, e.path, e.status ?? '', e.durationMs, e.attempt, e.error ?? e.errorClass ?? '', e.message ?? ''].map(clean).join('\t'),
  );
  return [`# Firmscope request log. ${LOG_KEEPS}`, HEAD.join('\t'), ...lines].join('\n') + '\n';
}

export function logAsJson(entries: RequestLogEntry[], info: Pick<AppInfo, 'version' | 'shell' | 'vaultKind'> | undefined, now: number): string {
  return JSON.stringify({ app: 'Firmscope', ...(info ? { version: info.version, shell: info.shell, secretStorage: info.vaultKind } : {}), savedAt: new Date(now).toISOString(), keeps: LOG_KEEPS, entries }, null, 2) + '\n';
}

export function logFileName(now: number): string {
  const d = new Date(now);
  const p = (n: number) => String(n).padStart(2, '0');
  return `firmscope-request-log-${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}.json`;
}
