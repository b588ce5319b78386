// Bulk step 1–2: get the CSV (open a file or paste), then map its columns to match fields.
// The desktop app opens files with main's own dialog (no size limit, the file never crosses the
// bridge); browser mode reads the chosen file in the page and sends its text.
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { CsvInspectView, CsvIssueView, PickedFile } from '../../shared/bridge/groups/match';
import { useAppInfo } from '../connection/queries';
import { MAPPABLE_FIELDS, MATCH_FIELD_LABELS, type ColumnMapping } from '../../shared/match/fields';
import { firmscope, unwrap } from '../bridge';
import { SelectField, TextAreaField, TextField } from '../ui/Field';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Spinner } from '../ui/Spinner';

/** Text up to this size is checked whole before the run; a larger one is checked over its start. */
const INSPECT_BYTES = 8 * 1024 * 1024;
/** What the bridge accepts as CSV text (match.bulkStart). */
const MAX_TEXT_BYTES = 50_000_000;

/** The CSV to match: text in the page, or a file main opened (desktop app). */
type CsvRef = { csvText: string } | { fileId: string };

export type BulkStartRequest = CsvRef & {
  fileName?: string;
  mapping: ColumnMapping;
  concurrency: number;
};

export function BulkSetup({ onStart, starting }: { onStart(req: BulkStartRequest): void; starting: boolean }) {
  const desktop = useAppInfo().data?.shell === 'electron';
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const [fileName, setFileName] = useState<string | undefined>();
  const [inspect, setInspect] = useState<CsvInspectView | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [concurrency, setConcurrency] = useState('4');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const readColumns = async (ref: CsvRef) => {
    setError(null);
    setInspect(null);
    if ('csvText' in ref && !ref.csvText.trim()) return;
    setBusy(true);
    try {
      const cut = 'csvText' in ref && ref.csvText.length > INSPECT_BYTES;
      const view = await unwrap(
        firmscope().match.bulkInspect('csvText' in ref ? { csvText: ref.csvText.slice(0, INSPECT_BYTES), ...(cut ? { partial: true } : {}) } : ref),
      );
      setInspect(view);
      setMapping(view.suggested);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    if (file.size > MAX_TEXT_BYTES) {
      setError({ code: 'invalid_input', message: `${file.name} is ${Math.round(file.size / 1_048_576)} MB; the limit is 50 MB. Split it into smaller files and match them one after the other.`, retryable: false });
      return;
    }
    try {
      const content = await file.text();
      setText(content);
      setPicked(null);
      setFileName(file.name);
      await readColumns({ csvText: content });
    } catch {
      setError({ code: 'io', message: `Could not read ${file.name}. Check that it is a text CSV file you can open.`, retryable: false });
    }
  };

  /** What the inspect and start calls refer to: the file main opened, else the text here. */
  const currentCsv = (): CsvRef => (picked ? { fileId: picked.fileId } : { csvText: text });

  const onPick = async () => {
    setError(null);
    try {
      const chosen = await unwrap(firmscope().match.pickFile());
      if (!chosen) return;
      setPicked(chosen);
      setText('');
      setFileName(chosen.fileName);
      await readColumns({ fileId: chosen.fileId });
    } catch (e) {
      setError(e);
    }
  };

  const conc = Number(concurrency);
  const concError = Number.isInteger(conc) && conc >= 1 && conc <= 16 ? undefined : 'Parallel requests must be a whole number from 1 to 16.';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!inspect || concError) return;
    onStart({ ...currentCsv(), fileName, mapping, concurrency: conc });
  };

  return (
    <form className="match-bulk-setup" onSubmit={submit} aria-label="Bulk match setup" noValidate>
      <fieldset>
        <legend>1. Companies to match (CSV with a header line)</legend>
        <div className="match-bulk-setup__source">
          {desktop ? (
            <div className="field">
              <button type="button" className="button" onClick={() => void onPick()} aria-describedby="match-bulk-picked">
                Open a CSV file…
              </button>
              <p id="match-bulk-picked" className="field__hint" role="status">
                {picked ? `${picked.fileName} (${Math.max(1, Math.round(picked.bytes / 1024)).toLocaleString('en-US')} KB)` : 'No file chosen.'}
              </p>
            </div>
          ) : (
            <div className="field">
              <label className="field__label" htmlFor="match-bulk-file">Open a CSV file</label>
              <input id="match-bulk-file" type="file" accept=".csv,.tsv,.txt,text/csv,text/plain" onChange={onFile} />
            </div>
          )}
          <TextAreaField
            label="…or paste CSV"
            rows={6}
            spellCheck={false}
            value={text.length > INSPECT_BYTES ? `${text.slice(0, 2000)}\n… (${Math.round(text.length / 1024)} KB loaded from ${fileName ?? 'file'})` : text}
            readOnly={text.length > INSPECT_BYTES}
            onChange={(e) => {
              setText(e.target.value);
              setPicked(null);
              setFileName(undefined);
              setInspect(null);
            }}
            hint="Comma, semicolon, tab or | separated. The first line names the columns."
          />
        </div>
        <div className="action-bar">
          <button type="button" className="button" disabled={(!text.trim() && !picked) || busy} onClick={() => void readColumns(currentCsv())}>
            Read columns
          </button>
          {busy ? <Spinner label="Reading columns…" /> : null}
        </div>
      </fieldset>
      {error ? <ErrorMessage error={error} title="Could not read the CSV" /> : null}
      {inspect ? (
        <fieldset>
          <legend>2. Which column holds what</legend>
          <div className="form-grid">
            {MAPPABLE_FIELDS.map((f) => (
              <SelectField
                key={f}
                label={MATCH_FIELD_LABELS[f]}
                value={mapping[f] ?? ''}
                onChange={(e) => setMapping((m) => ({ ...m, [f]: e.target.value || undefined }))}
              >
                <option value="">(not used)</option>
                {inspect.headers.map((h) => (
                  <option key={h} value={h}>{h}</option>
                ))}
              </SelectField>
            ))}
            <TextField label="Parallel requests" inputMode="numeric" value={concurrency} onChange={(e) => setConcurrency(e.target.value)} error={concError} hint="1–16. More is faster until the service slows down." />
          </div>
          <SamplePreview inspect={inspect} />
          <FileCheck inspect={inspect} />
          <div className="action-bar">
            <button type="submit" className="button button--primary" disabled={starting || !!concError}>
              Match all rows
            </button>
            {starting ? <Spinner label="Starting…" /> : null}
          </div>
        </fieldset>
      ) : null}
    </form>
  );
}

