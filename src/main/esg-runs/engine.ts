// Runs ESG modules for many companies in one profile. Each cell (company x module):
//   queued -> requesting (module request, a slot) -> processing (session watched, no slot)
//   -> read of the data (a read slot) -> complete, stored with its time.
// At most `concurrency()` module requests are in flight (default 4), and as many data reads, each
// kind from its own slots: a completed session's data never waits for a slot held by a new cell's
// request (which, in the limiter's low lane, can wait long). Every request goes through the
// profile's API client, so its rate limiter (429/Retry-After for every caller) and retries. Sessions are watched by the ESG watcher (one SessionWatch per session id, backoff,
// completion only by `status`). State lives in the workspace database, written in batches with
// the `esgRunUpdate` events; a restart resumes queued and processing cells (a session the service
// forgot, 404, is requested again once).
import { AppError, type BridgeError } from '../../shared/errors';
import {
  isTerminalTask,
  type RunBoard,
  type RunFinished,
  type RunInfo,
  type RunUpdate,
  type StartRunInput,
  type TaskView,
} from '../../shared/esg-runs/schemas';
import type { ApiClient } from '../api/types';
import type { RetryPolicy } from '../api/retry';
import type { BackoffPolicy } from '../esg/backoff';
import { SessionWatch } from '../esg/session-watch';
import type { WatchTimers } from '../esg/timers';
import { cellFailure, requestModule } from './cell-io';
import type { RequestBudget } from '../ports/feature-deps';
import type { EsgRunStore, TaskPatch } from './store';
import { finishedText } from './run-notice';
import { UpdateBatcher } from './update-batcher';

export interface RunEngineDeps {
  store: EsgRunStore;
  profileId: string;
  /** The profile's API client; only called while `isActive()`. */
  api(): Promise<ApiClient>;
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
  updateEveryMs?: number;
  emitUpdate(u: RunUpdate): void;
  onRunFinished(f: RunFinished): void;
}

interface Cell {
  view: TaskView;
  abort: AbortController | null;
  /** The session `status` said complete (its id is cleared on the cell: a restart then reads the data
   *  with a module request and never asks that session's status again). */
  doneSession?: string;
}

interface WatchEntry {
  watch: SessionWatch;
  cells: Set<number>;
}

/** Terminal transitions kept per run to estimate its end. */
const ETA_SAMPLES = 200;
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

export class RunEngine {
  /** Cells not yet terminal, of every run this engine has loaded. */
  private readonly cells = new Map<number, Cell>();
  private readonly open = new Map<number, number>();
  private readonly statusOf = new Map<number, RunInfo['status']>();
  private readonly queues = new Map<number, number[]>();
  private readonly fetchQueue: number[] = [];
  private readonly watches = new Map<string, WatchEntry>();
  private readonly ends = new Map<number, number[]>();
  private readonly updates: UpdateBatcher;
  private requesting = 0;
  private reading = 0;
  private disposed = false;

  constructor(private readonly deps: RunEngineDeps) {
    deps.store.etaOf = (runId) => this.eta(runId);
    this.updates = new UpdateBatcher({ store: deps.store, timers: deps.timers, emitUpdate: (u) => deps.emitUpdate(u), everyMs: deps.updateEveryMs });
  }

  // ---- Commands -------------------------------------------------------------------------------

  start(input: StartRunInput): RunInfo {
    const run = this.deps.store.createRun({ profileId: this.deps.profileId, label: input.label, listId: input.listId ?? null, modules: input.modules, companies: input.companies, now: this.now() });
    this.load(run.id);
    this.pump();
    return this.deps.store.getRun(run.id)!;
  }

  /** Loads the profile's open runs after a restart and carries on with them. */
  resumeAll(): number {
    const runs = this.deps.store.openRuns(this.deps.profileId);
    for (const r of runs) if (!this.statusOf.has(r.id)) this.load(r.id);
    this.pump();
    return runs.length;
  }

  pause(runId: number): RunInfo {
    const run = this.known(runId);
    if (run.status === 'running') this.setStatus(runId, 'paused');
    return this.info(runId);
  }

  resume(runId: number): RunInfo {
    const run = this.known(runId);
    if (run.status === 'paused') {
      this.setStatus(runId, 'running');
      this.pump();
    }
    return this.info(runId);
  }

