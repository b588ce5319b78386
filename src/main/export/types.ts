// What one search export is: where its rows come from, the file it makes, and the progress it reports.
import type { SearchBody } from '../../shared/service/schemas';
import type { CsvOptions } from '../tabular/csv';
import type { TableFormat } from '../tabular/table-file';

export type ExportFormat = TableFormat;

/** An all-pages export stops here unless the analyst sets another limit. */
export const DEFAULT_ROW_LIMIT = 1_000_000;

export type ExportSourceSpec =
  | { kind: 'rows'; rows: Record<string, unknown>[] }
  | { kind: 'all'; body: SearchBody; pageSize: number; rowLimit: number };

export interface ExportSpec {
  id: string;
  source: ExportSourceSpec;
  format: ExportFormat;
  /** Dotted columns in order; null = every field that has a value (union over all pages). */
  columns: string[] | null;
  csv: CsvOptions;
  target: string;
  /** Where the temporary spool file goes (cleared on start-up). */
  spoolDir: string;
  /** For the XLSX "About" sheet. */
  about: { query: string; profile: string | null; startedAt: Date };
}

export interface ExportProgress {
  phase: 'fetching' | 'writing';
  /** Rows fetched (fetching) or written (writing). */
  rows: number;
  pages: number;
  /** The service's `count`, once the first page is in. */
  count?: number;
}
