// RFC 4180 CSV via csv-stringify: CRLF line ends, quotes only where needed, UTF-8, optional BOM.
import { stringify } from 'csv-stringify/sync';
import { FileSink } from '../file-sink';
import { csvText, toCell, type Cell } from '../cells';
import type { TableWriter } from './types';

export interface CsvOptions {
  delimiter: ',' | ';' | '\t' | '|';
  /** Byte-order mark so Excel on Windows reads the file as UTF-8. */
  bom: boolean;
}

export async function openCsvWriter(path: string, header: string[], opts: CsvOptions): Promise<TableWriter> {
  const sink = new FileSink(path);
  // One stringify call per batch of rows keeps csv-stringify's per-call cost off the hot path.
  const encode = (rows: Cell[][]) =>
    stringify(
      rows.map((r) => r.map(csvText)),
      { delimiter: opts.delimiter, record_delimiter: '\r\n' },
    );
  if (opts.bom) await sink.write('\uFEFF');
  if (header.length) await sink.write(encode([header.map((h) => toCell(h))]));
  return {
    async writeRows(rows) {
      if (rows.length) await sink.write(encode(rows));
    },
    finish: () => sink.close(),
    abort: () => sink.destroy(),
  };
}
