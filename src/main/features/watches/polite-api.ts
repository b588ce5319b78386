// An automatic search check gives way to the analyst's own work on the same profile. The low lane
// alone is not enough: the rate limiter lets a low waiter through after 8 grants to higher lanes
// (no starvation), so a check beside an export held back by the profile's rate still took slots
// from it (+30 % to the export, bench/watch-priority.ts). So before each page it waits until the
// profile has been quiet for QUIET_MS (no request of anyone else let through, none waiting), and,
// when the profile has a pace (requests per second, set or learned), it uses at most
// BACKGROUND_SHARE of it: the limiter's burst credit stays for the analyst's next action (a check
// that drained it cost the export that followed +14 %, measured).
import type { RequestBudget } from '../../platform/ports/feature-deps';
import type { ApiClient } from '../../platform/api/types';
import { AppError } from '../../../shared/errors';

/** Others' requests must have been this quiet before the check sends its next page. */
export const QUIET_MS = 250;
/** How often the limiter is looked at while the check waits. */
export const LOOK_EVERY_MS = 50;
/** Share of the profile's pace an automatic check uses at most. */
export const BACKGROUND_SHARE = 0.5;

export interface PoliteOptions {
  /** The active profile's limiter now (granted counts every caller, this check too). */
  budget(): RequestBudget;
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export function politeApi(inner: ApiClient, o: PoliteOptions): ApiClient {
  let mine = 0;
  /** The highest count of others' grants seen, and when it last grew. */
  let others = -1;
  let lastActivity = -Infinity;
  let lastSent = -Infinity;
  /** How long to wait before the next page may go (0: now). */
  const wait = (): number => {
    const b = o.budget();
    const now = o.now();
    // My own request counted before its grant makes this dip, never grow: only others make it grow.
    const seen = b.granted - mine;
    if (seen > others) {
      if (others >= 0) lastActivity = now;
      others = seen;
    }
    if (b.waiting > 0) return LOOK_EVERY_MS;
    const spacing = b.requestsPerSecond ? 1000 / (b.requestsPerSecond * BACKGROUND_SHARE) : 0;
    return Math.min(QUIET_MS, Math.max(0, lastActivity + QUIET_MS - now, lastSent + spacing - now));
  };
  return {
    esgModule: (req, co) => inner.esgModule(req, co),
    processingStatus: (id, co) => inner.processingStatus(id, co),
    match: (body, co) => inner.match(body, co),
    async search(req, co) {
      for (let ms = wait(); ms > 0; ms = wait()) {
        if (co?.signal?.aborted) throw new AppError('cancelled', 'The check was stopped.');
        await o.sleep(ms, co?.signal);
      }
      mine++;
      lastSent = o.now();
      return inner.search(req, co);
    },
  };
}

/** An abortable sleep on the feature's timers. */
export function sleepOn(timers: { setTimeout(fn: () => void, ms: number): unknown; clearTimeout(h: unknown): void }) {
  return (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new AppError('cancelled', 'The check was stopped.'));
      const onAbort = () => {
        timers.clearTimeout(handle);
        reject(new AppError('cancelled', 'The check was stopped.'));
      };
      const handle = timers.setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
}
