// Messages between a CSV export of all fields and its format thread (format-thread.ts). Structured-cloned, so plain data.
import type { CsvOptions } from '../../platform/tabular/csv';
import type { FormatEnd } from './csv-all-fields-format';

export interface FormatStart {
  csv: CsvOptions;
}

export type FormatRequest = { kind: 'batch'; id: number; texts: string[] } | { kind: 'end'; id: number };

/** `bytes`: the batch's chunks joined (UTF-8 text or the encoding's bytes), its buffer transferred. */
export type FormatReply =
  | { kind: 'ready' }
  | { kind: 'batch'; id: number; bytes: Uint8Array }
  | { kind: 'end'; id: number; bytes: Uint8Array; end: FormatEnd }
  | { kind: 'failed'; id: number; message: string; code?: string };
