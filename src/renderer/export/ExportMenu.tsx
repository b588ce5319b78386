// Export button + dialog on the search results: format, scope (this page / all pages with an
// estimate), row limit, CSV options (the formula prefix and its risk), columns. Once started, the
// dialog shows the export itself at its top (progress, then Show in folder or Download).
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { PopoverDialog } from '../ui/PopoverDialog';
import { useMutation } from '@tanstack/react-query';
import type { CompanyRecord } from '../../shared/service/schemas';
import { PAGE_SIZE_MAX } from '../../shared/service/schemas';
import { DEFAULT_EXPORT_ROW_LIMIT, EXPORT_FORMATS, MAX_EXPORT_ROW_LIMIT, type ExportJob } from '../../shared/bridge/groups/export';
import { NEUTRALISE_EXPLANATION } from '../../shared/export/cell-rules';
import { queryFileStem } from '../../shared/export/file-name';
import { useNavigation } from '../state/navigation';
import { TextField } from '../ui/Field';
import { ErrorMessage } from '../ui/ErrorMessage';
import { ExportFormEnd } from './ExportFormEnd';
import { CsvOptions, useCsvChoice } from './CsvOptions';
import { FORMAT_LABELS, plannedRows } from './export-format';
import { useExportEstimate, useExportJobs } from '../data/export';
import { ExportResult } from './ExportResult';
import './export.css';
import { exportCalls } from '../data/export';
import { formatCount } from '../ui/format';

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

export function ExportMenu({ body, count, rows, columns }: ExportMenuProps) {
  const [open, setOpen] = useState(false);
  const dialogId = useId();
  const titleId = useId();
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <div className="export-menu">
      <button type="button" ref={opener} className="button" aria-expanded={open} aria-controls={dialogId} onClick={() => setOpen((o) => !o)}>
        Export…
      </button>
      {open ? (
        <PopoverDialog id={dialogId} titleId={titleId} className="export-dialog" opener={opener} onClose={() => setOpen(false)}>
          <h2 id={titleId} className="export-dialog__title">
            Export results
          </h2>
          <ExportForm body={body} count={count} rows={rows} columns={columns} onClose={() => setOpen(false)} />
        </PopoverDialog>
      ) : null}
    </div>
  );
}

function ExportForm({ body, count, rows, columns, onClose }: Omit<ExportMenuProps, 'pageSize'> & { onClose(): void }) {
  // XLSX first: no CSV form keeps 03024 or 26.20 through a double-click (docs/export.md).
  const [format, setFormat] = useState<Format>('xlsx');
  const [scope, setScope] = useState<'page' | 'all'>('page');
  const [rowLimit, setRowLimit] = useState(formatCount(DEFAULT_EXPORT_ROW_LIMIT));
  const [columnMode, setColumnMode] = useState<'visible' | 'all'>('visible');
  const csv = useCsvChoice(format === 'csv');
  const [started, setStarted] = useState<ExportJob | null>(null);
  const { navigate } = useNavigation();
  const jobs = useExportJobs();
  const estimate = useExportEstimate(body, PAGE_SIZE_MAX, scope === 'all');
  const limit = Number(rowLimit.replace(/[,\s_]/g, ''));
  const limitError =
    rowLimit.trim() === '' || !Number.isInteger(limit) || limit < 1 || limit > MAX_EXPORT_ROW_LIMIT
      ? `Enter a whole number of rows from 1 to ${formatCount(MAX_EXPORT_ROW_LIMIT)}`
      : undefined;
  const plan = plannedRows(estimate.data?.count ?? count, PAGE_SIZE_MAX, limitError ? null : limit);
  const spreadsheet = format === 'csv' || format === 'xlsx';
  // Only the rows on screen are known before the export: counted exactly for them.
  const sample = useMemo(
    () => ({ records: rows as Array<Record<string, unknown>>, columns: columnMode === 'visible' ? columns : null, of: scope === 'page' ? 'this page' : 'the page on screen' }),
    [rows, columns, columnMode, scope],
  );

  const start = useMutation({
    mutationFn: () =>
      exportCalls.start({
          source:
            scope === 'page'
              ? { kind: 'rows', rows: rows as Array<Record<string, unknown>> }
              : { kind: 'all', body, pageSize: PAGE_SIZE_MAX, rowLimit: limit },
          format,
          columns: columnMode === 'visible' ? columns : null,
          ...(format === 'csv' ? { csv: csv.options } : {}),
          // Main adds the time: companies-DE-employees-gt-1000-2026-11-23-1405.csv
          suggestedName: `${queryFileStem(body)}${scope === 'page' ? '-page' : ''}`,
        }),
    onSuccess: (job) => setStarted(job),
  });
  const live = started ? (jobs.data?.find((j) => j.id === started.id) ?? started) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (scope === 'page' || !limitError) start.mutate();
  };

  if (live) return <ExportResult job={live} onAgain={() => setStarted(null)} onClose={onClose} onOpenExports={() => navigate({ screen: 'exports' })} />;

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
          This page ({formatCount(rows.length)} rows)
        </label>
        <label className="export-form__choice">
          <input type="radio" name="export-scope" value="all" checked={scope === 'all'} onChange={() => setScope('all')} />
          All pages ({formatCount(count)} rows)
        </label>
        {scope === 'all' ? (
          <>
            <p className="export-form__estimate" role="status">
              {estimate.isFetching ? 'Checking the size of the search… ' : ''}
              This export fetches {formatCount(plan.rows)} rows in {formatCount(plan.pages)} pages of {PAGE_SIZE_MAX}.
            </p>
            {estimate.error ? <ErrorMessage error={estimate.error} title="Could not check the size of the search" /> : null}
            <TextField
              label="Row limit"
              inputMode="numeric"
              value={rowLimit}
              onChange={(e) => setRowLimit(e.target.value)}
              error={limitError}
              hint={`The export stops after this many rows (default ${formatCount(DEFAULT_EXPORT_ROW_LIMIT)}), whatever the service says.`}
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
      {format === 'csv' ? <CsvOptions csv={csv} sample={sample} onUseXlsx={() => setFormat('xlsx')} /> : null}
      {spreadsheet ? (
        <p className="export-form__explain" id="export-neutralise-note">
          {NEUTRALISE_EXPLANATION}
        </p>
      ) : null}
      <ExportFormEnd start={{ isPending: start.isPending, error: start.error, noFile: start.isSuccess && start.data === null }} disabled={!csv.ready} onClose={onClose} />
    </form>
  );
}
