// "Export view…" on the bulk-match results table: the rows the Show filter shows, in file order,
// with the table's columns or every field of each row, through the one view export dialog. Main
// reads the rows from the job (export source `match`); the dialog counts the cells the CSV formula
// prefix would touch on the rows on screen, made into rows as main makes them. The "matched file"
// export (the input's own columns with the match columns, in the input's format) stays in the job panel.
import type { BulkJobView, BulkRowView } from '../../shared/bridge/groups/match';
import { BULK_ROW_HEADERS, bulkRowAsShown, bulkRowFields } from '../../shared/match/bulk-row-columns';
import { formatCount } from '../ui/format';
import { ViewExportDialog } from '../export/ViewExportDialog';
import { exportCalls } from '../data/export';

export interface MatchViewExportProps {
  job: BulkJobView;
  /** The Show filter's states (undefined: all rows) and its label. */
  states: BulkRowView['state'][] | undefined;
  filterLabel: string;
  /** Rows the filter shows (null while counted). */
  total: number | null;
  /** Rows on screen: the formula-prefix count is made on them, as main will write them. */
  rows: readonly BulkRowView[];
}

export function MatchViewExport({ job, states, filterLabel, total, rows: onScreen }: MatchViewExportProps) {
  return (
    <ViewExportDialog
      title="Export the bulk-match results"
      align="left"
      summary={(mode) =>
        total === null
          ? null
          : `${formatCount(total)} row${total === 1 ? '' : 's'} (${filterLabel.toLowerCase()} of ${formatCount(job.total)}), ${mode === 'visible' ? `the table’s ${BULK_ROW_HEADERS.length} columns` : 'every field of each row'}`
      }
      hint={`In the input file’s order; showing ${filterLabel.toLowerCase()}. The Excel file’s About sheet (for CSV and JSON, the .about.json file beside it) records the input file, the rows shown and the review threshold.`}
      visibleLabel={`The table’s columns (${BULK_ROW_HEADERS.join(', ')})`}
      allLabel="All fields (the mapped input, the state, the best match and candidates, the review decision)"
      sample={(mode) => ({ records: onScreen.map(mode === 'visible' ? bulkRowAsShown : bulkRowFields), columns: mode === 'visible' ? BULK_ROW_HEADERS : null, of: 'the rows on screen' })}
      empty={total === 0}
      start={({ format, columnMode, csv }) =>
        exportCalls.start({
            source: { kind: 'match', jobId: job.id, ...(states ? { states } : {}), fields: columnMode },
            format,
            columns: null,
            ...(csv ? { csv } : {}),
          })
      }
    />
  );
}
