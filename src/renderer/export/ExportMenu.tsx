// Export button + dialog on the search results: format, scope (this page / all pages with an
// estimate), row limit, CSV options, columns, and why some cells get an apostrophe.
import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { CompanyRecord } from '../../shared/service/schemas';
import { PAGE_SIZE_MAX } from '../../shared/service/schemas';
import { EXPORT_FORMATS, type ExportJob } from '../../shared/bridge/groups/export';
import { NEUTRALISE_EXPLANATION } from '../../shared/export/neutralise';
import { firmscope, unwrap } from '../bridge';
import { useNavigation } from '../app/navigation';
import { CheckboxField, SelectField, TextField } from '../ui/Field';
import { ErrorMessage } from '../ui/ErrorMessage';
import { FORMAT_LABELS, plannedRows } from './export-format';
import { useExportEstimate, useExportJobs } from './export-queries';
import { ExportRow } from './ExportsPanel';
import './export.css';

export interface ExportMenuProps {
  /** The search as sent (already validated), for all-pages exports. */
  body: unknown;
  pageSize: number;
  /** Total rows of the search (`count`). */
  count: number;
  /** Rows of the page on screen. */
  rows: CompanyRecord[];
  /** Visible grid columns in order (dotted paths). */
  columns: string[];
}

type Format = (typeof EXPORT_FORMATS)[number];
type Delimiter = ',' | ';' | '\t' | '|';
const DELIMITERS: Array<{ value: Delimiter; label: string }> = [
  { value: ',', label: 'Comma (,)' },
  { value: ';', label: 'Semicolon (;)' },
  { value: '\t', label: 'Tab' },
  { value: '|', label: 'Pipe (|)' },
];
const n = (v: number) => v.toLocaleString('en-US');

export function ExportMenu({ body, count, rows, columns }: ExportMenuProps) {
  const [open, setOpen] = useState(false);
  const dialogId = useId();
  const titleId = useId();
  return (
    <div className="export-menu">
      <button type="button" className="button" aria-expanded={open} aria-controls={dialogId} onClick={() => setOpen((o) => !o)}>
        Export…
      </button>
      {open ? (
        <div id={dialogId} role="dialog" aria-labelledby={titleId} className="export-dialog">
          <h2 id={titleId} className="export-dialog__title">
            Export results
          </h2>
          <ExportForm body={body} count={count} rows={rows} columns={columns} onClose={() => setOpen(false)} />
        </div>
      ) : null}
    </div>
  );
}

