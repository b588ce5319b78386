// RFC 4180 CSV: CRLF line ends, quotes only where needed, UTF-8, optional BOM (csv-encode.ts).
import { FileSink } from '../file-sink';
import { toCell, type Cell } from '../cells';
import { csvEncoder, type CsvDelimiter } from './csv-encode';
import type { TableWriter } from './types';

export interface CsvOptions {
  delimiter: CsvDelimiter;
  /** Byte-order mark so Excel on Windows reads the file as UTF-8. */
  bom: boolean;
}

export interface CsvWriter extends TableWriter {
  /** Rows of raw field values (converted like `toCell`), each padded or cut to `width`. */
  writeValues(rows: readonly unknown[][], width: number): Promise<void>;
  /** Records already encoded (UTF-8, CRLF-terminated) by an encoder thread. */
  writeBytes(records: Uint8Array): Promise<void>;
}

export async function openCsvWriter(path: string, header: string[], opts: CsvOptions): Promise<CsvWriter> {
  const sink = new FileSink(path);
  const encoder = csvEncoder(opts.delimiter);
  if (opts.bom) await sink.write('\uFEFF');
  if (header.length) await sink.write(encoder.record(header.map((h) => toCell(h))));
  // One write per batch of rows: the sink's cost is per chunk, not per row.
  return {
    async writeRows(rows: readonly Cell[][]) {
      let text = '';
      for (const row of rows) text += encoder.record(row);
      if (text) await sink.write(text);
    },
    async writeValues(rows, width) {
      let text = '';
      for (const row of rows) text += encoder.values(row, width);
      if (text) await sink.write(text);
    },
    async writeBytes(records) {
      if (records.byteLength) await sink.write(records);
    },
    finish: () => sink.close(),
    abort: () => sink.destroy(),
  };
}
