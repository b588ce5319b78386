// "Export ESG…" for one company (ESG screen) or a list (list view): one Excel workbook with
// Companies, Scores, News, Commitments and About, or one module as CSV/NDJSON. Same dialog pattern
// as the search export: once started, the result replaces the form (progress, Cancel, then Show in
// folder or Download).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { PopoverDialog } from '../ui/PopoverDialog';
import { useMutation } from '@tanstack/react-query';
import { ESG_EXPORT_MODULES, type EsgExportFormat, type EsgExportJob, type EsgExportModule, type EsgExportSource } from '../../shared/bridge/groups/esg-export';
import { NEUTRALISE_EXPLANATION } from '../../shared/export/cell-rules';
import { useBridgeEvent } from '../data/useBridgeEvent';
import { SelectField } from '../ui/Field';
import { ErrorMessage } from '../ui/ErrorMessage';
import { CsvOptions, useCsvChoice } from '../export/CsvOptions';
import { ProgressBar } from '../ui/Spinner';
import '../export/export.css';
import { esgExportCalls } from '../data/esg-export';
import { formatCount } from '../ui/format';

const FORMATS: Record<EsgExportFormat, string> = {
  xlsx: 'Excel workbook (Companies, Scores, News, Commitments, About)',
  csv: 'CSV, one module',
  ndjson: 'NDJSON, one module (records as stored)',
};
const MODULE_LABELS: Record<EsgExportModule, string> = { companies: 'Companies (ESG summary)', scores: 'Scores', news: 'News', commitments: 'Commitments' };

export function EsgExportMenu({ source, label }: { source: EsgExportSource; label: string }) {
  const [open, setOpen] = useState(false);
  // The dialog hangs from the button's right edge; a button near the left of the screen (ESG screen,
  // a wrapped list toolbar) would push it under the navigation, so there it opens to the right.
  const [toRight, setToRight] = useState(false);
  const dialogId = useId();
  const titleId = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const toggle = (button: HTMLElement) => {
    const screen = button.closest('main')?.getBoundingClientRect().left ?? 0;
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const dialogWidth = Math.min(34 * rem, window.innerWidth * 0.9); // .export-dialog: min(34rem, 90vw)
    setToRight(button.getBoundingClientRect().right - dialogWidth < screen);
    setOpen((o) => !o);
  };
  return (
    <div className="export-menu esg-export">
      <button type="button" ref={opener} className="button button--small" aria-expanded={open} aria-controls={dialogId} onClick={(e) => toggle(e.currentTarget)}>
        Export ESG…
      </button>
      {open ? (
        <PopoverDialog id={dialogId} titleId={titleId} className={`export-dialog${toRight ? ' export-dialog--to-right' : ''}`} opener={opener} onClose={() => setOpen(false)}>
          <h2 id={titleId} className="export-dialog__title">
            Export ESG of {label}
          </h2>
          <EsgExportForm source={source} onClose={() => setOpen(false)} />
        </PopoverDialog>
      ) : null}
    </div>
  );
}

