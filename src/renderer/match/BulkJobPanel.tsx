// Bulk step 3: progress, counts, cancel, retry failures and export of one job.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { BulkExportResult, BulkJobView, OwnCells } from '../../shared/bridge/groups/match';
import { CSV_PRESET_LABEL, CSV_PRESETS, describeCsvOptions, presetCsvOptions, type CsvPreset } from '../../shared/export/csv-presets';
import { useCsvChoice } from '../export/CsvOptions';
import { SelectField } from '../ui/Field';
import { ErrorMessage } from '../ui/ErrorMessage';
import { ProgressBar } from '../ui/Spinner';
import { DeleteBulkJob, jobStateLabel } from './BulkJobHistory';
import { matchCalls } from '../data/match';
import { formatCount } from '../ui/format';
import { decimalMarkOf } from '../../shared/match/encodings';
import { OwnCellsChoice } from './OwnCellsChoice';

type ExportFormat = 'csv' | 'xlsx' | 'json';
/** What main writes "like the input file" besides its delimiter, BOM, encoding and decimal mark. */
const LIKE_INPUT = { lineEnding: 'crlf', formulaPrefix: true, quoteText: false } as const;

/** `earlier`: how many other jobs of the profile are kept ("New bulk match" lists them). */
export function BulkJobPanel({ job, onNew, earlier = 0 }: { job: BulkJobView; onNew(): void; earlier?: number }) {
  const [actionError, setActionError] = useState<unknown>(null);
  const [exported, setExported] = useState<BulkExportResult | null>(null);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const running = job.state === 'running';
  const csv = useCsvChoice(!running);
  const input = useQuery({ queryKey: ['match', 'csvInput', job.id], queryFn: () => matchCalls.bulkCsvInput({ id: job.id }), enabled: !running });
  // The input file's own format unless the analyst picks a preset here.
  const [csvFormat, setCsvFormat] = useState<'input' | CsvPreset | null>(null);
  const format = csvFormat ?? (input.data ? 'input' : csv.choice.preset);
  const own = useQuery({ queryKey: ['match', 'ownFormulaCells', job.id, job.done], queryFn: () => matchCalls.bulkOwnFormulaCells({ id: job.id }), enabled: !running });
  const [ownCells, setOwnCells] = useState<OwnCells>('protect');
  const prefixed = format === 'input' || presetCsvOptions(format, csv.separators, csv.choice.custom).formulaPrefix;
  const failures = job.errors + (job.state === 'cancelled' ? job.total - job.done - job.invalid : 0);

  const act = async (fn: () => Promise<unknown>) => {
    setActionError(null);
    try {
      await fn();
    } catch (e) {
      setActionError(e);
    }
  };
  const exportAs = (format: ExportFormat) =>
    act(async () => {
      setExporting(format);
      setExported(null);
      try {
        const options = format === 'csv' && csvFormat !== null && csvFormat !== 'input' ? { csv: presetCsvOptions(csvFormat, csv.separators, csv.choice.custom) } : {};
        const r = await matchCalls.bulkExport({ id: job.id, format, ...options, ...(format === 'csv' && prefixed ? { ownCells } : {}) });
        if (r) setExported(r);
      } finally {
        setExporting(null);
      }
    });

  return (
    <section className="match-bulk-job" aria-labelledby="match-bulk-job-title">
      <h2 id="match-bulk-job-title">
        {job.fileName ?? 'Pasted CSV'} <span className={`pill ${stateClass(job)}`}>{stateLabel(job)}</span>
      </h2>
      <ProgressBar label="Bulk match progress" value={job.done} max={job.reading ? undefined : Math.max(job.total, 1)} />
      <p className="match-bulk-job__summary" role="status" aria-live="polite">
        {job.done} of {job.total}
        {job.reading ? '+ (still reading the file)' : ''} rows done · {job.matched} matched · {job.noMatch} no match · {job.errors} errors · {job.invalid} invalid
        {job.rowsPerSecond ? ` · ${job.rowsPerSecond} rows/s` : ''}
      </p>
      {job.resumedAt !== undefined ? (
        <p className="match-bulk-job__resumed">
          Firmscope was closed while this bulk match ran; it went on from where it was when the app started again. No row was matched twice.
        </p>
      ) : null}
      {job.error ? <ErrorMessage error={job.error} title="The bulk match stopped" /> : null}
      <div className="action-bar">
        {running ? (
          <button type="button" className="button button--danger" onClick={() => void act(() => matchCalls.bulkCancel({ id: job.id }))}>
            Cancel
          </button>
        ) : (
          <>
            <button type="button" className="button" disabled={failures === 0} onClick={() => void act(() => matchCalls.bulkRetryFailures({ id: job.id }))}>
              Retry {failures} failed row{failures === 1 ? '' : 's'}
            </button>
            <SelectField
              label="CSV format"
              className="match-bulk-job__csv-format"
              value={format}
              onChange={(e) => {
                const v = e.target.value as 'input' | CsvPreset;
                setCsvFormat(v);
                if (v !== 'input') csv.change({ ...csv.choice, preset: v });
              }}
            >
              {input.data ? <option value="input">Like the input file ({describeCsvOptions({ ...LIKE_INPUT, ...input.data, decimalSeparator: decimalMarkOf(input.data) })})</option> : null}
              {CSV_PRESETS.map((p) => (
                <option key={p} value={p}>
                  {CSV_PRESET_LABEL[p]}
                </option>
              ))}
            </SelectField>
            {(['csv', 'xlsx', 'json'] as const).map((f) => (
              <button key={f} type="button" className="button" disabled={exporting !== null} onClick={() => void exportAs(f)}>
                Export {f.toUpperCase()}
              </button>
            ))}
            <button type="button" className="button button--ghost" onClick={onNew}>
              New bulk match{earlier > 0 ? ` (or open one of ${earlier} earlier)` : ''}
            </button>
            <DeleteBulkJob job={job} onDeleted={onNew} />
          </>
        )}
      </div>
      {!running && prefixed && own.data && own.data.cells > 0 ? <OwnCellsChoice own={own.data} value={ownCells} onChange={setOwnCells} /> : null}
      {exported ? (
        <p role="status" className="match-bulk-job__exported">
          Saved {exported.fileName} ({formatCount(exported.rows)} rows: every input row with its own columns, then the match)
          {exported.csv ? `; ${exported.csv}` : ''}
          {exported.neutralised ? `; ${formatCount(exported.neutralised)} cells got an apostrophe (formula protection)` : ''}.{' '}
          {exported.notice ? <strong className="match-bulk-job__notice">{exported.notice} </strong> : null}
          {exported.downloadUrl ? (
            <a className="button button--small" href={exported.downloadUrl} download={exported.fileName}>
              Download {exported.fileName}
            </a>
          ) : (
            <button
              type="button"
              className="button button--small"
              onClick={() => void act(() => matchCalls.revealExport({ exportId: exported.exportId }))}
            >
              Show {exported.fileName} in folder
            </button>
          )}
        </p>
      ) : null}
      {actionError ? <ErrorMessage error={actionError} /> : null}
    </section>
  );
}

const stateLabel = jobStateLabel;
function stateClass(job: BulkJobView): string {
  if (job.state === 'failed' || job.errors > 0) return 'pill--error';
  return job.state === 'done' ? 'pill--ok' : '';
}
