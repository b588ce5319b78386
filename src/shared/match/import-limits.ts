// What a bulk-match import reads at most, shared by main (the reader, the file picker, the upload)
// and the renderer (the upload's own check): a file's size, its columns, one record's length. Each
// bound keeps an import's time and memory in proportion to what a company list needs; past one, the
// analyst reads which limit and what to do, before anything is matched.
import { sentenceCount } from '../sentence-numbers';

/** Largest file, in bytes (the desktop dialog's file and browser mode's upload alike). */
export const IMPORT_MAX_BYTES = 50_000_000;
/**
 * Most columns. Each record is held as one value per column: a file of 10,000 near-empty columns
 * took about 21 times its size in memory. A company list needs a handful.
 */
export const IMPORT_MAX_COLUMNS = 1_000;
/** Longest record, in characters: a company's row is a few hundred; a longer one is a broken file. */
export const IMPORT_MAX_RECORD_CHARS = 1_000_000;

const n = (x: number) => sentenceCount(x);

/** Too big to read: the message names the file's size and the limit, in the analyst's units; null when it fits. */
export function importTooBig(name: string, bytes: number): string | null {
  if (bytes <= IMPORT_MAX_BYTES) return null;
  return `${name} is ${(bytes / 1_000_000).toFixed(1)} MB; the limit is ${IMPORT_MAX_BYTES / 1_000_000} MB (${n(IMPORT_MAX_BYTES)} bytes) of file. Split it into smaller files and match them one after the other.`;
}

export function tooManyColumns(columns: number): string {
  return `This file has ${n(columns)} columns; the limit is ${n(IMPORT_MAX_COLUMNS)}. Keep only the columns the match needs (name, country, website, address...), save the file, and open it again.`;
}

export function recordTooLong(line: number): string {
  return (
    `Line ${n(line)}: one record runs past ${n(IMPORT_MAX_RECORD_CHARS)} characters (the limit for one row), so the file is not read further. ` +
    'A quote opened there and never closed does this, and so does a file that is not a CSV with one company per line. Fix the line, or save the file again as "CSV UTF-8", then open it again.'
  );
}
