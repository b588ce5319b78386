// Takes the cells of ESG runs through the service, from their queue to their data:
//   module request (a request slot, the limiter's low lane) -> session watched (no slot)
//   -> data read once `status` said complete (a read slot, the limiter's high lane).
// It holds the slots and the session watches and decides what each answer means for a cell; the
// run engine (engine.ts) keeps the runs, their queues, and the cells' state and writes.
import type { BridgeError } from '../../../shared/errors';
import type { TaskView } from '../../../shared/esg-runs/schemas';
import type { RetryPolicy } from '../../platform/api/retry';
import type { ApiClient } from '../../platform/api/types';
import type { BackoffPolicy } from '../esg/backoff';
import { SessionWatch } from '../esg/session-watch';
import type { WatchTimers } from '../esg/timers';
import type { RequestBudget } from '../../platform/ports/feature-deps';
import { cellFailure, requestModule } from './cell-io';
import type { TaskPatch } from './store';

/** A cell (company x module) of a run while it is not terminal. */
export interface Cell {
  view: TaskView;
  abort: AbortController | null;
  /** The session `status` said complete (its id is cleared on the cell: a restart then reads the data
   *  with a module request and never asks that session's status again). */
  doneSession?: string;
}

export interface CellRunnerDeps {
  /** The profile's API client for a cell of `runId` (a run may have its own route, feature.ts); only called while `isActive()`. */
  api(runId?: number): Promise<ApiClient>;
  /** Whether this engine's profile is the active one (requests go out only then). */
  isActive(): boolean;
  /** Module requests in flight at once, and data reads at once (profile `esgConcurrency`, default 4). */
  concurrency(): number;
  /** The profile's rate limiter now (see admits()). */
  budget?(): RequestBudget;
  timers: WatchTimers;
  policy: BackoffPolicy;
  maxConsecutiveFailures: number;
  /** Cell-level retry of a module request (default CELL_RETRY). */
  retry?: RetryPolicy;
}

/** What the runner asks of the run engine, which owns the cells. */
export interface CellHost {
  /** The live cell of this id (none once it is terminal or cancelled). */
  cell(id: number): Cell | undefined;
  /** The next queued cell of a running run, taken off its queue. */
  nextQueued(): Cell | null;
  patch(cell: Cell, p: TaskPatch): void;
  /** A terminal state. */
  end(cell: Cell, p: Omit<TaskPatch, 'updatedAt'>): void;
  /** Stores the data and ends the cell complete. */
  complete(cell: Cell, items: Record<string, unknown>[]): void;
  /** Back to the head of its run's queue (the session is requested again). */
  requeueFirst(cell: Cell): void;
}

interface WatchEntry {
  watch: SessionWatch;
  cells: Set<number>;
}

/**
 * At the service's quota the profile's rate limiter is the bottleneck. New cells start only while
 * at most this many requests wait for it. Their module requests wait in the limiter's low lane, so
 * they cannot delay data reads or status polls much anyway (at most one slot in maxPassOver + 1);
 * this keeps the run from piling requests into a profile that is already busy, for no loss of
 * throughput (the limiter's burst credit covers the moments it idles).
 */
export const ADMIT_BACKLOG = 0;
/** Re-reads of the data when the module still says `processing` right after `status` said complete. */
const COMPLETION_REFETCHES = 3;

export class CellRunner {
  private readonly fetchQueue: number[] = [];
  private readonly watches = new Map<string, WatchEntry>();
  private requesting = 0;
  private reading = 0;
  private stopped = false;

  constructor(
    private readonly deps: CellRunnerDeps,
    private readonly host: CellHost,
  ) {}

  /**
   * Fills free slots: data reads of completed sessions from their own slots first, then module
   * requests of queued cells while the profile's rate limiter has room (see ADMIT_BACKLOG).
   */
  pump(): void {
    if (this.stopped || !this.deps.isActive()) return;
    const limit = Math.max(1, this.deps.concurrency());
    while (this.reading < limit && this.fetchQueue.length > 0) {
      const cell = this.host.cell(this.fetchQueue.shift()!);
      if (cell && cell.view.state === 'processing') void this.fetchData(cell);
    }
    while (this.requesting < limit && this.admits()) {
      const next = this.host.nextQueued();
      if (!next) break;
      void this.request(next);
    }
  }

  /** Follows the cell's session (shared with other cells on the same session). */
  watch(cell: Cell, sessionId: string): void {
    const now = this.deps.timers.now();
    this.host.patch(cell, { state: 'processing', sessionId, updatedAt: now });
    const existing = this.watches.get(sessionId);
    if (existing && existing.watch.isActive) {
      existing.cells.add(cell.view.id);
      return;
    }
    const entry: WatchEntry = { cells: new Set([cell.view.id]), watch: undefined as unknown as SessionWatch };
    entry.watch = new SessionWatch(
      { sessionId, companyId: cell.view.companyId, module: cell.view.module, startedAt: now, resultCount: cell.view.progressCount ?? 0 },
      {
        api: () => this.deps.api(cell.view.runId),
        policy: this.deps.policy,
        timers: this.deps.timers,
        maxConsecutiveFailures: this.deps.maxConsecutiveFailures,
        onChange: (v) => {
          for (const id of entry.cells) {
            const c = this.host.cell(id);
            if (c && c.view.progressCount !== v.resultCount) this.host.patch(c, { progressCount: v.resultCount, updatedAt: this.deps.timers.now() });
          }
          this.pump(); // a poll answered: the limiter may have room for a new cell
        },
        onTerminal: (v) => {
          if (this.watches.get(sessionId) === entry) this.watches.delete(sessionId);
          if (this.stopped) return;
          for (const id of entry.cells) {
            const c = this.host.cell(id);
            if (c && c.view.state === 'processing' && c.view.sessionId === sessionId) this.sessionEnded(c, v.state, v.resultCount, v.error);
          }
          this.pump();
        },
      },
    );
    this.watches.set(sessionId, entry);
    entry.watch.start();
  }