  cancel(runId: number): RunInfo {
    const run = this.known(runId);
    if (run.status === 'cancelled' || run.status === 'finished') return run;
    const now = this.now();
    for (const cell of [...this.cells.values()]) {
      if (cell.view.runId !== runId) continue;
      cell.abort?.abort();
      this.detach(cell);
      this.patch(cell, { state: 'cancelled', finishedAt: now, updatedAt: now });
      this.cells.delete(cell.view.id);
    }
    this.open.set(runId, 0);
    this.setStatus(runId, 'cancelled', now);
    this.flush();
    return this.info(runId);
  }

  retryFailed(runId: number): RunInfo {
    this.known(runId);
    const failed = this.deps.store.tasksIn(runId, ['failed']);
    if (failed.length === 0) return this.info(runId);
    const now = this.now();
    const queue = this.queues.get(runId) ?? [];
    this.queues.set(runId, queue);
    for (const t of failed) {
      const cell: Cell = { view: t, abort: null };
      this.cells.set(t.id, cell);
      this.patch(cell, { state: 'queued', error: null, finishedAt: null, sessionId: null, updatedAt: now });
      queue.push(t.id);
    }
    this.open.set(runId, (this.open.get(runId) ?? 0) + failed.length);
    this.setStatus(runId, 'running');
    this.pump();
    return this.info(runId);
  }

  board(runId: number): RunBoard {
    this.flush();
    const run = this.known(runId);
    return { run, tasks: this.deps.store.tasks(runId) };
  }

  /** Runs waiting because another profile was active go on (called when this one is used again). */
  pump(): void {
    if (this.disposed || !this.deps.isActive()) return;
    const limit = Math.max(1, this.deps.concurrency());
    while (this.reading < limit && this.fetchQueue.length > 0) {
      const cell = this.cells.get(this.fetchQueue.shift()!);
      if (cell && cell.view.state === 'processing') void this.fetchData(cell);
    }
    while (this.requesting < limit && this.admits()) {
      const next = this.nextQueued();
      if (!next) break;
      void this.request(next);
    }
  }

  /** Whether the profile's request budget has room for a new cell (see ADMIT_BACKLOG). */
  private admits(): boolean {
    return (this.deps.budget?.().waiting ?? 0) <= ADMIT_BACKLOG;
  }

  /** Stops timers, watches and requests; the cells stay in the database as they are and resume next start. */
  async dispose(): Promise<void> {
    this.updates.stop();
    this.disposed = true;
    for (const w of this.watches.values()) w.watch.stop();
    this.watches.clear();
    for (const c of this.cells.values()) c.abort?.abort();
  }

  get store(): EsgRunStore {
    return this.deps.store;
  }

  /** Sessions watched now (tests, diagnostics). */
  get watchedSessions(): number {
    return this.watches.size;
  }
  get requestsInFlight(): number {
    return this.requesting + this.reading;
  }

  // ---- Cell life ------------------------------------------------------------------------------

