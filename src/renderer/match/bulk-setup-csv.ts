// What bulk setup asks main about the CSV, as plain data and pure rules: which CSV (text here or a
// file main holds), the check's input (text cut to what the bridge takes in one call), the start
// request and the rule for parallel requests. Kept apart from the hooks so each reads and is tested alone.
import { CSV_TEXT_MAX_CHARS } from '../../shared/bridge/groups/match';
import type { ColumnMapping } from '../../shared/match/fields';
import type { TextEncoding } from '../../shared/match/encodings';

/** Text up to what the bridge takes in one call is checked whole before the run; a larger one over its start. */
export const INSPECT_BYTES = CSV_TEXT_MAX_CHARS;

/** The CSV to match: text in the page, or a file main opened (desktop app). */
export type CsvRef = { csvText: string } | { fileId: string };

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
export interface CheckOptions {
  encoding?: TextEncoding;
  mapping?: ColumnMapping;
  keyColumn?: string | null;
}

/** The check's input: long text is cut (and said to be), a file is read in the encoding asked for. */
export function inspectInput(ref: CsvRef, opts: CheckOptions) {
  const { encoding: enc, ...repeats } = opts;
  const cut = 'csvText' in ref && ref.csvText.length > INSPECT_BYTES;
  return 'csvText' in ref
    ? { csvText: ref.csvText.slice(0, INSPECT_BYTES), ...(cut ? { partial: true } : {}), ...repeats }
    : { ...ref, ...(enc ? { encoding: enc } : {}), ...repeats };
}

export const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Why the parallel requests field is refused, or undefined when it is a whole number from 1 to 16. */
export function concurrencyError(conc: number): string | undefined {
  return Number.isInteger(conc) && conc >= 1 && conc <= 16 ? undefined : 'Parallel requests must be a whole number from 1 to 16.';
}
