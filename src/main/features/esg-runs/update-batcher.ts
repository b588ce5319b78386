// Cell changes of ESG runs, batched: written to the database in one transaction and sent to the
// renderer once per run every RUN_UPDATE_EVERY_MS, so 3,000 cells changing cost a few writes and
// events a second, not one each.
import type { AppError } from '../../../shared/errors';
import { RUN_UPDATE_EVERY_MS, type RunUpdate, type TaskView } from '../../../shared/esg-runs/schemas';
import { isWorkspaceFault } from '../../platform/workspace/workspace-errors';
import type { WatchTimers } from '../esg/timers';
import type { EsgRunStore, TaskPatch } from './store';

export interface UpdateBatcherDeps {
  store: EsgRunStore;
  timers: WatchTimers;
  emitUpdate(u: RunUpdate): void;
  /** The database refused the batch (a lock held too long, a full or read-only disk): nothing of it was written. */
  onWriteFailed(e: AppError): void;
  everyMs?: number;
}

export class UpdateBatcher {
  private readonly pendingWrites = new Map<number, TaskPatch>();
  private readonly dirty = new Map<number, Map<number, TaskView>>();
  private timer: unknown = null;
  private stopped = false;

  constructor(private readonly deps: UpdateBatcherDeps) {}

  /** A cell changed: `patch` is written, `view` (the cell as it now is) is sent with its run. */
  task(view: TaskView, patch: TaskPatch): void {
    this.pendingWrites.set(view.id, { ...this.pendingWrites.get(view.id), ...patch });
    let d = this.dirty.get(view.runId);
    if (!d) this.dirty.set(view.runId, (d = new Map()));
    d.set(view.id, view);
    this.schedule();
  }

  /** Takes a cell's pending write out of the batch (the caller writes it with something else). */
  takeWrite(taskId: number): TaskPatch | undefined {
    const patch = this.pendingWrites.get(taskId);
    this.pendingWrites.delete(taskId);
    return patch;
  }

  /** The run itself changed (status): it is sent with the next batch. */
  run(runId: number): void {
    if (!this.dirty.has(runId)) this.dirty.set(runId, new Map());
    this.schedule();
  }

  /** Writes pending cell changes in one transaction, then tells the renderer per run. */
  flush(): void {
    if (this.stopped) return;
    if (this.pendingWrites.size > 0) {
      const changes = [...this.pendingWrites].map(([id, patch]) => ({ id, patch }));
      this.pendingWrites.clear();
      try {
        this.deps.store.updateTasks(changes);
      } catch (e) {
        // Never thrown into a timer: the engine stops its runs, which resume from what was written.
        if (!isWorkspaceFault(e)) throw e;
        this.halt();
        this.deps.onWriteFailed(e);
        return;
      }
    }
    const dirty = [...this.dirty];
    this.dirty.clear();
    for (const [runId, tasks] of dirty) {
      const run = this.deps.store.getRun(runId);
      if (run) this.deps.emitUpdate({ run, tasks: [...tasks.values()] });
    }
  }

  /** Writes what is pending and stops (shutdown). */
  stop(): void {
    this.flush();
    this.halt();
  }

  /** Stops without writing: the database refuses writes. */
  halt(): void {
    this.stopped = true;
    this.pendingWrites.clear();
    this.dirty.clear();
    if (this.timer !== null) this.deps.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    if (this.timer !== null || this.stopped) return;
    this.timer = this.deps.timers.setTimeout(() => {
      this.timer = null;
      this.flush();
    }, this.deps.everyMs ?? RUN_UPDATE_EVERY_MS);
  }
}
