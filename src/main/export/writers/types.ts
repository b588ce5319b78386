import type { Cell } from '../cells';

/** A spreadsheet-shaped file (CSV, XLSX) being written to its `.partial` path. */
export interface TableWriter {
  /** Rows of cells in header order; resolves when buffered (backpressure). */
  writeRows(rows: Cell[][]): Promise<void>;
  /** Completes the file and makes it durable. */
  finish(): Promise<void>;
  /** Stops without completing; the caller removes the file. */
  abort(): Promise<void>;
}

/** A JSON-shaped file (JSON array, NDJSON). */
export interface RecordWriter {
  writeRecords(records: unknown[]): Promise<void>;
  finish(): Promise<void>;
  abort(): Promise<void>;
}