const ISSUE_LABEL: Record<CsvIssueView['kind'], string> = {
  field_count: 'wrong number of fields',
  unclosed_quote: 'quote never closed',
  unreadable: 'unreadable',
  formula: 'starts like a formula',
};

/** What the run will report before it starts: rows that cannot be read as they are, and formula-like cells. */
function FileCheck({ inspect }: { inspect: CsvInspectView }) {
  const { counts, rows } = inspect;
  const bad = counts.fieldCount + counts.unclosedQuote + counts.unreadable;
  const scope = inspect.partial ? `the first ${rows.toLocaleString('en-US')} rows` : `all ${rows.toLocaleString('en-US')} rows`;
  if (bad === 0 && counts.formula === 0) {
    return (
      <p className="match-bulk-check match-bulk-check--ok" role="status">
        Checked {scope}: every row has {inspect.headers.length} fields and no cell starts like a formula.
      </p>
    );
  }
  return (
    <div className="match-bulk-check" role="status" aria-labelledby="match-bulk-check-title">
      <p id="match-bulk-check-title" className="match-bulk-check__title">
        Checked {scope}: {bad > 0 ? `${bad.toLocaleString('en-US')} row${bad === 1 ? '' : 's'} cannot be read as they are (they stay in the results and the export as invalid, with their values)` : 'all rows can be read'}
        {counts.formula > 0 ? `; ${counts.formula.toLocaleString('en-US')} row${counts.formula === 1 ? '' : 's'} with a cell that starts like a formula` : ''}.
      </p>
      <ul className="match-bulk-check__list" aria-label="Rows to check before the run">
        {inspect.issues.map((issue) => (
          <li key={`${issue.kind}-${issue.line}`}>
            <span className={`pill ${issue.kind === 'formula' ? '' : 'pill--error'}`}>{ISSUE_LABEL[issue.kind]}</span> {issue.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

function SamplePreview({ inspect }: { inspect: CsvInspectView }) {
  if (inspect.sample.length === 0) return <p className="muted">The file has a header line but no rows yet.</p>;
  return (
    <div className="table-wrap match-bulk-setup__sample">
      <table className="data-table" aria-label="First rows of the CSV">
        <thead>
          <tr>
            {inspect.headers.map((h) => (
              <th key={h} scope="col">{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {inspect.sample.map((row, i) => (
            <tr key={i}>
              {inspect.headers.map((h) => (
                <td key={h}>{row[h]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
