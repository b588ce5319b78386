// Bridge group `esgRuns`: run ESG modules for many companies (a list or a selection), watch the
// board, and read stored results with their history. See docs/esg.md, "Runs".
import { z } from 'zod';
import { event, fn, group } from '../define';
import { EsgModuleSchema } from '../../service/schemas';
import {
  CompanyIdSchema,
  HISTORY_LIMIT_MAX,
  RunIdSchema,
  StartRunInputSchema,
  STORED_COMPANIES_MAX,
  SUMMARY_IDS_MAX,
  type CompanyEsgLatest,
  type EsgSummary,
  type RunBoard,
  type RunFinished,
  type RunInfo,
  type RunUpdate,
  type StoredEsgCompany,
  type StoredEsgResult,
} from '../../esg-runs/schemas';

const RunRef = z.object({ runId: RunIdSchema });

export const esgRunsGroup = group({
  fns: {
    /** Creates the run (every cell queued) in the active profile's workspace and starts it. */
    start: fn(StartRunInputSchema).returns<RunInfo>(),
    /** The whole board of a run: its info and every cell, for a first paint; then `esgRunUpdate`. */
    board: fn(RunRef).returns<RunBoard>(),
    /** Runs of the active profile, newest first. */
    list: fn(z.object({ limit: z.number().int().min(1).max(500).default(50) }).default({ limit: 50 })).returns<RunInfo[]>(),
    /** No new module requests; sessions already processing keep being watched and stored. */
    pause: fn(RunRef).returns<RunInfo>(),
    resume: fn(RunRef).returns<RunInfo>(),
    /** Stops every open cell (state cancelled); data already stored stays. */
    cancel: fn(RunRef).returns<RunInfo>(),
    /** Queues the failed cells again (not no_access / not_found); a finished run runs again. */
    retryFailed: fn(RunRef).returns<RunInfo>(),
    /** Latest and previous stored result of each module for one company. */
    latest: fn(z.object({ companyId: CompanyIdSchema })).returns<CompanyEsgLatest>(),
    /** Stored results of one company+module, newest first (score history, previous commitments). */
    history: fn(z.object({ companyId: CompanyIdSchema, module: EsgModuleSchema, limit: z.number().int().min(1).max(HISTORY_LIMIT_MAX).default(50) })).returns<StoredEsgResult[]>(),
    /** ESG columns for list views; companies without stored results are left out. */
    summaries: fn(z.object({ companyIds: z.array(CompanyIdSchema).max(SUMMARY_IDS_MAX) })).returns<EsgSummary[]>(),
    /** Companies with stored results (by the name stored with them), newest first; `text` narrows by name or id. */
    storedCompanies: fn(
      z.object({ text: z.string().trim().max(200).default(''), limit: z.number().int().min(1).max(STORED_COMPANIES_MAX).default(50) }),
    ).returns<StoredEsgCompany[]>(),
  },
  events: {
    /** Batched cell changes of a run (at most every RUN_UPDATE_EVERY_MS), plus its counts. */
    esgRunUpdate: event<RunUpdate>(),
    /** A run ended: title and body of its notification (names and counts, never ids). */
    runFinished: event<RunFinished>(),
  },
});