  /** Takes the cell off its session's watch (the watch stops when no cell needs it). */
  detach(cell: Cell): void {
    const sid = cell.view.sessionId;
    const w = sid ? this.watches.get(sid) : undefined;
    if (!w) return;
    w.cells.delete(cell.view.id);
    if (w.cells.size === 0) {
      w.watch.stop();
      this.watches.delete(sid!);
    }
  }

  /** Stops every watch; no slot is filled again. */
  stop(): void {
    this.stopped = true;
    for (const w of this.watches.values()) w.watch.stop();
    this.watches.clear();
  }

  get watchedSessions(): number {
    return this.watches.size;
  }
  get requestsInFlight(): number {
    return this.requesting + this.reading;
  }

  private admits(): boolean {
    return (this.deps.budget?.().waiting ?? 0) <= ADMIT_BACKLOG;
  }

  private request(cell: Cell): Promise<void> {
    const now = this.deps.timers.now();
    this.host.patch(cell, { state: 'requesting', attempts: cell.view.attempts + 1, startedAt: cell.view.startedAt ?? now, updatedAt: now });
    return this.inSlot(cell, 'requesting', async (ac) => {
      // A new cell starts work: it gives way to the polls and data reads that finish cells (low lane).
      const answer = await requestModule(() => this.deps.api(cell.view.runId), cell.view, { signal: ac.signal, timers: this.deps.timers, retry: this.deps.retry, priority: 'low' });
      if (this.gone(cell, ac)) return;
      if (answer.status === 'complete') this.host.complete(cell, answer.items);
      else if (answer.status === 'not_found') this.host.end(cell, { state: 'not_found', progressCount: 0 });
      else if (!answer.sessionId) this.host.end(cell, { state: 'failed', error: { code: 'bad_response', message: 'The service said processing but gave no session to follow.', retryable: false } });
      else this.watch(cell, answer.sessionId);
    });
  }

  /**
   * Runs one request of a cell in a slot of its kind (module requests and data reads are counted
   * apart, see pump): the cell can be cancelled through its AbortController, a failure ends the
   * cell with its reason, and the slot is freed for the next cell whatever happens.
   */
  private async inSlot(cell: Cell, slot: 'requesting' | 'reading', work: (ac: AbortController) => Promise<void>): Promise<void> {
    this[slot]++;
    const ac = new AbortController();
    cell.abort = ac;
    try {
      await work(ac);
    } catch (e) {
      if (this.gone(cell, ac)) return;
      const f = cellFailure(e);
      this.host.end(cell, { state: f.state, error: f.error });
    } finally {
      if (cell.abort === ac) cell.abort = null;
      this[slot]--;
      this.pump();
    }
  }

  private sessionEnded(cell: Cell, state: 'processing' | 'complete' | 'not_found' | 'expired' | 'error', count: number, error?: BridgeError): void {
    const now = this.deps.timers.now();
    if (state === 'complete') {
      cell.doneSession = cell.view.sessionId ?? undefined;
      this.host.patch(cell, { progressCount: count, sessionId: null, updatedAt: now });
      this.fetchQueue.push(cell.view.id);
    } else if (state === 'not_found') {
      this.host.end(cell, { state: 'not_found', progressCount: count });
    } else if (state === 'expired' && !cell.view.resubmitted) {
      // The service no longer knows the session (restarted, or it aged out): ask again, once.
      this.host.patch(cell, { state: 'queued', sessionId: null, resubmitted: true, error: error ?? null, updatedAt: now });
      this.host.requeueFirst(cell);
    } else if (error?.code === 'forbidden') {
      this.host.end(cell, { state: 'no_access', error });
    } else {
      this.host.end(cell, { state: 'failed', error: error ?? { code: 'internal', message: 'Watching the session stopped.', retryable: false } });
    }
  }

  /** The session completed: read its data (a read slot, the limiter's high lane) and store it. */
  private fetchData(cell: Cell): Promise<void> {
    const sessionId = cell.doneSession;
    return this.inSlot(cell, 'reading', async (ac) => {
      for (let i = 0; ; i++) {
        const answer = await requestModule(() => this.deps.api(cell.view.runId), cell.view, { signal: ac.signal, timers: this.deps.timers, retry: this.deps.retry, priority: 'high' });
        if (this.gone(cell, ac)) return;
        if (answer.status === 'complete') return this.host.complete(cell, answer.items);
        if (answer.status === 'not_found') return this.host.end(cell, { state: 'not_found' });
        if (answer.sessionId && answer.sessionId !== sessionId) return this.watch(cell, answer.sessionId); // the service began a newer run
        if (i >= COMPLETION_REFETCHES) {
          return this.host.end(cell, { state: 'failed', error: { code: 'bad_response', message: 'The service said the session was complete, but its data still says processing. Retry later.', retryable: true } });
        }
        // `status` already said complete: a lagging answer is asked again shortly, never polled as progress.
        await new Promise((r) => this.deps.timers.setTimeout(() => r(undefined), 250 * (i + 1)));
        if (this.gone(cell, ac)) return;
      }
    });
  }

  /** The cell was cancelled or the engine stopped while its request was out. */
  private gone(cell: Cell, ac: AbortController): boolean {
    return this.stopped || ac.signal.aborted || this.host.cell(cell.view.id) !== cell;
  }
}
