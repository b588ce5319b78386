// The service calls of one run cell: the module request (every page of its data) with the
// cell-level retry, and how a failure becomes a cell state. Everything goes through the profile's
// API client, so through its rate limiter (429/Retry-After for every caller) and its own retries.
import { AppError, isRetryable, toBridgeError, type BridgeError } from '../../../shared/errors';
import type { EsgModule, EsgModuleResponse } from '../../../shared/service/schemas';
import type { RequestPriority } from '../../platform/api/rate-limiter';
import { cancelledError, withRetry, type RetryPolicy } from '../../platform/api/retry';
import type { ApiClient } from '../../platform/api/types';
import { explainModuleError } from '../esg/status-errors';
import type { WatchTimers } from '../esg/timers';

/** Data pages are read at the service's largest page size. */
export const DATA_PAGE_SIZE = 200;
/** A cell's module request is tried again this way once the client's own retries ran out. */
export const CELL_RETRY: RetryPolicy = { maxAttempts: 3, baseDelayMs: 2_000, maxDelayMs: 10_000, budgetMs: 120_000 };
/** Pages of one module's data read at most (200 x 100 = 20,000 items). */
const MAX_PAGES = 100;

/** An abortable sleep on the engine's clock (scaled in tests and the bench). */
export function sleepOn(timers: WatchTimers) {
  return (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(cancelledError());
      const onAbort = () => {
        timers.clearTimeout(handle);
        reject(cancelledError());
      };
      const handle = timers.setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
}

export interface ModuleAnswer {
  status: EsgModuleResponse['status'];
  sessionId: string | null;
  /** Every item when complete (all pages); empty otherwise. */
  items: Record<string, unknown>[];
}

/** GET the module for a company; when complete, every page of its data. `priority`: its lane in the rate limiter. */
export async function requestModule(
  api: () => Promise<ApiClient>,
  req: { companyId: string; module: EsgModule },
  o: { signal: AbortSignal; timers: WatchTimers; retry?: RetryPolicy; priority: RequestPriority },
): Promise<ModuleAnswer> {
  const co = { signal: o.signal, priority: o.priority };
  const call = (paginationToken?: string) =>
    withRetry(async () => (await api()).esgModule({ companyId: req.companyId, module: req.module, pageSize: DATA_PAGE_SIZE, paginationToken }, co), {
      policy: o.retry ?? CELL_RETRY,
      signal: o.signal,
      now: o.timers.now,
      random: o.timers.random,
      sleep: sleepOn(o.timers),
      retryable: (e) => isRetryable(e) || (e instanceof AppError && e.details?.truncated === true),
    });
  const first = await call();
  if (first.status !== 'complete') return { status: first.status, sessionId: first.active_processing_session, items: [] };
  const items = [...(first.result as Record<string, unknown>[])];
  let next = first.pagination.next ?? null;
  for (let pages = 1; next && pages < MAX_PAGES; pages++) {
    const page = await call(next);
    items.push(...(page.result as Record<string, unknown>[]));
    next = page.pagination.next ?? null;
  }
  return { status: 'complete', sessionId: null, items };
}

export type CellFailure = { state: 'no_access' | 'failed'; error: BridgeError };

/** A module request or data fetch that failed for good: no access (403) or failed with the reason. */
export function cellFailure(e: unknown): CellFailure {
  const explained = explainModuleError(e);
  const error = toBridgeError(explained);
  if (explained instanceof AppError && explained.code === 'forbidden') return { state: 'no_access', error };
  return { state: 'failed', error };
}
