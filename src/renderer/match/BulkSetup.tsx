// Bulk step 1–2: get the CSV (open a file or paste), then map its columns to match fields.
// The desktop app opens files with main's own dialog (no size limit, the file never crosses the
// bridge); browser mode sends the chosen file to main in chunks (upload-file.ts), then refers to it by id.
// A file's encoding is found by main from its bytes and shown with a menu to change it; the check
// before the run (bulkInspect) is asked again when the encoding, the mapping or the key column changes.
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { CsvInspectView, PickedFile } from '../../shared/bridge/groups/match';
import { useAppInfo } from '../data/profiles';
import { MAPPABLE_FIELDS, MATCH_FIELD_LABELS, type ColumnMapping } from '../../shared/match/fields';
import type { EncodingInfo, TextEncoding } from '../../shared/match/encodings';
import { SelectField, TextAreaField, TextField } from '../ui/Field';
import { ErrorMessage } from '../ui/ErrorMessage';
import { toDisplayError } from '../ui/errors';
import { Spinner } from '../ui/Spinner';
import { uploadFile, uploadTooBig } from './upload-file';
import { CSV_TEXT_MAX_CHARS } from '../../shared/bridge/groups/match';
import { FileCheck, RepeatsCheck, SamplePreview } from './BulkCheck';
import { EncodingField } from './EncodingField';
import { matchCalls } from '../data/match';
import { uploadMatchChunk } from '../data/match';

/** Text up to what the bridge takes in one call is checked whole before the run; a larger one over its start. */
const INSPECT_BYTES = CSV_TEXT_MAX_CHARS;

/** The CSV to match: text in the page, or a file main opened (desktop app). */
type CsvRef = { csvText: string } | { fileId: string };

export type BulkStartRequest = CsvRef & {
  fileName?: string;
  mapping: ColumnMapping;
  concurrency: number;
  /** A file's encoding as the preview read it (the run reads it the same way). */
  encoding?: TextEncoding;
  /** The column repeated rows are found by (null: none). */
  keyColumn: string | null;
};

/** What the check is asked besides the CSV: how to read a file, and what makes a row a repeat. */
interface CheckOptions {
  encoding?: TextEncoding;
  mapping?: ColumnMapping;
  keyColumn?: string | null;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export function BulkSetup({ onStart, starting }: { onStart(req: BulkStartRequest): void; starting: boolean }) {
  const desktop = useAppInfo().data?.shell === 'electron';
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const [fileName, setFileName] = useState<string | undefined>();
  const [inspect, setInspect] = useState<CsvInspectView | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [keyColumn, setKeyColumn] = useState<string | null>(null);
  const [encoding, setEncoding] = useState<EncodingInfo | null>(null);
  const [encodingError, setEncodingError] = useState<string | undefined>();
  const [concurrency, setConcurrency] = useState('4');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [checking, setChecking] = useState(false);
  /** The latest question: an answer to an earlier one that arrives late is dropped. */
  const asked = useRef(0);

  /** Asks main for the check; null when a later question overtook this one. */
  const ask = async (ref: CsvRef, opts: CheckOptions): Promise<CsvInspectView | null> => {
    const n = ++asked.current;
    const { encoding: enc, ...repeats } = opts;
    const cut = 'csvText' in ref && ref.csvText.length > INSPECT_BYTES;
    const input =
      'csvText' in ref
        ? { csvText: ref.csvText.slice(0, INSPECT_BYTES), ...(cut ? { partial: true } : {}), ...repeats }
        : { ...ref, ...(enc ? { encoding: enc } : {}), ...repeats };
    const view = await matchCalls.bulkInspect(input);
    return n === asked.current ? view : null;
  };

  /** A new CSV: its encoding found again (unless the analyst chose one), the mapping and key column suggested. */
  const readColumns = async (ref: CsvRef, chosen?: TextEncoding) => {
    setError(null);
    setInspect(null);
    setEncodingError(undefined);
    if (!chosen) setEncoding(null);
    if ('csvText' in ref && !ref.csvText.trim()) return;
    setBusy(true);
    try {
      const view = await ask(ref, chosen ? { encoding: chosen } : {});
      if (!view) return;
      setInspect(view);
      setMapping(view.suggested);
      setKeyColumn(view.keyColumn);
      setEncoding(view.encoding ?? null);
    } catch (e) {
      // A file not valid in its encoding keeps the menu, with the line that does not fit next to it.
      const err = toDisplayError(e);
      if (err.details?.field === 'encoding' && typeof err.details.encoding === 'string') {
        setEncoding({ encoding: err.details.encoding as TextEncoding, source: (err.details.encodingSource as EncodingInfo['source'] | undefined) ?? 'chosen' });
        setEncodingError(err.message);
      } else setError(e);
    } finally {
      setBusy(false);
    }
  };

  /** The analyst chose another encoding: the preview is read again that way. */
  const changeEncoding = async (enc: TextEncoding) => {
    if (!picked) return;
    setEncoding({ encoding: enc, source: 'chosen' });
    setEncodingError(undefined);
    setError(null);
    setChecking(true);
    const before = inspect;
    try {
      let view = await ask({ fileId: picked.fileId }, { encoding: enc, ...(before ? { mapping, keyColumn } : {}) });
      if (!view) return;
      if (!before || !sameList(before.headers, view.headers)) {
        // Other column names (an umlaut in a header): the suggestions for them, checked again.
        setMapping(view.suggested);
        setKeyColumn(view.suggestedKey);
        view = before ? await ask({ fileId: picked.fileId }, { encoding: enc, mapping: view.suggested, keyColumn: view.suggestedKey }) : view;
        if (!view) return;
      }
      setInspect(view);
    } catch (e) {
      // The preview of another reading would mislead: it goes, and the line that does not fit is named.
      setInspect(null);
      setEncodingError(toDisplayError(e).message);
    } finally {
      setChecking(false);
    }
  };

  /** The mapping or key column changed: the repeated rows are found again with them. */
  const recheck = async (next: { mapping: ColumnMapping; keyColumn: string | null }) => {
    setMapping(next.mapping);
    setKeyColumn(next.keyColumn);
    if (!inspect) return;
    setChecking(true);
    try {
      const view = await ask(currentCsv(), { ...(picked && encoding ? { encoding: encoding.encoding } : {}), ...next });
      if (view) setInspect(view);
    } catch (e) {
      setError(e);
    } finally {
      setChecking(false);
    }
  };

  // Never rejects: every failure after the size check is caught and shown (setError).
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const tooBig = uploadTooBig(file.name, file.size);
    if (tooBig) {
      setError({ code: 'invalid_input', message: tooBig, retryable: false });
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const sent = await uploadFile(file, file.name, uploadMatchChunk);
      setText('');
      setPicked(sent);
      setFileName(sent.fileName);
      await readColumns({ fileId: sent.fileId });
    } catch (e) {
      setError(
        e && typeof e === 'object' && 'code' in e
          ? e
          : { code: 'io', message: `Could not read ${file.name}. Check that it is a text CSV file you can open.`, retryable: false },
      );
    } finally {
      setBusy(false);
    }
  };

