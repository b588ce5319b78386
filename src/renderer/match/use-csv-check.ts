// Bulk setup's check of the CSV before the run (bulkInspect), as one hook: the columns and sample it
// found, the mapping and key column, the encoding a file is read in, and what failed. It does not know
// where the CSV came from: the caller passes the CSV it means (use-csv-source.ts holds that).
import { useRef, useState } from 'react';
import type { CsvInspectView } from '../../shared/bridge/groups/match';
import type { ColumnMapping } from '../../shared/match/fields';
import type { EncodingInfo, TextEncoding } from '../../shared/match/encodings';
import { toDisplayError } from '../ui/errors';
import { matchCalls } from '../data/match';
import { inspectInput, sameList, type CheckOptions, type CsvRef } from './bulk-setup-csv';

export function useCsvCheck() {
  const [inspect, setInspect] = useState<CsvInspectView | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [keyColumn, setKeyColumn] = useState<string | null>(null);
  const [encoding, setEncoding] = useState<EncodingInfo | null>(null);
  const [encodingError, setEncodingError] = useState<string | undefined>();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [checking, setChecking] = useState(false);
  /** The latest question: an answer to an earlier one that arrives late is dropped. */
  const asked = useRef(0);

  /** Asks main for the check; null when a later question overtook this one. */
  const ask = async (ref: CsvRef, opts: CheckOptions): Promise<CsvInspectView | null> => {
    const n = ++asked.current;
    const view = await matchCalls.bulkInspect(inspectInput(ref, opts));
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

  /** The analyst chose another encoding for the file main holds: the preview is read again that way. */
  const changeEncoding = async (fileId: string, enc: TextEncoding) => {
    setEncoding({ encoding: enc, source: 'chosen' });
    setEncodingError(undefined);
    setError(null);
    setChecking(true);
    const before = inspect;
    try {
      let view = await ask({ fileId }, { encoding: enc, ...(before ? { mapping, keyColumn } : {}) });
      if (!view) return;
      if (!before || !sameList(before.headers, view.headers)) {
        // Other column names (an umlaut in a header): the suggestions for them, checked again.
        setMapping(view.suggested);
        setKeyColumn(view.suggestedKey);
        view = before ? await ask({ fileId }, { encoding: enc, mapping: view.suggested, keyColumn: view.suggestedKey }) : view;
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

  /** The mapping or key column changed: the repeated rows are found again with them (a file read as before). */
  const recheck = async (ref: CsvRef, fileEncoding: TextEncoding | undefined, next: { mapping: ColumnMapping; keyColumn: string | null }) => {
    setMapping(next.mapping);
    setKeyColumn(next.keyColumn);
    if (!inspect) return;
    setChecking(true);
    try {
      const view = await ask(ref, { ...(fileEncoding ? { encoding: fileEncoding } : {}), ...next });
      if (view) setInspect(view);
    } catch (e) {
      setError(e);
    } finally {
      setChecking(false);
    }
  };

  /** The CSV changed by hand: what was found for the last one no longer holds. */
  const forget = () => {
    setInspect(null);
    setEncoding(null);
    setEncodingError(undefined);
  };

  return { inspect, mapping, keyColumn, encoding, encodingError, error, busy, checking, setError, setBusy, readColumns, changeEncoding, recheck, forget };
}

export type CsvCheck = ReturnType<typeof useCsvCheck>;
