// ESG runs: one "Refresh ESG" for many companies (a list or a selection), its per-cell tasks
// (company x module), and the ESG results stored with their history. Shared by main (engine,
// store), the bridge group `esgRuns`, the board, the lists view and the ESG export.
import { z } from 'zod';
import { EsgModuleSchema, type EsgModule } from '../service/schemas';
import type { BridgeError } from '../errors';
import { sentenceCount } from '../sentence-numbers';

/** Companies one run may hold (x3 modules = cells on the board). */
export const RUN_COMPANIES_MAX = 10_000;
/** Concurrent module requests + watched sessions per profile: default and allowed range. */
export const ESG_CONCURRENCY_DEFAULT = 4;
export const ESG_CONCURRENCY_MAX = 32;
/** `esgRunUpdate` batches task changes at most this often (ms). */
export const RUN_UPDATE_EVERY_MS = 100;

export const RUN_STATUSES = ['running', 'paused', 'cancelled', 'finished'] as const;
export const RunStatusSchema = z.enum(RUN_STATUSES);
export type RunStatus = z.infer<typeof RunStatusSchema>;

/**
 * One cell's state. queued -> requesting -> processing -> complete; `not_found` (the service's
 * value), `failed` (reason in `error`, "Retry failed" queues it again), `no_access` (403: the
 * client lacks the ESG permission), `cancelled` (the run was cancelled before it ended).
 */
export const TASK_STATES = ['queued', 'requesting', 'processing', 'complete', 'not_found', 'failed', 'no_access', 'cancelled'] as const;
export const TaskStateSchema = z.enum(TASK_STATES);
export type TaskState = z.infer<typeof TaskStateSchema>;
export const TERMINAL_TASK_STATES: readonly TaskState[] = ['complete', 'not_found', 'failed', 'no_access', 'cancelled'];
export const isTerminalTask = (s: TaskState): boolean => TERMINAL_TASK_STATES.includes(s);

export const RunIdSchema = z.number().int().positive();
/** Lists are rows of the lists engineer's table (integer ids, like snapshots). */
export const ListIdSchema = z.number().int().positive();
export const CompanyIdSchema = z.string().trim().min(1).max(128);

export const RunCompanySchema = z.object({
  companyId: CompanyIdSchema,
  /** The name the renderer shows; main never looks names up for a run (names, not ids, on the board). */
  companyName: z.string().trim().max(2000).nullable().optional(),
});
export type RunCompany = z.infer<typeof RunCompanySchema>;

export const StartRunInputSchema = z.object({
  companies: z.array(RunCompanySchema).min(1, 'Choose at least one company').max(RUN_COMPANIES_MAX, { error: () => `At most ${sentenceCount(RUN_COMPANIES_MAX)} companies per run` }),
  modules: z
    .array(EsgModuleSchema)
    .min(1, 'Choose at least one module')
    .refine((m) => new Set(m).size === m.length, 'Each module once'),
  /** Shown on the board and in the notification, e.g. the list's name or "3 selected companies". */
  label: z.string().trim().min(1).max(200),
  listId: ListIdSchema.nullable().optional(),
});
export type StartRunInput = z.infer<typeof StartRunInputSchema>;

export type TaskCounts = Record<TaskState, number>;

export interface RunInfo {
  id: number;
  profileId: string;
  label: string;
  listId: number | null;
  modules: EsgModule[];
  status: RunStatus;
  createdAt: number;
  finishedAt: number | null;
  /** Cells per state. */
  counts: TaskCounts;
  /** Cells in total (companies x modules). */
  total: number;
  companies: number;
  /** Estimated epoch ms the run ends, from its recent pace; null while unknown or not running. */
  etaAt: number | null;
}

export interface TaskView {
  id: number;
  runId: number;
  /** Position of the company in the run (board order). */
  seq: number;
  companyId: string;
  companyName: string | null;
  module: EsgModule;
  state: TaskState;
  sessionId: string | null;
  /** Last `result_count` while processing (and at the end). */
  progressCount: number | null;
  /** What `progressCount` counts for this module (COUNT_SEMANTICS unit, e.g. "articles held"). */
  progressUnit: string;
  /** Why it failed / has no access; also the last transient error while retrying. */
  error: BridgeError | null;
  /** Module requests made for this cell (including re-requests). */
  attempts: number;
  /** The service forgot the session (404) and the module was requested again (only once). */
  resubmitted: boolean;
  createdAt: number;
  startedAt: number | null;
  updatedAt: number;
  finishedAt: number | null;
}

export interface RunBoard {
  run: RunInfo;
  /** Ordered by seq, then module (news, commitments, scores). */
  tasks: TaskView[];
}

/** Batched changes of one run (every RUN_UPDATE_EVERY_MS at most): its info, and the cells that changed. */
export interface RunUpdate {
  run: RunInfo;
  tasks: TaskView[];
}

/** Told once when a run ends (finished or cancelled): browser mode turns it into a web notification. */
export interface RunFinished {
  run: RunInfo;
  title: string;
  body: string;
}

/** One stored fetch of a module's data for a company (every refresh is kept: history). */
export interface StoredEsgResult {
  id: number;
  companyId: string;
  companyName: string | null;
  module: EsgModule;
  /** Epoch ms the data was fetched (after the session completed). */
  fetchedAt: number;
  runId: number | null;
  itemCount: number;
  items: Record<string, unknown>[];
}

export interface ModuleLatest {
  latest: StoredEsgResult | null;
  /** The refresh before `latest` (for "change since previous", replaced commitments). */
  previous: StoredEsgResult | null;
  /** Keys (article_id / commitment_id / score_id) of items in `latest` but not in `previous`; all when no previous. */
  newSincePrevious: string[];
}

export interface CompanyEsgLatest {
  companyId: string;
  companyName: string | null;
  modules: Record<EsgModule, ModuleLatest>;
}

/** ESG columns for list views (one row per company that has any stored result). */
export interface EsgSummary {
  companyId: string;
  overall: number | null;
  environmental: number | null;
  social: number | null;
  governance: number | null;
  rating: string | null;
  newsCount: number | null;
  commitmentsCount: number | null;
  /** Epoch ms of the newest stored result of any module. */
  lastRefreshed: number | null;
  /** Overall score now minus at the previous scores refresh; null without two refreshes. */
  overallChange: number | null;
  /** Rating at the previous scores refresh. */
  previousRating: string | null;
}

/** A company with stored ESG results, by the name it was stored under (the ESG screen's finder). */
export interface StoredEsgCompany extends EsgSummary {
  name: string | null;
}

export const HISTORY_LIMIT_MAX = 500;
export const STORED_COMPANIES_MAX = 200;
export const SUMMARY_IDS_MAX = 50_000;