  /** What the inspect and start calls refer to: the file main holds, else the text here. */
  const currentCsv = (): CsvRef => (picked ? { fileId: picked.fileId } : { csvText: text });

  const onPick = async () => {
    setError(null);
    try {
      const chosen = await matchCalls.pickFile();
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
    if (!picked && text.length > CSV_TEXT_MAX_CHARS) {
      // Long pasted text travels like a file, in chunks (as UTF-8: it is the page's own text).
      setBusy(true);
      void uploadFile(new Blob([text]), 'pasted.csv', uploadMatchChunk)
        .then((sent) => onStart({ fileId: sent.fileId, fileName, mapping, concurrency: conc, encoding: 'utf-8', keyColumn }))
        .catch((err) => setError(err))
        .finally(() => setBusy(false));
      return;
    }
    onStart({ ...currentCsv(), fileName, mapping, concurrency: conc, keyColumn, ...(picked && encoding ? { encoding: encoding.encoding } : {}) });
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
              <input id="match-bulk-file" type="file" accept=".csv,.tsv,.txt,text/csv,text/plain" onChange={(e) => void onFile(e)} />
            </div>
          )}
          {picked && encoding ? <EncodingField info={encoding} error={encodingError} busy={checking} onChange={(enc) => void changeEncoding(enc)} /> : null}
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
              setEncoding(null);
              setEncodingError(undefined);
            }}
            hint="Comma, semicolon, tab or | separated. The first line names the columns."
          />
        </div>
        <div className="action-bar">
          <button type="button" className="button" disabled={(!text.trim() && !picked) || busy} onClick={() => void readColumns(currentCsv(), encoding?.source === 'chosen' ? encoding.encoding : undefined)}>
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
                onChange={(e) => void recheck({ mapping: { ...mapping, [f]: e.target.value || undefined }, keyColumn })}
              >
                <option value="">(not used)</option>
                {inspect.headers.map((h) => (
                  <option key={h} value={h}>{h}</option>
                ))}
              </SelectField>
            ))}
            <SelectField
              label="Key column"
              value={keyColumn ?? ''}
              onChange={(e) => void recheck({ mapping, keyColumn: e.target.value || null })}
              hint="Your own id of each row (ref, customer number…). Rows with the same value here, or the same company name and country, are flagged and matched once."
            >
              <option value="">(none)</option>
              {inspect.headers.map((h) => (
                <option key={h} value={h}>{h}</option>
              ))}
            </SelectField>
            <TextField label="Parallel requests" inputMode="numeric" value={concurrency} onChange={(e) => setConcurrency(e.target.value)} error={concError} hint="1–16. More is faster until the service slows down." />
          </div>
          <SamplePreview inspect={inspect} />
          <FileCheck inspect={inspect} />
          <RepeatsCheck inspect={inspect} checking={checking} />
          {checking ? <Spinner label="Checking the file again…" /> : null}
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
