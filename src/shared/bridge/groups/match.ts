import { z } from 'zod';
import { event, fn, group } from '../define';
import type { MatchCandidate } from '../../service/schemas';
import type { BridgeError } from '../../errors';
import type { BuildProblem } from '../../match/request-builder';
import { MAPPABLE_FIELDS, type ColumnMapping } from '../../match/fields';
import { ListIdSchema, ListNameSchema, type ListInfo } from '../../lists/lists';
import { DECISIONS, type Decision, type ReviewChoice, type ReviewCounts } from '../../match/review';
import { TEXT_ENCODINGS, type CsvInputFormat, type EncodingInfo } from '../../match/encodings';
import { IMPORT_MAX_BYTES } from '../../match/import-limits';
import { CsvOptionsSchema } from '../../export/csv-options';

/** Form values as typed (strings; limit may be a number). Checked by the request builder, not here, so the analyst gets field-level messages. */
const FieldsInput = z.record(z.string().max(40), z.union([z.string().max(2000), z.number()]));
/**
 * Exactly one of text (pasted, or read by the renderer from a file it was given) or the id of a file
 * main opened with its own dialog (pickFile, desktop app only). Main never reads a path the
 * renderer names: a compromised page could otherwise read any file through the sample rows.
 */
/** Largest bulk-match file, in bytes of the file (it reaches main in chunks: match.uploadChunk). */
export const UPLOAD_MAX_BYTES = IMPORT_MAX_BYTES;
/** Bytes of the file per chunk (one WebSocket frame carries it as base64, about 1.4 MB). */
export const UPLOAD_CHUNK_BYTES = 1024 * 1024;
/** Pasted text sent in one call; longer text is uploaded in chunks like a file. */
export const CSV_TEXT_MAX_CHARS = 2_000_000;

const CsvInput = z
  .object({
    csvText: z.string().max(CSV_TEXT_MAX_CHARS).optional(),
    fileId: z.uuid().optional(),
    /** Inspect only: `csvText` is the start of a larger file, so its cut last record is not judged. */
    partial: z.boolean().optional(),
    /** The encoding a file is read in (the preview's Encoding menu); absent: detected from its bytes. */
    encoding: z.enum(TEXT_ENCODINGS).optional(),
    /** The column holding the analyst's own id of a row (repeats are found by it); null: none; absent: guessed. */
    keyColumn: z.string().min(1).max(300).nullable().optional(),
  })
  .refine((v) => (v.csvText === undefined) !== (v.fileId === undefined), 'Paste CSV text or choose a file.')
  .refine((v) => v.encoding === undefined || v.fileId !== undefined, { message: 'Pasted text is already text: an encoding applies to a file only.', path: ['encoding'] });
/** Match field -> CSV column header. */
const MappingInput = z.partialRecord(z.enum(MAPPABLE_FIELDS), z.string().min(1).max(300));

export interface MatchPreview {
  /** null when the facts are not enough to build a body (see problems). */
  body: unknown;
  problems: BuildProblem[];
  /** Which builder shape applies: the default payload or the active profile's template. */
  source: 'default' | 'profile';
}

export interface MatchResultView {
  requestBody: unknown;
  count: number;
  /** Ranked by confidence, best first. */
  candidates: MatchCandidate[];
}

/** A row the run would report as invalid or unreadable, or a cell a spreadsheet would compute as a formula. */
export interface CsvIssueView {
  line: number;
  kind: 'field_count' | 'unclosed_quote' | 'unreadable' | 'formula';
  message: string;
}

/** A row that repeats an earlier one (same key, or same name and country). */
export interface RepeatView {
  line: number;
  /** The earlier line it repeats. */
  of: number;
  reason: 'key' | 'name';
  /** What is the same, as this row says it. */
  value: string;
  /** Its facts are the earlier row's: matched once, the answer reused (else matched on its own). */
  reused: boolean;
}

export interface CsvInspectView {
  /** How a file's bytes were read (absent for pasted text, which is already text). */
  encoding?: EncodingInfo;
  headers: string[];
  sample: Record<string, string>[];
  delimiter: string;
  suggested: ColumnMapping;
  /** The suggestion is the mapping last started with for a file with exactly these headers. */
  suggestedFromLast?: boolean;
  /** Records checked (the whole file, or its start when `partial`). */
  rows: number;
  counts: { fieldCount: number; unclosedQuote: number; unreadable: number; formula: number };
  /** The first few of each kind, in file order per kind. */
  issues: CsvIssueView[];
  partial: boolean;
  /** The key column the repeats were found by (the one asked for, else the guess), and the guess. */
  keyColumn: string | null;
  suggestedKey: string | null;
  /** Rows that repeat an earlier row: how many, and the first few in file order. */
  repeats: { count: number; reused: number; items: RepeatView[] };
}

