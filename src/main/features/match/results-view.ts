// The bulk-match results as the table shows them, for "Export view…" (export source `match`): the
// rows of the Show filter or the review queue in file order, taken when the export starts, with the
// table's columns (shared/match/bulk-row-columns.ts) or every field of each row. Registered with the
// export feature through the ExportRecords port, so neither feature imports the other.
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { BULK_ROW_HEADERS, bulkRowAsShown, bulkRowFields, DECISION_TEXT, ROW_STATE_LABEL } from '../../../shared/match/bulk-row-columns';
import { DECISIONS } from '../../../shared/match/review';
import type { ViewRowReader } from '../../platform/ports/export-records';
import type { BulkJob } from './bulk-job';
import type { BulkRowState } from './bulk-job-types';

const STATES = ['pending', 'matched', 'no_match', 'error', 'invalid'] as const;
const ResultsViewSchema = z.object({
  jobId: z.string().max(128),
  states: z.array(z.enum(STATES)).optional(),
  decisions: z.array(z.enum(DECISIONS)).optional(),
});
export type ResultsView = z.infer<typeof ResultsViewSchema>;

/** The rows the table shows for this filter, in file order (also what `bulkRows` pages through). */
export function resultsRows(j: BulkJob, view: Omit<ResultsView, 'jobId'>): BulkRowState[] {
  let rows = view.states ? j.rows.filter((r) => view.states!.includes(r.state)) : j.rows;
  if (view.decisions) rows = rows.filter((r) => view.decisions!.includes(j.decisionOf(r)!));
  return rows;
}

/** What the filter shows, in words: "all rows", "Matched", "the review queue". */
export function resultsFilterWords(view: Omit<ResultsView, 'jobId'>): string {
  const parts: string[] = [];
  if (view.states) parts.push(view.states.map((s) => ROW_STATE_LABEL[s]).join(', '));
  if (view.decisions) parts.push(view.decisions.join() === 'pending' ? 'the review queue' : `review: ${view.decisions.map((d) => DECISION_TEXT[d]).join(', ')}`);
  return parts.join('; ') || 'all rows';
}

export function resultsViewReader(job: (id: string) => BulkJob): ViewRowReader {
  return (input, fields) => {
    const parsed = ResultsViewSchema.safeParse(input);
    if (!parsed.success) throw new AppError('invalid_input', 'That bulk-match view cannot be exported.');
    const { jobId, ...view } = parsed.data;
    const j = job(jobId);
    // Taken now: rows read later are these, whatever the filter shows by then.
    const rows = resultsRows(j, view);
    const fileName = j.view().fileName ?? 'pasted CSV';
    const shown = resultsFilterWords(view);
    const asRow = fields === 'all' ? (r: BulkRowState) => bulkRowFields(j.rowView(r)) : (r: BulkRowState) => bulkRowAsShown(j.rowView(r));
    return {
      total: rows.length,
      read: (offset, limit) => rows.slice(offset, offset + limit).map(asRow),
      columns: [...BULK_ROW_HEADERS],
      source: `Bulk match results of ${fileName} (${shown})`,
      stem: `${fileName.replace(/\.[^.]+$/, '')}-results`,
      about: [
        { label: 'Bulk match of', value: fileName },
        { label: 'Rows shown', value: shown },
        { label: 'Order', value: 'the input file’s order (line)' },
        { label: 'Review threshold', value: `${Math.round(j.reviewCounts().threshold * 100)}%` },
      ],
    };
  };
}
