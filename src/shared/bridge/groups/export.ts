import { z } from 'zod';
import { event, fn, group } from '../define';
import { CsvOptionsSchema } from '../../export/csv-options';
import { PageSizeSchema } from '../../service/schemas';
import { ListIdSchema, ListViewSchema } from '../../lists/lists';
import type { BridgeError } from '../../errors';

export const EXPORT_FORMATS = ['csv', 'xlsx', 'json', 'ndjson'] as const;

/** An all-pages export stops at this many rows unless the analyst sets another limit. */
export const DEFAULT_EXPORT_ROW_LIMIT = 1_000_000;
export const MAX_EXPORT_ROW_LIMIT = 100_000_000;

export interface ExportJob {
  id: string;
  format: (typeof EXPORT_FORMATS)[number];
  fileName: string;
  state: 'running' | 'done' | 'failed' | 'cancelled';
  /** `fetching` pages from the service, then `writing` the file (CSV/XLSX of all fields spool first). */
  phase?: 'fetching' | 'writing';
  rows: number;
  pages: number;
  totalRows?: number;
  totalPages?: number;
  rowsPerSecond?: number;
  etaMs?: number;
  error?: BridgeError;
  /** Why an all-pages export ended before the service's last page (row limit, empty page, repeated token). */
  note?: string;
  /** Browser mode: where the finished file can be downloaded. */
  downloadUrl?: string;
  /** A list export: which list (its rows are read from the workspace, not fetched in pages). */
  list?: { id: number; name: string };
  startedAt: number;
  finishedAt?: number;
}

const ExportSource = z.discriminatedUnion('kind', [
  /** The page on screen: the renderer already holds these rows (at most one page). */
  z.object({ kind: z.literal('rows'), rows: z.array(z.record(z.string(), z.unknown())).max(200) }),
  /** Every page of a search, walked from the start in a fresh pagination session. */
  z.object({
    kind: z.literal('all'),
    body: z.unknown(),
    pageSize: PageSizeSchema,
    /** Default DEFAULT_EXPORT_ROW_LIMIT: a broken or hostile service cannot make an export run forever. */
    rowLimit: z.number().int().positive().max(MAX_EXPORT_ROW_LIMIT).optional(),
  }),
  /** A list as its view shows it (sort, text filter): every row, with the list's own columns (names, ESG summary). */
  z.object({ kind: z.literal('list'), listId: ListIdSchema, view: ListViewSchema }),
]);

export const exportGroup = group({
  fns: {
    estimate: fn(z.object({ body: z.unknown(), pageSize: PageSizeSchema })).returns<{ count: number; pages: number }>(),
    start: fn(
      z.object({
        source: ExportSource,
        format: z.enum(EXPORT_FORMATS),
        /** Visible grid columns in order; null exports every field seen. A list export ignores it (the list's columns). */
        columns: z.array(z.string().max(300)).max(500).nullable(),
        csv: CsvOptionsSchema.optional(),
        /** File name without extension or time (the time is added in main), e.g. companies-DE-employees-gt-1000; a list export uses the list's name. */
        suggestedName: z.string().max(200).optional(),
      }),
    ).returns<ExportJob | null>(),
    cancel: fn(z.object({ id: z.string().min(1) })).returns<void>(),
    list: fn(z.void()).returns<ExportJob[]>(),
    reveal: fn(z.object({ id: z.string().min(1) })).returns<void>(),
  },
  events: {
    progress: event<ExportJob>(),
  },
});
