// Bulk step 1–2: get the CSV (open a file or paste), then map its columns to match fields.
// The desktop app opens files with main's own dialog (no size limit, the file never crosses the
// bridge); browser mode sends the chosen file to main in chunks (upload-file.ts), then refers to it by id.
// A file's encoding is found by main from its bytes and shown with a menu to change it; the check
// before the run (bulkInspect) is asked again when the encoding, the mapping or the key column changes.
// This module puts the steps together and starts the run; where the CSV comes from is
// use-csv-source.ts, the check use-csv-check.ts, the steps CsvSourceStep and ColumnMappingStep.
import { useState, type FormEvent } from 'react';
import { useAppInfo } from '../data/profiles';
import { ErrorMessage } from '../ui/ErrorMessage';
import { uploadFile } from './upload-file';
import { CSV_TEXT_MAX_CHARS } from '../../shared/bridge/groups/match';
import { uploadMatchChunk } from '../data/match';
import { concurrencyError, type BulkStartRequest } from './bulk-setup-csv';
import { useCsvCheck } from './use-csv-check';
import { useCsvSource } from './use-csv-source';
import { CsvSourceStep } from './CsvSourceStep';
import { ColumnMappingStep } from './ColumnMappingStep';

export type { BulkStartRequest } from './bulk-setup-csv';

export function BulkSetup({ onStart, starting }: { onStart(req: BulkStartRequest): void; starting: boolean }) {
  const desktop = useAppInfo().data?.shell === 'electron';
  const check = useCsvCheck();
  const source = useCsvSource(check);
  const { inspect, mapping, keyColumn, encoding, setError, setBusy } = check;
  const { text, picked, fileName } = source;
  const [concurrency, setConcurrency] = useState('4');
  /** A file is read in the encoding its preview was read in; pasted text is already text. */
  const fileEncoding = picked && encoding ? encoding.encoding : undefined;

  const conc = Number(concurrency);
  const concError = concurrencyError(conc);
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
    onStart({ ...source.currentCsv(), fileName, mapping, concurrency: conc, keyColumn, ...(fileEncoding ? { encoding: fileEncoding } : {}) });
  };

  return (
    <form className="match-bulk-setup" onSubmit={submit} aria-label="Bulk match setup" noValidate>
      <CsvSourceStep desktop={desktop} source={source} check={check} />
      {check.error ? <ErrorMessage error={check.error} title="Could not read the CSV" /> : null}
      {inspect ? (
        <ColumnMappingStep
          inspect={inspect}
          mapping={mapping}
          keyColumn={keyColumn}
          checking={check.checking}
          onRecheck={(next) => void check.recheck(source.currentCsv(), fileEncoding, next)}
          concurrency={concurrency}
          concError={concError}
          onConcurrency={setConcurrency}
          starting={starting}
        />
      ) : null}
    </form>
  );
}
