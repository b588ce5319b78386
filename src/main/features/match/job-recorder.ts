// Writes one bulk job's changes to the workspace database as they happen. Row results are
// buffered and written in one transaction every few hundred ms (a file of 100,000 rows is not
// 200,000 separate commits); a crash loses at most that last batch, and those rows are simply
// matched again on resume. The analyst's decisions and the job's own state are written at once.
import type { BulkJobRecord, BulkJobSink, BulkRowState } from './bulk-job';
import type { BulkJobStore } from './job-store';

export interface RecorderOptions {
  flushEveryMs?: number;
  /** Rows buffered before a write regardless of time. */
  maxBuffered?: number;
  /** The file has been read to its end (or will never be read further). */
  onReadDone?(): void;
  /** A buffered write failed (disk full, database closed): said once, the job goes on in memory. */
  onError(e: unknown): void;
}

export class BulkJobRecorder implements BulkJobSink {
  /** Rows to write, in the order they changed; true = not stored yet. */
  private readonly dirty = new Map<BulkRowState, boolean>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readReported = false;

  constructor(
    private readonly store: BulkJobStore,
    private readonly jobId: string,
    private readonly opts: RecorderOptions,
  ) {}

  rowAdded(row: BulkRowState): void {
    this.dirty.set(row, true);
    this.schedule();
  }

  rowChanged(row: BulkRowState): void {
    if (!this.dirty.has(row)) this.dirty.set(row, false);
    this.schedule();
  }

  /** Written before the call returns: a failure reaches the analyst as the decision's error. */
  decided(row: BulkRowState): void {
    if (!this.dirty.has(row)) this.dirty.set(row, false);
    this.flush(true);
  }

  jobChanged(record: BulkJobRecord): void {
    // Rows first: a job stored as done always has its rows' results stored.
    if (!this.flush()) return;
    this.guard(() => this.store.updateJob(record));
    if (record.readDone && !this.readReported) {
      this.readReported = true;
      this.opts.onReadDone?.();
    }
  }

  /** Writes what is buffered; returns false when the write failed (reported through onError). */
  flush(rethrow = false): boolean {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.dirty.size === 0) return true;
    const batch = [...this.dirty].map(([row, isNew]) => ({ row, isNew }));
    this.dirty.clear();
    try {
      this.store.saveRows(this.jobId, batch);
      return true;
    } catch (e) {
      // Kept for the next write: nothing the job did is forgotten because one write failed.
      for (const { row, isNew } of batch) if (!this.dirty.has(row)) this.dirty.set(row, isNew);
      if (rethrow) throw e;
      this.opts.onError(e);
      return false;
    }
  }

  private guard(fn: () => void): void {
    try {
      fn();
    } catch (e) {
      this.opts.onError(e);
    }
  }

  private schedule(): void {
    if (this.dirty.size >= (this.opts.maxBuffered ?? 250)) {
      this.flush();
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.opts.flushEveryMs ?? 200);
    this.timer.unref?.();
  }
}