function ExportForm({ body, count, rows, columns, onClose }: Omit<ExportMenuProps, 'pageSize'> & { onClose(): void }) {
  const [format, setFormat] = useState<Format>('csv');
  const [scope, setScope] = useState<'page' | 'all'>('page');
  const [rowLimit, setRowLimit] = useState('');
  const [columnMode, setColumnMode] = useState<'visible' | 'all'>('visible');
  const [delimiter, setDelimiter] = useState<Delimiter>(',');
  const [bom, setBom] = useState(false);
  const [started, setStarted] = useState<ExportJob | null>(null);
  const { navigate } = useNavigation();
  const jobs = useExportJobs();
  const estimate = useExportEstimate(body, PAGE_SIZE_MAX, scope === 'all');
  const limit = rowLimit.trim() === '' ? null : Number(rowLimit);
  const limitError = limit !== null && (!Number.isInteger(limit) || limit < 1) ? 'Enter a whole number of rows, 1 or more, or leave empty for all' : undefined;
  const plan = plannedRows(estimate.data?.count ?? count, PAGE_SIZE_MAX, limit && !limitError ? limit : null);
  const spreadsheet = format === 'csv' || format === 'xlsx';

  const start = useMutation({
    mutationFn: () =>
      unwrap(
        firmscope().export.start({
          source:
            scope === 'page'
              ? { kind: 'rows', rows: rows as Array<Record<string, unknown>> }
              : { kind: 'all', body, pageSize: PAGE_SIZE_MAX, ...(limit && !limitError ? { rowLimit: limit } : {}) },
          format,
          columns: columnMode === 'visible' ? columns : null,
          ...(format === 'csv' ? { csv: { delimiter, bom } } : {}),
          suggestedName: `companies-${scope === 'page' ? 'page' : 'all'}`,
        }),
      ),
    onSuccess: (job) => setStarted(job),
  });
  const live = started ? (jobs.data?.find((j) => j.id === started.id) ?? started) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!limitError) start.mutate();
  };

  return (
    <form onSubmit={submit} className="export-form" aria-label="Export options">
      <fieldset>
        <legend>Format</legend>
        {EXPORT_FORMATS.map((f) => (
          <label key={f} className="export-form__choice">
            <input type="radio" name="export-format" value={f} checked={format === f} onChange={() => setFormat(f)} />
            {FORMAT_LABELS[f]}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Rows</legend>
        <label className="export-form__choice">
          <input type="radio" name="export-scope" value="page" checked={scope === 'page'} onChange={() => setScope('page')} />
          This page ({n(rows.length)} rows)
        </label>
        <label className="export-form__choice">
          <input type="radio" name="export-scope" value="all" checked={scope === 'all'} onChange={() => setScope('all')} />
          All pages ({n(count)} rows)
        </label>
        {scope === 'all' ? (
          <>
            <p className="export-form__estimate" role="status">
              {estimate.isFetching ? 'Checking the size of the search… ' : ''}
              This export fetches {n(plan.rows)} rows in {n(plan.pages)} pages of {PAGE_SIZE_MAX}.
            </p>
            {estimate.error ? <ErrorMessage error={estimate.error} title="Could not check the size of the search" /> : null}
            <TextField
              label="Row limit (optional)"
              inputMode="numeric"
              value={rowLimit}
              onChange={(e) => setRowLimit(e.target.value)}
              error={limitError}
              hint="Stop after this many rows. Empty exports every row."
            />
          </>
        ) : null}
      </fieldset>
      <fieldset>
        <legend>Columns</legend>
        <label className="export-form__choice">
          <input type="radio" name="export-columns" value="visible" checked={columnMode === 'visible'} onChange={() => setColumnMode('visible')} />
          Visible columns, in grid order ({columns.length})
        </label>
        <label className="export-form__choice">
          <input type="radio" name="export-columns" value="all" checked={columnMode === 'all'} onChange={() => setColumnMode('all')} />
          All fields (every field found on any exported page)
        </label>
        <p className="field__hint">
          Nested fields become dotted columns such as address.city.{' '}
          {format === 'json' || format === 'ndjson'
            ? 'JSON keeps lists as lists; with all fields each record is written exactly as the service sent it.'
            : 'Lists are joined into one cell with "; ".'}
        </p>
      </fieldset>
      {format === 'csv' ? (
        <fieldset>
          <legend>CSV options</legend>
          <SelectField label="Delimiter" value={delimiter} onChange={(e) => setDelimiter(e.target.value as Delimiter)}>
            {DELIMITERS.map((d) => (
              <option key={d.label} value={d.value}>
                {d.label}
              </option>
            ))}
          </SelectField>
          <CheckboxField label="Add a byte-order mark (helps Excel on Windows read UTF-8)" checked={bom} onChange={(e) => setBom(e.target.checked)} />
        </fieldset>
      ) : null}
      {spreadsheet ? (
        <p className="export-form__explain" id="export-neutralise-note">
          {NEUTRALISE_EXPLANATION}
        </p>
      ) : null}
      {start.error ? <ErrorMessage error={start.error} title="The export could not start" /> : null}
      {start.isSuccess && start.data === null ? <p role="status">No file chosen; nothing was exported.</p> : null}
      <div className="action-bar">
        <button type="submit" className="button button--primary" disabled={start.isPending}>
          {start.isPending ? 'Choosing a file…' : 'Start export'}
        </button>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
        <button type="button" className="button button--ghost" onClick={() => navigate({ screen: 'exports' })}>
          Open Exports
        </button>
      </div>
      {live ? (
        <ul className="exports__list" aria-label="Started export">
          <ExportRow job={live} />
        </ul>
      ) : null}
    </form>
  );
}