/** A file the analyst chose in main's open dialog; only its name and size reach the renderer. */
export interface PickedFile {
  fileId: string;
  fileName: string;
  bytes: number;
}

export interface BulkRowView {
  /** Line in the file where the record starts (header is line 1). */
  line: number;
  input: Record<string, string>;
  state: 'pending' | 'matched' | 'no_match' | 'error' | 'invalid';
  best?: MatchCandidate;
  candidates?: number;
  error?: BridgeError;
  /** Review decision in force (null: no candidate to decide on). */
  decision: Decision | null;
  /** The best few candidates, best first (keys 1-9 in the review). */
  choices?: ReviewChoice[];
  /** The company the decision stands for (null when rejected, pending or no candidate). */
  chosenId: string | null;
  /** The earlier line this row repeats (same key, or same name and country). */
  duplicateOf?: number;
}
export interface BulkJobView {
  id: string;
  state: 'running' | 'done' | 'cancelled' | 'failed';
  fileName?: string;
  /** Still reading the file: `total` is what has been read so far. */
  reading: boolean;
  total: number;
  done: number;
  matched: number;
  noMatch: number;
  errors: number;
  invalid: number;
  startedAt: number;
  finishedAt?: number;
  rowsPerSecond?: number;
  /** Why the whole job stopped (file unreadable, no connection...). Row problems are on the rows. */
  error?: BridgeError;
  /** The app was closed while the job ran; it went on from where it was when the app started again. */
  resumedAt?: number;
  /** The review step: the threshold in force and how many matched rows have each decision. */
  review: ReviewCounts;
}

/** A bulk CSV export's own cells (the analyst's input columns): protected like the rest, or as in their file. */
export const OWN_CELLS = ['protect', 'as-is'] as const;
export type OwnCells = (typeof OWN_CELLS)[number];

/** The analyst's own cells the formula prefix would touch in a bulk CSV export. */
export interface OwnFormulaCells {
  cells: number;
  /** The input columns they are in, in file order. */
  columns: string[];
  /** The first such cell's text. */
  example: string | null;
}

export interface BulkExportResult {
  exportId: string;
  fileName: string;
  rows: number;
  /** CSV: what was written, in words ("semicolon-separated, decimal point, UTF-8 with byte-order mark, …"). */
  csv?: string;
  /** CSV: cells that got the formula prefix. */
  neutralised?: number;
  /** CSV: why the file is not in the input's encoding (a character it cannot store), and where. */
  notice?: string;
  /** Browser mode: where the file can be downloaded. */
  downloadUrl?: string;
}

/** What "Add accepted to list" did. */
export interface BulkAddToListResult {
  list: ListInfo;
  /** Companies that joined the list. */
  added: number;
  /** Accepted companies that were in the list already (or chosen by two rows). */
  alreadyIn: number;
  /** Matched rows left out: rejected ones and ones still pending review. */
  rejected: number;
  pending: number;
  /** Weights of the file's weight column that could not be read ("Line 7: “abc” is not a number…"): those companies joined without one. */
  weightProblems: string[];
}

