// "Load all N results": walks every page of the applied query (the export's page walker: read-ahead,
// per-page retries, a fresh pagination session) into a snapshot, one transaction per page.
import { AppError, isAppError } from '../../shared/errors';
import type { SearchBody } from '../../shared/service/schemas';
import type { SnapshotInfo } from '../../shared/workbench/snapshot';
import type { ApiClient } from '../api/types';
import { walkPages, type PageRetryPolicy } from '../export/page-walker';
import type { SnapshotStore } from '../workspace/snapshots';

export interface LoadAllOptions {
  api: ApiClient;
  store: SnapshotStore;
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

/**
 * Fills an already created snapshot. Ends 'complete', 'capped' (the row cap was reached before the
 * service's count) or, on cancel or failure, removes the partial rows and rethrows.
 */
/** Rows written per slice of a page (see loadAll). */
const WRITE_SLICE = 50;

export async function loadAll(o: LoadAllOptions): Promise<SnapshotInfo> {
  try {
    let count: number | null = null;
    for await (const page of walkPages(o.api, { body: o.body, pageSize: o.pageSize, rowLimit: o.rowCap, signal: o.signal, retry: o.retry, sleep: o.sleep })) {
      count = page.count;
      // Stored in slices with a turn of the event loop between them: a page's writes (20-30 ms of
      // synchronous SQLite) would otherwise hold back the answer of the next page and the request
      // after it, so the walk would go at the pace of the writes instead of the network's.
      for (let i = 0; i < page.records.length; i += WRITE_SLICE) {
        if (i > 0) await new Promise((r) => setImmediate(r));
        o.store.append(o.snapshotId, page.records.slice(i, i + WRITE_SLICE), page.count);
      }
      o.onProgress?.(o.store.get(o.snapshotId)!);
    }
    const rows = o.store.get(o.snapshotId)!.rowCount;
    const capped = rows >= o.rowCap && (count ?? 0) > rows;
    const done = o.store.finish(o.snapshotId, { status: capped ? 'capped' : 'complete', finishedAt: o.now() });
    o.onProgress?.(done);
    return done;
  } catch (e) {
    const cancelledRun = o.signal.aborted || (isAppError(e) && e.code === 'cancelled');
    const error = cancelledRun ? undefined : e instanceof Error ? e.message : String(e);
    const ended = o.store.finish(o.snapshotId, { status: cancelledRun ? 'cancelled' : 'failed', finishedAt: o.now(), error });
    // A partial result set must never pass for the query's answer: its rows go, its outcome is told.
    o.store.delete(o.snapshotId);
    o.onProgress?.(ended);
    if (cancelledRun) throw new AppError('cancelled', 'Loading all results was cancelled.');
    throw e;
  }
}
