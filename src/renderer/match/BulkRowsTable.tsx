// Bulk rows with a status each, filterable by status and paged (main holds the rows, not the renderer).
import { useState } from 'react';
import type { BulkJobView, BulkRowView } from '../../shared/bridge/groups/match';
import type { MatchCandidate } from '../../shared/service/schemas';
import { SelectField } from '../ui/Field';
import { ErrorMessage } from '../ui/ErrorMessage';
import { companyLabel, DECISION_TEXT, formatConfidence, pageRange, ROW_STATE_LABEL } from './match-format';
import { ROWS_PAGE, useBulkRows } from '../data/match';
import { MatchViewExport } from './MatchViewExport';
import { ServiceText } from '../ui/ServiceText';
import { DataTable, type TableColumn } from '../ui/grid/DataTable';

type RowFilter = { label: string; states?: BulkRowView['state'][] };
const ALL_ROWS: RowFilter = { label: 'All rows' };
const FILTERS: Record<string, RowFilter> = {
  all: ALL_ROWS,
  matched: { label: 'Matched', states: ['matched'] },
  no_match: { label: 'No match', states: ['no_match'] },
  failed: { label: 'Errors and invalid rows', states: ['error', 'invalid'] },
  pending: { label: 'Not run yet', states: ['pending'] },
};

export function BulkRowsTable({ job, onOpen }: { job: BulkJobView; onOpen(c: MatchCandidate): void }) {
  const [filter, setFilter] = useState('all');
  const [offset, setOffset] = useState(0);
  const shown = FILTERS[filter] ?? ALL_ROWS; // the select offers FILTERS' keys only
  const rows = useBulkRows(job.id, offset, shown.states, `${job.state}:${job.done}:${job.total}:${job.finishedAt ?? ''}`);
  const total = rows.data?.total ?? 0;

  return (
    <section className="match-bulk-rows" aria-labelledby="match-bulk-rows-title">
      <h2 id="match-bulk-rows-title">Rows</h2>
      <div className="match-bulk-rows__tools">
        <SelectField label="Show" value={filter} onChange={(e) => (setFilter(e.target.value), setOffset(0))}>
          {Object.entries(FILTERS).map(([k, f]) => (
            <option key={k} value={k}>{f.label}</option>
          ))}
        </SelectField>
        <nav aria-label="Row pages" className="match-bulk-rows__pager">
          <button type="button" className="button button--small" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - ROWS_PAGE))}>
            Previous
          </button>
          <span>
            {pageRange(offset, ROWS_PAGE, total)}
          </span>
          <button type="button" className="button button--small" disabled={offset + ROWS_PAGE >= total} onClick={() => setOffset(offset + ROWS_PAGE)}>
            Next
          </button>
        </nav>
        <MatchViewExport job={job} states={shown.states} filterLabel={shown.label} total={rows.data && !rows.isPlaceholderData ? total : null} rows={rows.data?.rows ?? []} />
      </div>
      {rows.error ? <ErrorMessage error={rows.error} /> : null}
      <div className="table-wrap">
        <DataTable label="Bulk match rows" columns={rowColumns(onOpen)} rows={rows.data?.rows ?? []} rowKey={(r) => String(r.line)} rowProps={(r) => ({ className: `match-row match-row--${r.state}` })} />
      </div>
    </section>
  );
}

function rowColumns(onOpen: (c: MatchCandidate) => void): TableColumn<BulkRowView>[] {
  return [
    { key: 'line', header: 'Line', num: true, cell: (r) => r.line },
    { key: 'status', header: 'Status', cell: (r) => ROW_STATE_LABEL[r.state] },
    { key: 'name', header: 'Name', cell: (r) => r.input.name ?? '' },
    { key: 'country', header: 'Country', cell: (r) => r.input.country ?? '' },
    { key: 'best', header: 'Best match', cell: (r) => (r.best ? <ServiceText text={companyLabel(r.best.company)} /> : '') },
    { key: 'confidence', header: 'Confidence', num: true, cell: (r) => (r.best ? formatConfidence(r.best.confidence) : '') },
    { key: 'review', header: 'Review', cell: (r) => (r.decision ? DECISION_TEXT[r.decision] : '') },
    { key: 'message', header: 'Message', className: 'match-row__message', cell: (r) => r.error?.message ?? (r.duplicateOf !== undefined ? `Repeats line ${r.duplicateOf}` : '') },
    {
      key: 'actions',
      header: 'Actions',
      hiddenHeader: true,
      cell: (r) =>
        r.best ? (
          <button type="button" className="button button--small" onClick={() => onOpen(r.best!)} aria-label={`Open details of the match for line ${r.line}`}>
            Details
          </button>
        ) : null,
    },
  ];
}
