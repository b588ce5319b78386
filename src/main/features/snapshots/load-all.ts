// "Load all N results": walks every page of the applied query (the export's page walker: read-ahead,
// per-page retries, a fresh pagination session) into a snapshot, one transaction per page, through
// a page writer (page-writer.ts: a writer thread, so the writes run beside the page chain).
import { AppError, isAppError } from '../../../shared/errors';
import type { SearchBody } from '../../../shared/service/schemas';
import type { SnapshotInfo } from '../../../shared/snapshots/snapshot';
import type { ApiClient } from '../../platform/api/types';
import { walkPages, type PageRetryPolicy } from '../../platform/paging/page-walker';
import type { SnapshotStore } from './snapshot-store';
import { inThreadWriter, type PageWriter } from './page-writer';

export interface LoadAllOptions {
  api: ApiClient;
  /** The core's connection: creates, reads and ends the snapshot. */
  store: SnapshotStore;
  /** Stores the pages; by default in this thread. Closed by loadAll. */
  writer?: PageWriter;
  snapshotId: number;
  body: SearchBody;
  pageSize: number;
  rowCap: number;
  signal: AbortSignal;
  now(): number;
  /** After each stored page (and at the end), with the snapshot as it stands. */
  onProgress?(info: SnapshotInfo): void;
  retry?: PageRetryPolicy;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** Pages handed to the writer and not yet stored, at most: the walker's read-ahead holds the rest. */
const WRITES_IN_FLIGHT = 2;

/**
 * Fills an already created snapshot. Ends 'complete', 'capped' (the row cap was reached before the
 * service's count) or, on cancel or failure, removes the partial rows and rethrows.
 */
export async function loadAll(o: LoadAllOptions): Promise<SnapshotInfo> {
  const started = o.store.get(o.snapshotId)!;
  const writer = o.writer ?? inThreadWriter(o.store);
  const writes: Promise<void>[] = [];
  try {
    let count: number | null = null;
    for await (const page of walkPages(o.api, { body: o.body, pageSize: o.pageSize, rowLimit: o.rowCap, signal: o.signal, retry: o.retry, sleep: o.sleep })) {
      count = page.count;
      while (writes.length >= WRITES_IN_FLIGHT) await writes.shift();
      const stored = writer.append(o.snapshotId, page.records, page.count).then(() => o.onProgress?.(o.store.get(o.snapshotId)!));
      // Awaited in order below; a failure meanwhile must not count as unhandled.
      stored.catch(() => undefined);
      writes.push(stored);
    }
    while (writes.length > 0) await writes.shift();
    await writer.close();
    const rows = o.store.get(o.snapshotId)!.rowCount;
    const capped = rows >= o.rowCap && (count ?? 0) > rows;
    const done = o.store.finish(o.snapshotId, { status: capped ? 'capped' : 'complete', finishedAt: o.now() });
    o.onProgress?.(done);
    return done;
  } catch (e) {
    // Pages still in the writer land before the partial snapshot is removed.
    await Promise.allSettled(writes);
    await writer.close().catch(() => undefined);
    const cancelledRun = o.signal.aborted || (isAppError(e) && e.code === 'cancelled');
    const error = cancelledRun ? undefined : e instanceof Error ? e.message : String(e);
    const ended = endPartial(o, started, { status: cancelledRun ? 'cancelled' : 'failed', finishedAt: o.now(), error });
    o.onProgress?.(ended);
    if (cancelledRun) throw new AppError('cancelled', 'Loading all results was cancelled.');
    throw e;
  }
}

/**
 * A partial result set must never pass for the query's answer: its rows go, its outcome is told. If
 * the database refuses the delete too (a lock held too long, a full or read-only disk), the snapshot
 * stays marked 'loading', which is never listed as an answer, and is swept at the next load or start.
 */
function endPartial(o: LoadAllOptions, started: SnapshotInfo, end: { status: 'cancelled' | 'failed'; finishedAt: number; error?: string }): SnapshotInfo {
  let last = started;
  try {
    last = o.store.get(o.snapshotId) ?? started;
    o.store.delete(o.snapshotId);
  } catch {
    // Told by the error in `end` and the workspace's notice; the sweep removes the rows later.
  }
  return { ...last, status: end.status, finishedAt: end.finishedAt, error: end.error ?? null };
}
