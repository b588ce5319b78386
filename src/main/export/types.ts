// What one search export is: where its rows come from, the file it makes, and the progress it reports.
import type { SearchBody } from '../../shared/service/schemas';
import type { ListsAccess } from '../lists/list-store';
import type { CsvOptions } from '../tabular/csv';
import type { TableFormat } from '../tabular/table-file';

export type ExportFormat = TableFormat;

/** An all-pages export stops here unless the analyst sets another limit. */
export const DEFAULT_ROW_LIMIT = 1_000_000;

export type ExportSourceSpec =
  | { kind: 'rows'; rows: Record<string, unknown>[] }
  | { kind: 'all'; body: SearchBody; pageSize: number; rowLimit: number }
  /** A list view: its ids in view order, taken at start; members are read from the workspace in batches. */
  | { kind: 'list'; listId: number; ids: string[]; store: Pick<ListsAccess, 'membersByIds'> };

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
  /** For the XLSX "About" sheet; a list export names the list and its filter instead of a search. */
  about: { query: string; list?: { name: string; filter: string | null }; profile: string | null; startedAt: Date };
}

export interface ExportProgress {
  phase: 'fetching' | 'writing';
  /** Rows fetched (fetching) or written (writing). */
  rows: number;
  pages: number;
  /** The service's `count`, once the first page is in. */
  count?: number;
}
