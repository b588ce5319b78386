// What a Load all costs, said before the analyst starts it: requests, time at the rate this
// profile's last finished load reached, and disk space at the bytes per row this workspace shows.
import type { LoadEstimate } from '../../../shared/snapshots/snapshot';
import type { WorkspaceDb } from '../../platform/workspace/db';

/**
 * Workspace bytes per stored row when the workspace holds too few rows to tell: bench/snapshots-sort.ts
 * measured 1,497 (100,000 rows) and 1,507 (1,000,000 rows) of sandbox companies, rounded up.
 */
export const TYPICAL_BYTES_PER_ROW = 1_550;
/** Below this many stored rows the file says more about other tables and fixed pages than about rows. */
export const MIN_MEASURED_ROWS = 10_000;
/** A shorter load mostly measures its start (token, writer thread, first page), not its pace. */
export const MIN_RATE_ROWS = 1_000;

export interface LastLoad {
  rows: number;
  startedAt: number;
  finishedAt: number;
}

export interface WorkspaceSize {
  /** Pages in use (the file less its free pages), in bytes. */
  usedBytes: number;
  /** Rows of every snapshot in the file. */
  storedRows: number;
}

export function estimateLoad(rows: number, pageSize: number, last: LastLoad | null, size: WorkspaceSize): LoadEstimate {
  const rowsPerSecond = last ? last.rows / ((last.finishedAt - last.startedAt) / 1000) : null;
  const measured = size.storedRows >= MIN_MEASURED_ROWS;
  const bytesPerRow = measured ? Math.round(size.usedBytes / size.storedRows) : TYPICAL_BYTES_PER_ROW;
  return {
    rows,
    pages: Math.ceil(rows / pageSize),
    seconds: rowsPerSecond ? rows / rowsPerSecond : null,
    bytes: rows * bytesPerRow,
    basis: {
      rate: last && rowsPerSecond ? { rows: last.rows, rowsPerSecond, finishedAt: last.finishedAt } : null,
      disk: measured ? 'workspace' : 'typical',
      bytesPerRow,
    },
  };
}

/** The newest finished load of the profile long enough to show a pace, or null. */
export function lastLoad(db: WorkspaceDb, profileId: string): LastLoad | null {
  const r = db.sql.get<{ rows: number; started: number; finished: number }>(
    `SELECT row_count AS rows, started_at AS started, finished_at AS finished FROM snapshots
     WHERE profile_id = ? AND status IN ('complete', 'capped') AND row_count >= ? AND finished_at > started_at
     ORDER BY finished_at DESC, id DESC LIMIT 1`,
    [profileId, MIN_RATE_ROWS],
  );
  return r ? { rows: r.rows, startedAt: r.started, finishedAt: r.finished } : null;
}

/**
 * Constant time, whatever the file's size (dbstat would split it by table but reads every page:
 * 1.1 s at 1,000,000 rows). Lists, ESG and match data count too: small beside the snapshots.
 */
export function workspaceSize(db: WorkspaceDb): WorkspaceSize {
  return db.sql.get<WorkspaceSize>(
    `SELECT (p.page_count - f.freelist_count) * s.page_size AS usedBytes,
            (SELECT coalesce(sum(row_count), 0) FROM snapshots) AS storedRows
     FROM pragma_page_count() p, pragma_freelist_count() f, pragma_page_size() s`,
  )!;
}