export const matchGroup = group({
  fns: {
    /** The body that would be sent for these fields, per the active profile's payload template. */
    preview: fn(z.object({ fields: FieldsInput })).returns<MatchPreview>(),
    /** Sends `rawBody` (edited JSON) as is when given, else the body built from `fields`. */
    single: fn(z.object({ fields: FieldsInput.optional(), rawBody: z.unknown().optional() })).returns<MatchResultView>(),
    /** Desktop app: main's own open dialog (no size limit, nothing copied over the bridge). null = cancelled. */
    pickFile: fn(z.void()).returns<PickedFile | null>(),
    /**
     * A file the page read (browser mode, or a dropped file), sent in order in chunks of at most
     * UPLOAD_CHUNK_BYTES; the last one returns the file's id for bulkInspect/bulkStart.
     */
    uploadChunk: fn(
      z.object({
        uploadId: z.uuid().optional(),
        fileName: z.string().min(1).max(300),
        totalBytes: z.number().int().min(0),
        offset: z.number().int().min(0),
        data: z.base64().max(Math.ceil(UPLOAD_CHUNK_BYTES / 3) * 4),
        last: z.boolean(),
      }),
    ).returns<{ uploadId: string; file?: PickedFile }>(),
    /** The check before the run; `mapping` (name, country) and the key column say what a repeated row is. */
    bulkInspect: fn(z.intersection(CsvInput, z.object({ mapping: MappingInput.optional() }))).returns<CsvInspectView>(),
    bulkStart: fn(
      z.intersection(
        CsvInput,
        z.object({
          fileName: z.string().max(300).optional(),
          mapping: MappingInput,
          concurrency: z.number().int().min(1).max(16).default(4),
          /** Review threshold (the slider, remembered per profile); default DEFAULT_REVIEW_THRESHOLD. */
          reviewThreshold: z.number().min(0).max(1).optional(),
        }),
      ),
    ).returns<BulkJobView>(),
    bulkJobs: fn(z.void()).returns<BulkJobView[]>(),
    bulkRows: fn(
      z.object({
        id: z.string().max(128),
        offset: z.number().int().min(0),
        limit: z.number().int().min(1).max(1000),
        states: z.array(z.enum(['pending', 'matched', 'no_match', 'error', 'invalid'])).optional(),
        /** Only rows whose review decision is one of these (the review queue: ['pending']). */
        decisions: z.array(z.enum(DECISIONS)).optional(),
      }),
    ).returns<{ total: number; rows: BulkRowView[] }>(),
    /** Moves the review threshold of a job (0..1): rows without the analyst's decision follow it. */
    bulkSetThreshold: fn(z.object({ id: z.string().max(128), threshold: z.number().min(0).max(1) })).returns<BulkJobView>(),
    /** The analyst's decision on one matched row; `pick` names one of the row's candidates. */
    bulkDecide: fn(
      z.object({
        id: z.string().max(128),
        line: z.number().int().min(1),
        action: z.enum(['accept', 'reject', 'pick', 'reset']),
        companyId: z.string().min(1).max(256).optional(),
      }).refine((v) => v.action !== 'pick' || v.companyId !== undefined, 'Say which candidate to pick.'),
    ).returns<{ row: BulkRowView; job: BulkJobView }>(),
    /**
     * Puts the companies of accepted rows (auto-accepted, accepted, picked: the chosen candidate) in
     * an existing list or a new one (lists of the active profile). Rejected and pending rows stay out.
     */
    bulkAddToList: fn(
      z.object({
        id: z.string().max(128),
        target: z.union([z.object({ listId: ListIdSchema }), z.object({ newName: ListNameSchema })]),
      }),
    ).returns<BulkAddToListResult>(),
    bulkRetryFailures: fn(z.object({ id: z.string().max(128) })).returns<BulkJobView>(),
    bulkCancel: fn(z.object({ id: z.string().max(128) })).returns<void>(),
    /** Deletes a job that is not running, with its rows and decisions (jobs are kept until deleted). */
    bulkDelete: fn(z.object({ id: z.string().max(128) })).returns<void>(),
    /**
     * CSV: `csv` and `encoding` as chosen; without `csv`, the input file's own delimiter, BOM and
     * encoding (bulkCsvInput), CRLF and the formula prefix. `ownCells: 'as-is'` leaves the input's
     * own columns as in the file (no prefix there); the match columns are protected still.
     */
    bulkExport: fn(
      z.object({
        id: z.string().max(128),
        format: z.enum(['csv', 'xlsx', 'json']),
        csv: CsvOptionsSchema.optional(),
        encoding: z.enum(TEXT_ENCODINGS).optional(),
        ownCells: z.enum(OWN_CELLS).optional(),
      }),
    ).returns<BulkExportResult | null>(),
    /** The analyst's own cells a CSV export's formula prefix would touch (counted and offered before exporting). */
    bulkOwnFormulaCells: fn(z.object({ id: z.string().max(128) })).returns<OwnFormulaCells>(),
    /** How the job's input file was written (null: not known, e.g. a job from before this was kept). */
    bulkCsvInput: fn(z.object({ id: z.string().max(128) })).returns<CsvInputFormat | null>(),
    /** Desktop: shows a file bulkExport wrote in its folder (by the id it returned; never a path). */
    revealExport: fn(z.object({ exportId: z.string().min(1).max(128) })).returns<void>(),
  },
  events: {
    bulkProgress: event<BulkJobView>(),
  },
});
