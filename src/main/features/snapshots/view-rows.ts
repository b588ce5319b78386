// Every row of a snapshot view, in the view's order, for an export (features/export). Read with the
// view's own condition (view-query.ts) and the grid's sort order, in one query, without the store's
// temp.view_rows cache: that cache belongs to the store instance the grid pages through.
import type { WorkspaceDb } from '../../platform/workspace/db';
import type { SnapshotView } from '../../../shared/snapshots/snapshot';
import { viewCondition } from './view-query';

export interface SnapshotHead {
  id: number;
  profileId: string;
  query: unknown;
  rowCount: number;
  status: string;
  loadedAt: number;
}

export function snapshotHead(db: WorkspaceDb, snapshotId: number): SnapshotHead | null {
  const r = db.sql.get<{ id: number; profile_id: string; query_json: string; row_count: number; status: string; started_at: number; finished_at: number | null }>(
    'SELECT id, profile_id, query_json, row_count, status, started_at, finished_at FROM snapshots WHERE id = ?',
    [snapshotId],
  );
  return r ? { id: r.id, profileId: r.profile_id, query: JSON.parse(r.query_json), rowCount: r.row_count, status: r.status, loadedAt: r.finished_at ?? r.started_at } : null;
}

/**
 * Row ids of the view in the order SnapshotStore.page shows them: with a sort, numbers first (by
 * number, then text), then texts (case-insensitive), then rows without a value (last in both
 * directions); ties and the unsorted view in service order (row ids grow with `seq`).
 */
export function snapshotViewRowIds(db: WorkspaceDb, snapshotId: number, view: SnapshotView): number[] {
  const q = snapshotViewSelect(snapshotId, view, 'r.id');
  return db.sql.column<number>(q.sql, q.params);
}

/** One SELECT of `what` (an expression on `snapshot_rows r`) for each row of the view, in the view's order. */
export function snapshotViewSelect(snapshotId: number, view: SnapshotView, what: string): { sql: string; params: Record<string, unknown> } {
  const cond = viewCondition(snapshotId, view, 'r.id');
  if (!view.sort) return { sql: `SELECT ${what} FROM snapshot_rows r WHERE r.snapshot_id = @snapshotId${cond.where} ORDER BY r.seq`, params: cond.params };
  const dir = view.sort.direction === 'desc' ? 'DESC' : 'ASC';
  return {
    sql: `SELECT ${what} FROM snapshot_rows r
     LEFT JOIN snapshot_values v ON v.snapshot_id = @snapshotId AND v.field = @sortField AND v.row_id = r.id
     WHERE r.snapshot_id = @snapshotId${cond.where}
     ORDER BY CASE WHEN v.num IS NOT NULL THEN 0 WHEN v.row_id IS NOT NULL THEN 1 ELSE 2 END,
       v.num ${dir}, v.txt COLLATE NOCASE ${dir}, r.seq`,
    params: { ...cond.params, sortField: view.sort.field },
  };
}

/** The records of `ids` as stored (JSON.stringify of the service's record, row-values.ts), in that order; rows deleted since are left out. */
export function snapshotRecordTexts(db: WorkspaceDb, ids: readonly number[]): string[] {
  if (ids.length === 0) return [];
  const json = new Map(
    db.sql
      .all<{ id: number; record_json: string }>(`SELECT id, record_json FROM snapshot_rows WHERE id IN (${ids.map(() => '?').join(', ')})`, [...ids])
      .map((r) => [r.id, r.record_json]),
  );
  const out: string[] = [];
  for (const id of ids) {
    const text = json.get(id);
    if (text !== undefined) out.push(text);
  }
  return out;
}

/** Records of a snapshot read by id, batch after batch, for one export; closed when it ends. */
export interface SnapshotRecordReader {
  /** The records of `ids` as stored JSON text, in that order; rows deleted since are left out. */
  texts(ids: readonly number[]): string[];
  close(): void;
}

/**
 * Reads through the workspace's own connection. A memory-mapped read-only connection was measured
 * (1,000,000 rows: 14.3 -> 12.3 s) and not kept: an I/O error on a mapped file is a signal that
 * ends the process instead of an error, and the process's RSS grew by the file's size (docs/workspace.md).
 */
export function snapshotRecordReader(db: WorkspaceDb): SnapshotRecordReader {
  return {
    texts: (ids) => snapshotRecordTexts(db, ids),
    close: () => {},
  };
}
