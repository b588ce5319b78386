// One company x module of a server list check, from request to data: the module request (every
// page of its data when complete), the processing session followed at the shared status operation
// when the service is still working, then the data read. The desktop's run engine does the same
// with its board, its SQLite store and resumable cells (esg-runs/cell-runner.ts); a server check is
// never resumed: a node that dies mid-check has its whole check run again by another node, and a
// session the service is already working on is simply followed again.
import type { EsgModule } from '../../../shared/service/schemas';
import type { ApiClient } from '../../platform/api/types';
import type { BackoffPolicy } from '../esg/backoff';
import { SessionWatch } from '../esg/session-watch';
import type { WatchTimers } from '../esg/timers';
import { cellFailure, requestModule, sleepOn, type ModuleAnswer } from '../esg-runs/cell-io';

export interface CellContext {
  api: ApiClient;
  timers: WatchTimers;
  policy: BackoffPolicy;
  signal: AbortSignal;
  /** Runs a module request or data read in one of the check's request slots (sessions hold none). */
  inSlot<T>(work: () => Promise<T>): Promise<T>;
}

export type CellOutcome =
  | { state: 'complete'; items: Record<string, unknown>[] }
  | { state: 'not_found' }
  | { state: 'failed'; message: string };

/** Transient status failures tolerated in a row before a session watch gives up. */
const MAX_STATUS_FAILURES = 5;
/** Re-reads of the data when the module still says `processing` right after `status` said complete. */
const COMPLETION_REFETCHES = 3;

/** Resolves when the session's `status` is terminal: complete, not_found, expired (404) or error. */
function sessionEnd(c: CellContext, cell: { companyId: string; module: EsgModule }, sessionId: string): Promise<string> {
  return new Promise((resolve) => {
    const watch = new SessionWatch(
      { sessionId, companyId: cell.companyId, module: cell.module, startedAt: c.timers.now() },
      {
        api: () => Promise.resolve(c.api),
        policy: c.policy,
        timers: c.timers,
        maxConsecutiveFailures: MAX_STATUS_FAILURES,
        onChange: () => undefined,
        onTerminal: (v) => {
          c.signal.removeEventListener('abort', stop);
          resolve(v.state);
        },
      },
    );
    const stop = () => {
      watch.stop();
      resolve('error');
    };
    c.signal.addEventListener('abort', stop, { once: true });
    watch.start();
  });
}

async function fetchModule(c: CellContext, cell: { companyId: string; module: EsgModule }, priority: 'low' | 'high'): Promise<ModuleAnswer> {
  return c.inSlot(() => requestModule(() => Promise.resolve(c.api), cell, { signal: c.signal, timers: c.timers, priority }));
}

/** Refreshes one cell; a failure is the cell's outcome (said in words), never thrown, unless the check was stopped. */
export async function refreshCell(c: CellContext, cell: { companyId: string; module: EsgModule }): Promise<CellOutcome> {
  try {
    let answer = await fetchModule(c, cell, 'low');
    let resubmitted = false;
    let refetches = 0;
    while (answer.status === 'processing') {
      const sessionId = answer.sessionId;
      if (!sessionId) return { state: 'failed', message: 'The service said processing but gave no session to follow.' };
      const end = await sessionEnd(c, cell, sessionId);
      c.signal.throwIfAborted();
      if (end === 'not_found') return { state: 'not_found' };
      // The service forgot the session (restarted, aged out): asked again, once.
      if (end === 'expired' && resubmitted) return { state: 'failed', message: 'The service forgot the processing session twice.' };
      if (end === 'expired') resubmitted = true;
      else if (end !== 'complete') return { state: 'failed', message: 'Following the processing session failed.' };
      answer = await fetchModule(c, cell, end === 'complete' ? 'high' : 'low');
      // `status` said complete but the module lags: asked again shortly, never polled as progress.
      while (end === 'complete' && answer.status === 'processing' && answer.sessionId === sessionId) {
        if (++refetches > COMPLETION_REFETCHES) return { state: 'failed', message: 'The service said the session was complete, but its data still says processing.' };
        await sleepOn(c.timers)(250 * refetches, c.signal);
        answer = await fetchModule(c, cell, 'high');
      }
    }
    if (answer.status === 'not_found') return { state: 'not_found' };
    return { state: 'complete', items: answer.items };
  } catch (e) {
    c.signal.throwIfAborted();
    return { state: 'failed', message: cellFailure(e).error.message };
  }
}
