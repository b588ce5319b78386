// A snapshot view as the source of an export: the view's row ids in its order are taken when the
// export starts (so its total is known and a later load does not shift it), then records are read
// from the workspace in batches and written like the pages of a search.
import { AppError } from '../../../shared/errors';
import type { CompanyRecord } from '../../../shared/service/schemas';
import type { SnapshotView } from '../../../shared/snapshots/snapshot';
import { describeSnapshotView } from '../../../shared/snapshots/view-words';
import type { WalkedPage } from '../../platform/paging/page-walker';
import type { WorkspaceDb } from '../../platform/workspace/db';
import { snapshotHead, snapshotRecordReader, snapshotViewRowIds } from '../snapshots/view-rows';
import type { ExportPage, ExportSourceSpec, SnapshotAbout } from './types';

/** Rows per batch read from the workspace (and per progress step). */
export const SNAPSHOT_EXPORT_BATCH = 1_000;

export function snapshotSource(
  db: WorkspaceDb,
  profileId: string,
  snapshotId: number,
  view: SnapshotView,
): { source: Extract<ExportSourceSpec, { kind: 'snapshot' }>; query: unknown; about: SnapshotAbout } {
  const head = snapshotHead(db, snapshotId);
  if (!head || head.profileId !== profileId) throw new AppError('not_found', 'This loaded result set no longer exists; load all results again.');
  if (head.status === 'loading') throw new AppError('invalid_input', 'Wait for Load all to finish before exporting the view.');
  return {
    source: { kind: 'snapshot', ids: snapshotViewRowIds(db, snapshotId, view), open: () => snapshotRecordReader(db) },
    query: head.query,
    about: { loadedAt: new Date(head.loadedAt), rows: head.rowCount, view: describeSnapshotView(view) },
  };
}

/** `asJson`: pages carry the stored JSON texts instead of parsed records (JSON or NDJSON of all fields). */
export async function* snapshotPages(source: Extract<ExportSourceSpec, { kind: 'snapshot' }>, asJson = false): AsyncGenerator<ExportPage> {
  // Opened at the first page, closed however the walk ends (done, cancelled, failed).
  const reader = source.open();
  try {
    for (let i = 0, number = 1; i < source.ids.length; i += SNAPSHOT_EXPORT_BATCH, number++) {
      const texts = reader.texts(source.ids.slice(i, i + SNAPSHOT_EXPORT_BATCH));
      const count = source.ids.length;
      yield asJson ? { number, count, records: [], json: texts } : { number, count, records: texts.map((t) => JSON.parse(t) as CompanyRecord) };
      // Give cancel and progress events a turn between batches (SQLite reads are synchronous).
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    reader.close();
  }
}

/** Rows of another feature's view (bulk-match results) in batches, like a snapshot view's. */
export async function* viewPages(source: Extract<ExportSourceSpec, { kind: 'view' }>): AsyncGenerator<WalkedPage> {
  const { rows } = source;
  for (let i = 0, number = 1; i < rows.total; i += SNAPSHOT_EXPORT_BATCH, number++) {
    yield { number, count: rows.total, records: rows.read(i, SNAPSHOT_EXPORT_BATCH) as CompanyRecord[] };
    await new Promise((resolve) => setImmediate(resolve));
  }
}
