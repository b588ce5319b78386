import { z } from 'zod';
import { event, fn, group } from '../define';
import { CsvOptionsSchema } from '../../export/csv-options';
import { CsvPreferenceSchema, type CsvPreference, type LocaleSeparators } from '../../export/csv-presets';
import { PageSizeSchema } from '../../service/schemas';
import { ListIdSchema, ListViewSchema } from '../../lists/lists';
import { SnapshotViewSchema } from '../../snapshots/snapshot';
import { DECISIONS } from '../../match/review';
import type { BridgeError } from '../../errors';

export const EXPORT_FORMATS = ['csv', 'xlsx', 'json', 'ndjson'] as const;

/** An all-pages export stops at this many rows unless the analyst sets another limit. */
export const DEFAULT_EXPORT_ROW_LIMIT = 1_000_000;
export const MAX_EXPORT_ROW_LIMIT = 100_000_000;

/** Where an export's rows came from, as the Exports screen names it. */
export const EXPORT_ORIGINS = ['search', 'page', 'snapshot', 'list', 'match', 'match-view', 'esg', 'watches'] as const;
export type ExportOrigin = (typeof EXPORT_ORIGINS)[number];

export interface ExportJob {
  id: string;
  /** Absent in history written before the origin was kept (then: a list or a search). */
  origin?: ExportOrigin;
  /** What was exported, in words: the search, the snapshot view, the list, the bulk-match file, the ESG source. */
  source?: string;
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
  /** The finished file's size in bytes. */
  bytes?: number;
  /** CSV: how many cells the formula prefix touched (the writer's count). */
  neutralised?: number;
  /** CSV, JSON, NDJSON: the name of the `<file>.about.json` sidecar beside the file (what an XLSX About sheet holds). */
  aboutFile?: string;
  /** Browser mode: where that sidecar can be downloaded (it is not beside a downloaded file). */
  aboutDownloadUrl?: string;
  /** "Export again" writes the same source, format, columns and options to a new file. */
  canRepeat?: boolean;
  startedAt: number;
  finishedAt?: number;
}

/** What every CSV dialog opens with: main's locale separators (for "Excel on this computer") and the profile's choice. */
export interface CsvPreferenceView {
  separators: LocaleSeparators;
  preference: CsvPreference;
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
  /**
   * A list as its view shows it (sort, text filter): every row, with the list's own columns (names,
   * ESG summary), or with `fields: 'all'` every field of the stored records plus the ESG summary.
   */
  z.object({ kind: z.literal('list'), listId: ListIdSchema, view: ListViewSchema, fields: z.enum(['list', 'all']).optional() }),
  /** A snapshot view (text filter, facets, sort): every row of the view in its order, read from the workspace. */
  z.object({ kind: z.literal('snapshot'), snapshotId: z.number().int().positive(), view: SnapshotViewSchema }),
  /**
   * A bulk-match job's results as the table shows them (its Show filter or the review queue, in file
   * order): the table's columns (`fields` 'visible') or every field of each row ('all').
   */
  z.object({
    kind: z.literal('match'),
    jobId: z.string().max(128),
    states: z.array(z.enum(['pending', 'matched', 'no_match', 'error', 'invalid'])).optional(),
    decisions: z.array(z.enum(DECISIONS)).optional(),
    fields: z.enum(['visible', 'all']).optional(),
  }),
]);

export const ExportStartSchema = z.object({
  source: ExportSource,
  format: z.enum(EXPORT_FORMATS),
  /** Visible grid columns in order; null exports every field seen. A list export ignores it (the list's columns). */
  columns: z.array(z.string().max(300)).max(500).nullable(),
  csv: CsvOptionsSchema.optional(),
  /** File name without extension or time (the time is added in main), e.g. companies-DE-employees-gt-1000; a list export uses the list's name. */
  suggestedName: z.string().max(200).optional(),
});
export type ExportStartInput = z.infer<typeof ExportStartSchema>;

export const exportGroup = group({
  fns: {
    estimate: fn(z.object({ body: z.unknown(), pageSize: PageSizeSchema })).returns<{ count: number; pages: number }>(),
    start: fn(ExportStartSchema).returns<ExportJob | null>(),
    cancel: fn(z.object({ id: z.string().min(1) })).returns<void>(),
    list: fn(z.void()).returns<ExportJob[]>(),
    reveal: fn(z.object({ id: z.string().min(1) })).returns<void>(),
    /** Writes a listed export again (same source, format, columns, options) to a new file; null when no file was chosen. */
    again: fn(z.object({ id: z.string().min(1) })).returns<{ fileName: string } | null>(),
    /** Removes a finished export from the list; the file stays where it is. */
    forget: fn(z.object({ id: z.string().min(1) })).returns<void>(),
    /** The CSV preset the active profile last chose, and the locale separators main writes "Excel on this computer" with. */
    csvPreference: fn(z.void()).returns<CsvPreferenceView>(),
    /** Remembers the active profile's CSV preset (and its Custom options). */
    rememberCsvPreference: fn(CsvPreferenceSchema).returns<void>(),
  },
  events: {
    progress: event<ExportJob>(),
  },
});
