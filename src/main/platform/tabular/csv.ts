// CSV records: CRLF or LF, UTF-8 (optional BOM) or a bulk-match input's own encoding. Fields go
// through the shared rules (formula prefix, quoting for `,` and `;` whatever the delimiter), see
// src/shared/export/cell-rules.ts; the presets that choose these options are in
// src/shared/export/csv-presets.ts.
import { csvField } from '../../../shared/export/cell-rules';
import type { TextEncoding } from '../../../shared/match/encodings';
import { csvFieldOf, type CsvFieldStyle } from './cells';
import { csvEncoder, hasBom } from './csv-encoding';
import type { FileSink } from './file-sink';

export type CsvDelimiter = ',' | ';' | '\t' | '|';

export interface CsvOptions {
  delimiter: CsvDelimiter;
  /** Byte-order mark so Excel on Windows reads the file as UTF-8 (none exists in a single-byte code page). */
  bom: boolean;
  /** Prefix formula-like text with ' (default on; off for pandas, R, Power Query). */
  formulaPrefix: boolean;
  lineEnding: 'crlf' | 'lf';
  /** Numbers as `12.5` or, for a spreadsheet in a decimal-comma locale, `12,5`. */
  decimalSeparator: '.' | ',';
  /** Every text field in quotes (ISO dates excepted: spreadsheets read them as dates). */
  quoteText: boolean;
  /** UTF-8 unless a bulk-match input came in another encoding; refuses characters it cannot hold. */
  encoding: TextEncoding;
  /** The first this many columns are written as they are, never prefixed: a bulk export's own cells, when the analyst chose so. */
  plainColumns?: number;
}

/** RFC 4180 as the app wrote it before presets: comma, CRLF, UTF-8 without BOM, formula prefix on. */
export const DEFAULT_CSV: CsvOptions = {
  delimiter: ',',
  bom: false,
  formulaPrefix: true,
  lineEnding: 'crlf',
  decimalSeparator: '.',
  quoteText: false,
  encoding: 'utf-8',
};

const eol = (opts: CsvOptions) => (opts.lineEnding === 'lf' ? '\n' : '\r\n');

/** How many cells got the formula prefix. */
export interface CsvCounts {
  neutralised: number;
}

/** One record of raw values, ended by the line ending; missing values are empty fields. */
export function csvRecord(values: readonly unknown[], width: number, opts: CsvOptions, counts?: CsvCounts): string {
  return recordText(values, width, opts, fieldStyle(opts, counts), eol(opts));
}

function fieldStyle(opts: CsvOptions, counts?: CsvCounts): CsvFieldStyle {
  return { decimalSeparator: opts.decimalSeparator, quoteText: opts.quoteText, ...(counts ? { counts } : {}) };
}

/** `order`: the value of field i is values[order[i]] (a layout), else values[i]. */
function recordText(values: readonly unknown[], width: number, opts: CsvOptions, style: CsvFieldStyle, end: string, order?: readonly number[]): string {
  let line = '';
  const plain = opts.plainColumns ?? 0;
  for (let i = 0; i < width; i++) {
    if (i > 0) line += opts.delimiter;
    const v = order ? values[order[i]!] : values[i]; // a layout has one entry per field (width)
    if (v !== null && v !== undefined) line += csvFieldOf(v, opts.delimiter, opts.formulaPrefix && i >= plain, style);
  }
  return line + end;
}

/** A field already final text: `quoted` says whether the first pass quoted it (kept with quoteText). */
export interface FinalField {
  text: string;
  quoted: boolean;
}

export interface CsvWriter {
  /**
   * Rows of raw values in column order (cut or padded to the header's width); with `order`, field i
   * of a row is row[order[i]] (saves re-ordering each row into a new array first).
   */
  writeRows(rows: readonly (readonly unknown[])[], width?: number, order?: readonly number[]): Promise<void>;
  /** Fields that already are final text (a file being re-ordered): quoted as needed, never prefixed again. */
  writeFinalFields(rows: readonly (readonly (string | FinalField)[])[]): Promise<void>;
  /** Cells written so far that got the formula prefix. */
  readonly counts: Readonly<CsvCounts>;
}

/** `sink`: the file's, or anything that takes the chunks in order (an export's format thread collects them). */
export async function openCsv(sink: Pick<FileSink, 'write'>, header: readonly string[], opts: CsvOptions): Promise<CsvWriter> {
  const encode = csvEncoder(opts.encoding);
  const counts: CsvCounts = { neutralised: 0 };
  if (opts.bom && hasBom(opts.encoding)) await sink.write(encode('\uFEFF'));
  // The header is text written by the app: never counted as neutralised data.
  if (header.length) await sink.write(encode(csvRecord(header, header.length, opts)));
  const width = header.length;
  const end = eol(opts);
  const style = fieldStyle(opts, counts);
  const final = (f: string | FinalField) =>
    typeof f === 'string' ? csvField(f, opts.delimiter) : f.quoted && opts.quoteText ? `"${f.text.replaceAll('"', '""')}"` : csvField(f.text, opts.delimiter);
  // One write per batch of rows: the sink's cost is per chunk, not per row.
  return {
    async writeRows(rows, w = width, order) {
      let text = '';
      for (const row of rows) text += recordText(row, w, opts, style, end, order);
      if (text) await sink.write(encode(text));
    },
    async writeFinalFields(rows) {
      let text = '';
      for (const row of rows) text += row.map(final).join(opts.delimiter) + end;
      if (text) await sink.write(encode(text));
    },
    counts,
  };
}