  private request(cell: Cell): Promise<void> {
    const now = this.now();
    this.patch(cell, { state: 'requesting', attempts: cell.view.attempts + 1, startedAt: cell.view.startedAt ?? now, updatedAt: now });
    return this.inSlot(cell, 'requesting', async (ac) => {
      // A new cell starts work: it gives way to the polls and data reads that finish cells (low lane).
      const answer = await requestModule(() => this.deps.api(), cell.view, { signal: ac.signal, timers: this.deps.timers, retry: this.deps.retry, priority: 'low' });
      if (this.gone(cell, ac)) return;
      if (answer.status === 'complete') this.complete(cell, answer.items);
      else if (answer.status === 'not_found') this.end(cell, { state: 'not_found', progressCount: 0 });
      else if (!answer.sessionId) this.end(cell, { state: 'failed', error: { code: 'bad_response', message: 'The service said processing but gave no session to follow.', retryable: false } });
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
      this.end(cell, { state: f.state, error: f.error });
    } finally {
      if (cell.abort === ac) cell.abort = null;
      this[slot]--;
      this.pump();
    }
  }


  private watch(cell: Cell, sessionId: string): void {
    const now = this.now();
    this.patch(cell, { state: 'processing', sessionId, updatedAt: now });
    const existing = this.watches.get(sessionId);
    if (existing && existing.watch.isActive) {
      existing.cells.add(cell.view.id);
      return;
    }
    const entry: WatchEntry = { cells: new Set([cell.view.id]), watch: undefined as unknown as SessionWatch };
    entry.watch = new SessionWatch(
      { sessionId, companyId: cell.view.companyId, module: cell.view.module, startedAt: now, resultCount: cell.view.progressCount ?? 0 },
      {
        api: () => this.deps.api(),
        policy: this.deps.policy,
        timers: this.deps.timers,
        maxConsecutiveFailures: this.deps.maxConsecutiveFailures,
        onChange: (v) => {
          for (const id of entry.cells) {
            const c = this.cells.get(id);
            if (c && c.view.progressCount !== v.resultCount) this.patch(c, { progressCount: v.resultCount, updatedAt: this.now() });
          }
          this.pump(); // a poll answered: the limiter may have room for a new cell
        },
        onTerminal: (v) => {
          if (this.watches.get(sessionId) === entry) this.watches.delete(sessionId);
          if (this.disposed) return;
          for (const id of entry.cells) {
            const c = this.cells.get(id);
            if (c && c.view.state === 'processing' && c.view.sessionId === sessionId) this.sessionEnded(c, v.state, v.resultCount, v.error);
          }
          this.pump();
        },
      },
    );
    this.watches.set(sessionId, entry);
    entry.watch.start();
  }

  private sessionEnded(cell: Cell, state: 'processing' | 'complete' | 'not_found' | 'expired' | 'error', count: number, error?: BridgeError): void {
    const now = this.now();
    if (state === 'complete') {
      cell.doneSession = cell.view.sessionId ?? undefined;
      this.patch(cell, { progressCount: count, sessionId: null, updatedAt: now });
      this.fetchQueue.push(cell.view.id);
    } else if (state === 'not_found') {
      this.end(cell, { state: 'not_found', progressCount: count });
    } else if (state === 'expired' && !cell.view.resubmitted) {
      // The service no longer knows the session (restarted, or it aged out): ask again, once.
      this.patch(cell, { state: 'queued', sessionId: null, resubmitted: true, error: error ?? null, updatedAt: now });
      (this.queues.get(cell.view.runId) ?? []).unshift(cell.view.id);
    } else if (error?.code === 'forbidden') {
      this.end(cell, { state: 'no_access', error });
    } else {
      this.end(cell, { state: 'failed', error: error ?? { code: 'internal', message: 'Watching the session stopped.', retryable: false } });
    }
  }

  /** The session completed: read its data (a read slot, the limiter's high lane) and store it. */
  private fetchData(cell: Cell): Promise<void> {
    const sessionId = cell.doneSession;
    return this.inSlot(cell, 'reading', async (ac) => {
      for (let i = 0; ; i++) {
        const answer = await requestModule(() => this.deps.api(), cell.view, { signal: ac.signal, timers: this.deps.timers, retry: this.deps.retry, priority: 'high' });
        if (this.gone(cell, ac)) return;
        if (answer.status === 'complete') return this.complete(cell, answer.items);
        if (answer.status === 'not_found') return this.end(cell, { state: 'not_found' });
        if (answer.sessionId && answer.sessionId !== sessionId) return this.watch(cell, answer.sessionId); // the service began a newer run
        if (i >= COMPLETION_REFETCHES) {
          return this.end(cell, { state: 'failed', error: { code: 'bad_response', message: 'The service said the session was complete, but its data still says processing. Retry later.', retryable: true } });
        }
        // `status` already said complete: a lagging answer is asked again shortly, never polled as progress.
        await new Promise((r) => this.deps.timers.setTimeout(() => r(undefined), 250 * (i + 1)));
        if (this.gone(cell, ac)) return;
      }
    });
  }


  /** Stores the data and marks the cell complete in one transaction (a restart never loses one without the other). */
  private complete(cell: Cell, items: Record<string, unknown>[]): void {
    const now = this.now();
    const v = cell.view;
    this.end(cell, { state: 'complete', error: null, progressCount: v.progressCount ?? items.length }, () => {
      this.deps.store.saveResult({ companyId: v.companyId, companyName: v.companyName, module: v.module, fetchedAt: now, runId: v.runId, items });
    });
  }

  /** A terminal state. `alsoWrite` runs in the same transaction as the cell's write. */
  private end(cell: Cell, p: Omit<TaskPatch, 'updatedAt'>, alsoWrite?: () => void): void {
    const now = this.now();
    this.detach(cell);
    this.patch(cell, { ...p, finishedAt: now, updatedAt: now });
    this.cells.delete(cell.view.id);
    if (alsoWrite) {
      const id = cell.view.id;
      const pending = this.updates.takeWrite(id)!;
      this.deps.store.transaction(() => {
        alsoWrite();
        this.deps.store.updateTask(id, pending);
      });
    }
    const runId = cell.view.runId;
    const ends = this.ends.get(runId) ?? [];
    ends.push(now);
    if (ends.length > ETA_SAMPLES) ends.shift();
    this.ends.set(runId, ends);
    const left = (this.open.get(runId) ?? 1) - 1;
    this.open.set(runId, left);
    if (left <= 0) this.finish(runId);
  }

  private finish(runId: number): void {
    const status = this.statusOf.get(runId);
    if (status !== 'running' && status !== 'paused') return;
    this.setStatus(runId, 'finished', this.now());
    this.flush(); // the last cells and the finished status in one event
    const run = this.info(runId);
    this.deps.onRunFinished({ run, ...finishedText(run) });
  }

  /** Takes the cell off its session's watch (the watch stops when no cell needs it). */
  private detach(cell: Cell): void {
    const sid = cell.view.sessionId;
    const w = sid ? this.watches.get(sid) : undefined;
    if (!w) return;
    w.cells.delete(cell.view.id);
    if (w.cells.size === 0) {
      w.watch.stop();
      this.watches.delete(sid!);
    }
  }

  /** The cell was cancelled or the engine stopped while its request was out. */
  private gone(cell: Cell, ac: AbortController): boolean {
    return this.disposed || ac.signal.aborted || this.cells.get(cell.view.id) !== cell;
  }

  // ---- Loading, queues, state ------------------------------------------------------------------

  private load(runId: number): void {
    const run = this.deps.store.getRun(runId)!;
    this.statusOf.set(runId, run.status);
    const queue: number[] = [];
    const toWatch: Array<[Cell, string]> = [];
    let open = 0;
    const now = this.now();
    for (const t of this.deps.store.tasks(runId)) {
      if (isTerminalTask(t.state)) continue;
      open++;
      const cell: Cell = { view: t, abort: null };
      this.cells.set(t.id, cell);
      if (t.state === 'processing' && t.sessionId) toWatch.push([cell, t.sessionId]);
      else {
        // Requesting when the app stopped: the answer never arrived, so the request goes out again.
        // Processing without a session: it completed and its data was not read yet; the module
        // request reads it (or the service's current session is followed).
        if (t.state !== 'queued') this.patch(cell, { state: 'queued', sessionId: null, updatedAt: now });
        queue.push(t.id);
      }
    }
    this.queues.set(runId, queue);
    this.open.set(runId, open);
    for (const [cell, sid] of toWatch) this.watch(cell, sid);
    if (open === 0) this.finish(runId);
  }

  private nextQueued(): Cell | null {
    for (const [runId, queue] of this.queues) {
      if (this.statusOf.get(runId) !== 'running') continue;
      while (queue.length > 0) {
        const cell = this.cells.get(queue.shift()!);
        if (cell && cell.view.state === 'queued') return cell;
      }
    }
    return null;
  }

  private known(runId: number): RunInfo {
    const run = this.deps.store.getRun(runId);
    if (!run || run.profileId !== this.deps.profileId) throw new AppError('not_found', 'This ESG run no longer exists.');
    if (!this.statusOf.has(runId)) this.load(runId);
    return run;
  }

  private setStatus(runId: number, status: RunInfo['status'], finishedAt: number | null = null): void {
    this.statusOf.set(runId, status);
    this.deps.store.setRunStatus(runId, status, finishedAt);
    this.emitRun(runId);
  }

  private info(runId: number): RunInfo {
    return this.deps.store.getRun(runId)!;
  }

  private eta(runId: number): number | null {
    const ends = this.ends.get(runId);
    const left = this.open.get(runId) ?? 0;
    if (!ends || ends.length < 5 || left <= 0) return null;
    const span = ends[ends.length - 1] - ends[0];
    if (span <= 0) return null;
    return Math.round(this.now() + (left * span) / (ends.length - 1));
  }

  private now(): number {
    return this.deps.timers.now();
  }

  // ---- Batched writes and events (update-batcher.ts) ----------------------------------------------

  private patch(cell: Cell, p: TaskPatch): void {
    cell.view = { ...cell.view, ...p, resubmitted: p.resubmitted ?? cell.view.resubmitted } as TaskView;
    if ('error' in p) cell.view.error = p.error ?? null;
    this.updates.task(cell.view, p);
  }

  private emitRun(runId: number): void {
    this.updates.run(runId);
  }

  private flush(): void {
    this.updates.flush();
  }
}
