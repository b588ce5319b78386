// What one search export is: where its rows come from, the file it makes, and the progress it reports.
import type { SearchBody } from '../../../shared/service/schemas';
import type { ListsAccess } from '../lists/list-store';
import type { CsvOptions } from '../../platform/tabular/csv';
import type { TableFormat } from '../../platform/tabular/table-file';
import type { ViewWords } from '../../../shared/snapshots/view-words';
import type { ViewRows } from '../../platform/ports/export-records';
import type { WalkedPage } from '../../platform/paging/page-walker';

export type ExportFormat = TableFormat;

export type ExportSourceSpec =
  | { kind: 'rows'; rows: Record<string, unknown>[] }
  | { kind: 'all'; body: SearchBody; pageSize: number; rowLimit: number }
  /** A list view: its ids in view order, taken at start; members are read from the workspace in batches. `allFields`: the stored records instead of the list's columns. */
  | { kind: 'list'; listId: number; ids: string[]; store: Pick<ListsAccess, 'membersByIds'>; allFields?: boolean }
  /** A snapshot view: its row ids in view order, taken at start; records read from the workspace in batches through a reader opened when writing starts. */
  | { kind: 'snapshot'; ids: number[]; open(): { texts(ids: readonly number[]): string[]; close(): void } }
  /** Another feature's view (bulk-match results), read through the ViewRowReader it registered (platform/ports/export-records.ts). */
  | { kind: 'view'; rows: ViewRows };

/**
 * A page as the writer gets it. `json`: the records as the workspace stores them (JSON text, with
 * `records` empty), for JSON or NDJSON of all fields of a snapshot view: written as they are,
 * never parsed and stringified again (that was most of such an export's time at 1,000,000 rows).
 */
export type ExportPage = WalkedPage & { json?: readonly string[] };

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
  about: { query: string; list?: { name: string; filter: string | null; sort: string }; snapshot?: SnapshotAbout; view?: ViewRows['about']; profile: string | null; startedAt: Date };
}

/** What the About sheet records of a snapshot view export: when the rows were loaded, how many, and the view. */
export interface SnapshotAbout {
  loadedAt: Date;
  rows: number;
  view: ViewWords;
}

export interface ExportProgress {
  phase: 'fetching' | 'writing';
  /** Rows fetched (fetching) or written (writing). */
  rows: number;
  pages: number;
  /** The service's `count`, once the first page is in. */
  count?: number;
}
