// In-memory request log for the diagnostics view. Redacted by construction: an entry is built only
// from the method, the URL's host and path, query parameter *names* and the outcome. Headers, bodies
// and query values (a pagination token, say) never reach it.
import type { RequestLogEntry } from '../../shared/bridge/groups/diagnostics';

/** Query parameters whose values are harmless and useful when reading the log. */
const VISIBLE_QUERY_VALUES = new Set(['page_size']);

export interface RequestLog {
  add(e: { at: number; method: string; url: string; status?: number; durationMs: number; attempt: number; errorClass?: string }): void;
  list(): RequestLogEntry[];
  clear(): void;
}

export function createRequestLog(capacity = 500): RequestLog {
  let entries: RequestLogEntry[] = [];
  let nextId = 1;
  return {
    add(e) {
      const { host, path } = redactUrl(e.url);
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
