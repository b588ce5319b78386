// Runs ESG modules for many companies in one profile. Each cell (company x module):
//   queued -> requesting (module request, a slot) -> processing (session watched, no slot)
//   -> read of the data (a read slot) -> complete, stored with its time.
// This file keeps the runs: commands, loading and queues, run status, the end of cells and runs,
// and their estimated end. The cells' trip through the service (slots, requests, session watches,
// data reads) is in cell-runner.ts; batched writes and events in update-batcher.ts. State lives in
// the workspace database; a restart resumes queued and processing cells (a session the service
// forgot, 404, is requested again once). When the database refuses a write (a lock held too long,
// a full or read-only disk) the engine halts: its runs stop where they were last written and a new
// engine resumes them from there, exactly as after a restart (feature.ts).
import { AppError } from '../../../shared/errors';
import {
  isTerminalTask,
  type RunBoard,
  type RunFinished,
  type RunInfo,
  type RunUpdate,
  type StartRunInput,
  type TaskView,
} from '../../../shared/esg-runs/schemas';
import { CellRunner, type Cell, type CellRunnerDeps } from './cell-runner';
import type { EsgRunStore, TaskPatch } from './store';
import { finishedText } from './run-notice';
import { UpdateBatcher } from './update-batcher';
import { isWorkspaceFault } from '../../platform/workspace/workspace-errors';

export interface RunEngineDeps extends CellRunnerDeps {
  store: EsgRunStore;
  profileId: string;
  updateEveryMs?: number;
  emitUpdate(u: RunUpdate): void;
  onRunFinished(f: RunFinished): void;
  /** The database refused a write: the engine stopped; `runs` were running and are now held. */
  onHalted?(e: AppError, runs: RunInfo[]): void;
}

/** Terminal transitions kept per run to estimate its end. */
const ETA_SAMPLES = 200;

export class RunEngine {
  /** Cells not yet terminal, of every run this engine has loaded. */
  private readonly cells = new Map<number, Cell>();
  private readonly open = new Map<number, number>();
  private readonly statusOf = new Map<number, RunInfo['status']>();
  private readonly queues = new Map<number, number[]>();
  private readonly ends = new Map<number, number[]>();
  private readonly updates: UpdateBatcher;
  private readonly runner: CellRunner;
  /** Why the engine stopped (the database refused a write); null while it works. */
  private haltedBy: AppError | null = null;

  constructor(private readonly deps: RunEngineDeps) {
    deps.store.etaOf = (runId) => this.eta(runId);
    this.updates = new UpdateBatcher({
      store: deps.store,
      timers: deps.timers,
      emitUpdate: (u) => deps.emitUpdate(u),
      onWriteFailed: (e) => this.halt(e),
      everyMs: deps.updateEveryMs,
    });
    this.runner = new CellRunner(deps, {
      cell: (id) => this.cells.get(id),
      nextQueued: () => this.nextQueued(),
      patch: (cell, p) => this.patch(cell, p),
      end: (cell, p) => this.end(cell, p),
      complete: (cell, items) => this.complete(cell, items),
      requeueFirst: (cell) => (this.queues.get(cell.view.runId) ?? []).unshift(cell.view.id),
    });
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
      this.runner.detach(cell);
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
    const run = this.shown(this.known(runId));
    return { run, tasks: this.deps.store.tasks(runId) };
  }

  /** Runs waiting because another profile was active go on (called when this one is used again). */
  pump(): void {
    this.runner.pump();
  }

  /** Stops timers, watches and requests; the cells stay in the database as they are and resume next start. */
  async dispose(): Promise<void> {
    this.updates.stop();
    this.runner.stop();
    for (const c of this.cells.values()) c.abort?.abort();
  }

  get store(): EsgRunStore {
    return this.deps.store;
  }

  /** Why the engine stopped, if it did: a new engine resumes its runs. */
  get halted(): AppError | null {
    return this.haltedBy;
  }

  /** Sessions watched now (tests, diagnostics). */
  get watchedSessions(): number {
    return this.runner.watchedSessions;
  }
  get requestsInFlight(): number {
    return this.runner.requestsInFlight;
  }

  // ---- End of cells and runs -------------------------------------------------------------------

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
    this.runner.detach(cell);
    this.patch(cell, { ...p, finishedAt: now, updatedAt: now });
    this.cells.delete(cell.view.id);
    if (alsoWrite) {
      const id = cell.view.id;
      const pending = this.updates.takeWrite(id)!;
      const written = this.write(() =>
        this.deps.store.transaction(() => {
          alsoWrite();
          this.deps.store.updateTask(id, pending);
        }),
      );
      if (!written) return;
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
    if (!this.write(() => this.setStatus(runId, 'finished', this.now()))) return;
    this.flush(); // the last cells and the finished status in one event
    const run = this.info(runId);
    this.deps.onRunFinished({ run, ...finishedText(run) });
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
    for (const [cell, sid] of toWatch) this.runner.watch(cell, sid);
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
    return this.shown(this.deps.store.getRun(runId)!);
  }

  /** A run as the analyst should see it: one this halted engine was running is held (paused). */
  shown(run: RunInfo): RunInfo {
    return this.haltedBy && run.status === 'running' ? { ...run, status: 'paused' } : run;
  }

  private eta(runId: number): number | null {
    const ends = this.ends.get(runId);
    const left = this.open.get(runId) ?? 0;
    if (!ends || ends.length < 5 || left <= 0) return null;
    const span = ends.at(-1)! - ends[0]!; // at least five ends (checked above)
    if (span <= 0) return null;
    return Math.round(this.now() + (left * span) / (ends.length - 1));
  }

  private now(): number {
    return this.deps.timers.now();
  }

  // ---- The database refuses writes ----------------------------------------------------------------

  /** Runs a write of a callback (no caller to throw to); false if the database refused it and the engine halted. */
  private write(fn: () => void): boolean {
    try {
      fn();
      return true;
    } catch (e) {
      if (!isWorkspaceFault(e)) throw e;
      this.halt(e);
      return false;
    }
  }

  /**
   * Stops everything (requests, watches, timers) without another write. The cells stay in the
   * database as last written, as after a restart; the runs that were running are told as held.
   */
  private halt(e: AppError): void {
    if (this.haltedBy) return;
    this.haltedBy = e;
    this.updates.halt();
    this.runner.stop();
    for (const c of this.cells.values()) c.abort?.abort();
    const held: RunInfo[] = [];
    for (const [runId, status] of this.statusOf) {
      if (status !== 'running') continue;
      this.statusOf.set(runId, 'paused');
      try {
        const run = this.deps.store.getRun(runId);
        if (run) held.push({ ...run, status: 'paused' });
      } catch {
        // Not readable either (a damaged file): the notice of the workspace says so.
      }
    }
    for (const run of held) this.deps.emitUpdate({ run, tasks: [] });
    this.deps.onHalted?.(e, held);
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
