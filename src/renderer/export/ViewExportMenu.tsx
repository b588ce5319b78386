// "Export view…" on a loaded snapshot: the rows of the view as the grid shows them (text filter,
// facets, sort), with its visible columns in their order or every field, through the one view
// export dialog (ViewExportDialog.tsx); main reads the rows from the workspace (source `snapshot`).
import { queryFileStem } from '../../shared/export/file-name';
import type { CompanyRecord } from '../../shared/service/schemas';
import type { SnapshotInfo, SnapshotView } from '../../shared/snapshots/snapshot';
import { describeSnapshotView, viewNarrows } from '../../shared/snapshots/view-words';
import { viewExportSummary } from './export-format';
import { ViewExportDialog } from './ViewExportDialog';
import { exportCalls } from '../data/export';

export interface ViewExportMenuProps {
  snapshot: SnapshotInfo;
  view: SnapshotView;
  /** Rows of the view (null while it is being counted). */
  total: number | null;
  /** The grid's visible columns, in grid order. */
  columns: string[];
  /** Rows on screen: the formula-prefix count is made on them. */
  rows: CompanyRecord[];
}

export function ViewExportMenu({ snapshot, view, total, columns, rows }: ViewExportMenuProps) {
  const words = describeSnapshotView(view);
  const chosen = (mode: 'visible' | 'all') => (mode === 'visible' ? columns : null);
  return (
    <ViewExportDialog
      title="Export the snapshot view"
      summary={(mode) =>
        total === null ? null : viewExportSummary({ rows: total, snapshotRows: snapshot.rowCount, narrowed: viewNarrows(view), columns: chosen(mode)?.length ?? null })
      }
      hint={
        <>
          In the view’s order ({words.sort === 'service order' ? 'the service’s order' : `sorted by ${words.sort}`}); text filter {words.filter}; facets {words.facets}. The
          Excel file’s About sheet (for CSV and JSON, the .about.json file beside it) records the search, when the snapshot was loaded and this view.
        </>
      }
      visibleLabel={`Visible columns, in grid order (${columns.length})`}
      allLabel="All fields (every field that has a value in the view’s rows)"
      sample={(mode) => ({ records: rows as Array<Record<string, unknown>>, columns: chosen(mode), of: 'the rows on screen' })}
      empty={total === 0}
      start={({ format, columnMode, csv }) =>
        exportCalls.start({
            source: { kind: 'snapshot', snapshotId: snapshot.id, view },
            format,
            columns: chosen(columnMode),
            ...(csv ? { csv } : {}),
            // Main adds the time: companies-DE-view-2026-11-23-1405.csv
            suggestedName: `${queryFileStem(snapshot.query)}-view`,
          })
      }
    />
  );
}
