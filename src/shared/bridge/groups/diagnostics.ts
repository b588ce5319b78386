import { z } from 'zod';
import { fn, group } from '../define';

/**
 * One request as the diagnostics view shows it, redacted by construction (src/main/platform/api/request-log.ts):
 * no headers, no query values except page_size, no response bodies except a failure's error and message.
 */
export interface RequestLogEntry {
  id: number;
  at: number;
  method: string;
  /** Path only; query parameter values that may carry tokens are replaced by `…`. */
  path: string;
  host: string;
  status?: number;
  durationMs: number;
  attempt: number;
  errorClass?: string;
  /** A failed call's `error` code from the service's body. */
  error?: string;
  /** A failed call's `message` (or OAuth `error_description`), or why the transport failed. */
  message?: string;
  /** The proxy it went through (`http://host:port`, no credentials); absent: direct. */
  proxy?: string;
  /** The request as a cURL line; the credential is always `$TOKEN` / `$CLIENT_ID:$CLIENT_SECRET`, a proxy's `$PROXY_USER:$PROXY_PASSWORD`. */
  curl: string;
}

export const diagnosticsGroup = group({
  fns: {
    requestLog: fn(z.void()).returns<RequestLogEntry[]>(),
    clearLog: fn(z.void()).returns<void>(),
  },
  events: {},
});
