// Copying from the result grid: rows as TSV (the columns shown, in their order) and one company id;
// each copy says what it did, or that the system clipboard refused, in the grid's status line.
import { useCallback, useState } from 'react';
import type { CompanyRecord } from '../../../shared/service/schemas';
import { toTsv } from '../../../shared/search/tsv';

export function useGridClipboard() {
  /** What the last toolbar or keyboard action did (copied, resized), read out by the status line. */
  const [status, setStatus] = useState<string | null>(null);
  const write = useCallback(async (text: string, done: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setStatus(done);
    } catch {
      setStatus('Copying was refused by the system clipboard.');
    }
  }, []);
  const copyId = useCallback((id: string) => void write(id, `Copied company ID ${id}.`), [write]);
  const copyRows = (records: CompanyRecord[], columns: readonly string[]) =>
    void write(toTsv(records, columns), `Copied ${records.length} row${records.length === 1 ? '' : 's'} as TSV.`);
  return { status, setStatus, copyId, copyRows };
}
