// Bulk step 1: the CSV to match. The desktop app opens a file with main's dialog, browser mode with
// the page's file input; either way text can be pasted instead. A file's encoding is shown with a
// menu to change it. Long text loaded here is shown by its start only (the field would choke on it).
import { TextAreaField } from '../ui/Field';
import { formatCount } from '../ui/format';
import { Spinner } from '../ui/Spinner';
import { EncodingField } from './EncodingField';
import { INSPECT_BYTES } from './bulk-setup-csv';
import type { CsvCheck } from './use-csv-check';
import type { CsvSource } from './use-csv-source';

export function CsvSourceStep({ desktop, source, check }: { desktop: boolean; source: CsvSource; check: CsvCheck }) {
  const { text, picked, fileName } = source;
  const { encoding } = check;
  return (
    <fieldset>
      <legend>1. Companies to match (CSV with a header line)</legend>
      <div className="match-bulk-setup__source">
        {desktop ? (
          <div className="field">
            <button type="button" className="button" onClick={() => void source.onPick()} aria-describedby="match-bulk-picked">
              Open a CSV file…
            </button>
            <p id="match-bulk-picked" className="field__hint" role="status">
              {picked ? `${picked.fileName} (${formatCount(Math.max(1, Math.round(picked.bytes / 1024)))} KB)` : 'No file chosen.'}
            </p>
          </div>
        ) : (
          <div className="field">
            <label className="field__label" htmlFor="match-bulk-file">Open a CSV file</label>
            <input id="match-bulk-file" type="file" accept=".csv,.tsv,.txt,text/csv,text/plain" onChange={(e) => void source.onFile(e)} />
          </div>
        )}
        {picked && encoding ? (
          <EncodingField info={encoding} error={check.encodingError} busy={check.checking} onChange={(enc) => void check.changeEncoding(picked.fileId, enc)} />
        ) : null}
        <TextAreaField
          label="…or paste CSV"
          rows={6}
          spellCheck={false}
          value={text.length > INSPECT_BYTES ? `${text.slice(0, 2000)}\n… (${Math.round(text.length / 1024)} KB loaded from ${fileName ?? 'file'})` : text}
          readOnly={text.length > INSPECT_BYTES}
          onChange={(e) => source.onPaste(e.target.value)}
          hint="Comma, semicolon, tab or | separated. The first line names the columns."
        />
      </div>
      <div className="action-bar">
        <button
          type="button"
          className="button"
          disabled={(!text.trim() && !picked) || check.busy}
          onClick={() => void check.readColumns(source.currentCsv(), encoding?.source === 'chosen' ? encoding.encoding : undefined)}
        >
          Read columns
        </button>
        {check.busy ? <Spinner label="Reading columns…" /> : null}
      </div>
    </fieldset>
  );
}
