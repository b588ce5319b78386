// RFC 4180 CSV: CRLF records, UTF-8, optional BOM. Fields go through the shared rules (formula prefix
// on by default, quoting for `,` and `;` whatever the delimiter), see src/shared/export/cell-rules.ts.
import { csvField } from '../../shared/export/cell-rules';
import { csvFieldOf } from './cells';
import type { FileSink } from './file-sink';

export type CsvDelimiter = ',' | ';' | '\t' | '|';

export interface CsvOptions {
  delimiter: CsvDelimiter;
  /** Byte-order mark so Excel on Windows reads the file as UTF-8. */
  bom: boolean;
  /** Prefix formula-like text with ' (default on; off for pandas, R, Power Query). */
  formulaPrefix: boolean;
}

export const DEFAULT_CSV: CsvOptions = { delimiter: ',', bom: false, formulaPrefix: true };

/** One record of raw values, CRLF-terminated; missing values are empty fields. */
export function csvRecord(values: readonly unknown[], width: number, opts: CsvOptions): string {
  let line = '';
  for (let i = 0; i < width; i++) {
    if (i > 0) line += opts.delimiter;
    const v = values[i];
    if (v !== null && v !== undefined) line += csvFieldOf(v, opts.delimiter, opts.formulaPrefix);
  }
  return `${line}\r\n`;
}

export interface CsvWriter {
  /** Rows of raw values in column order (cut or padded to the header's width). */
  writeRows(rows: readonly (readonly unknown[])[], width?: number): Promise<void>;
  /** Fields that already are final text (a file being re-ordered): quoted as needed, never prefixed again. */
  writeFinalFields(rows: readonly (readonly string[])[]): Promise<void>;
}

export async function openCsv(sink: FileSink, header: readonly string[], opts: CsvOptions): Promise<CsvWriter> {
  if (opts.bom) await sink.write('\uFEFF');
  if (header.length) await sink.write(csvRecord(header, header.length, opts));
  const width = header.length;
  // One write per batch of rows: the sink's cost is per chunk, not per row.
  return {
    async writeRows(rows, w = width) {
      let text = '';
      for (const row of rows) text += csvRecord(row, w, opts);
      if (text) await sink.write(text);
    },
    async writeFinalFields(rows) {
      let text = '';
      for (const row of rows) text += row.map((f) => csvField(f, opts.delimiter)).join(opts.delimiter) + '\r\n';
      if (text) await sink.write(text);
    },
  };
}