function EsgExportForm({ source, onClose }: { source: EsgExportSource; onClose(): void }) {
  const [format, setFormat] = useState<EsgExportFormat>('xlsx');
  const [module, setModule] = useState<EsgExportModule>('news');
  const csv = useCsvChoice(format === 'csv');
  const [job, setJob] = useState<EsgExportJob | null>(null);
  // A short export can finish before `start` answers: the latest event of each job is kept.
  const seen = useRef(new Map<string, EsgExportJob>());
  useBridgeEvent('esgExport', 'progress', (j: EsgExportJob) => {
    seen.current.set(j.id, j);
    setJob((cur) => (cur && cur.id === j.id ? j : cur));
  });
  const start = useMutation({
    mutationFn: () =>
      esgExportCalls.start({
          source,
          format,
          ...(format !== 'xlsx' ? { module } : {}),
          ...(format === 'csv' ? { csv: csv.options } : {}),
        }),
    onSuccess: (j) => {
      if (j) setJob(seen.current.get(j.id) ?? j);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    start.mutate();
  };

  if (job) return <EsgExportResult job={job} onAgain={() => (setJob(null), start.reset())} onClose={onClose} />;

  return (
    <form onSubmit={submit} className="export-form" aria-label="ESG export options">
      <fieldset>
        <legend>Format</legend>
        {(Object.keys(FORMATS) as EsgExportFormat[]).map((f) => (
          <label key={f} className="export-form__choice">
            <input type="radio" name="esg-export-format" value={f} checked={format === f} onChange={() => setFormat(f)} />
            {FORMATS[f]}
          </label>
        ))}
      </fieldset>
      {format !== 'xlsx' ? (
        <SelectField label="Module" value={module} onChange={(e) => setModule(e.target.value as EsgExportModule)}>
          {ESG_EXPORT_MODULES.map((m) => (
            <option key={m} value={m}>
              {MODULE_LABELS[m]}
            </option>
          ))}
        </SelectField>
      ) : null}
      <p className="field__hint">
        Every row starts with company_id and company_name, so sheets and files join back to each other and to the list. Each module holds the latest
        stored result per company (fetched_at says when); run Refresh ESG for newer data.
      </p>
      {format === 'csv' ? <CsvOptions csv={csv} onUseXlsx={() => setFormat('xlsx')} /> : null}
      {format !== 'ndjson' ? <p className="export-form__explain">{NEUTRALISE_EXPLANATION}</p> : null}
      {start.error ? <ErrorMessage error={start.error} title="The ESG export could not start" /> : null}
      {start.isSuccess && start.data === null ? <p role="status">No file chosen; nothing was exported.</p> : null}
      <div className="action-bar">
        <button type="submit" className="button button--primary" disabled={start.isPending || !csv.ready}>
          {start.isPending ? 'Choosing a file…' : 'Start ESG export'}
        </button>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </form>
  );
}

/** Replaces the form once the export has started: the first thing in the dialog, focused. */
function EsgExportResult({ job, onAgain, onClose }: { job: EsgExportJob; onAgain(): void; onClose(): void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const cancel = useMutation({ mutationFn: () => esgExportCalls.cancel({ id: job.id }) });
  const reveal = useMutation({ mutationFn: () => esgExportCalls.reveal({ id: job.id }) });
  const title = { done: 'ESG export finished', running: 'Exporting ESG…', failed: 'ESG export failed', cancelled: 'ESG export cancelled' }[job.state];
  const c = job.counts;
  return (
    <div className="export-result" data-export-state={job.state}>
      <h3 className="export-result__title" tabIndex={-1} ref={headingRef} aria-live="polite">
        {title}
      </h3>
      <p className="export-row__name">{job.fileName}</p>
      {job.state === 'running' ? <ProgressBar label={`Progress of ${job.fileName}`} value={job.rows} max={job.totalRows || undefined} /> : null}
      <p className="export-row__progress" role="status">
        {job.state === 'done' && c
          ? `${formatCount(job.rows)} rows: ${formatCount(c.companies)} companies (${formatCount(c.withData)} with ESG data), ${formatCount(c.scores)} scores, ${formatCount(c.news)} news, ${formatCount(c.commitments)} commitments.`
          : `${formatCount(job.rows)} of ${formatCount(job.totalRows)} rows written.`}
      </p>
      {job.state === 'failed' && job.error ? <ErrorMessage error={job.error} title={`Export of ${job.fileName} failed; no file was written`} /> : null}
      {job.state === 'cancelled' ? <p className="export-row__note">Cancelled; no file was written.</p> : null}
      <div className="action-bar">
        {job.state === 'running' ? (
          <button type="button" className="button" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            {cancel.isPending ? 'Cancelling…' : 'Cancel'}
          </button>
        ) : null}
        {job.state === 'done' && job.downloadUrl ? (
          <a className="button" href={job.downloadUrl} download={job.fileName} aria-label={`Download ${job.fileName}`}>
            Download
          </a>
        ) : null}
        {job.state === 'done' && !job.downloadUrl ? (
          <button type="button" className="button" onClick={() => reveal.mutate()} aria-label={`Show ${job.fileName} in folder`}>
            Show in folder
          </button>
        ) : null}
        {job.state !== 'running' ? (
          <button type="button" className="button" onClick={onAgain}>
            Export again
          </button>
        ) : null}
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
      {cancel.error ? <ErrorMessage error={cancel.error} title="Could not cancel" /> : null}
      {reveal.error ? <ErrorMessage error={reveal.error} title="Could not show the file" /> : null}
    </div>
  );
}
