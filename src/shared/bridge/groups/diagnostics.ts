import { z } from 'zod';
import { fn, group } from '../define';

/** One request as the diagnostics view shows it: redacted by construction (no headers, no query values, no bodies). */
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
}

export const diagnosticsGroup = group({
  fns: {
    requestLog: fn(z.void()).returns<RequestLogEntry[]>(),
    clearLog: fn(z.void()).returns<void>(),
  },
  events: {},
});
