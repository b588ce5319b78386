import { z } from 'zod';
import { event, fn, group } from '../define';
import { EsgModuleSchema, PageSizeSchema, type EsgModule, type SessionStatus } from '../../service/schemas';
import type { BridgeError } from '../../errors';

export interface EsgModuleView {
  viewId: string;
  companyId: string;
  module: EsgModule;
  status: SessionStatus;
  sessionId: string | null;
  count: number;
  items: Record<string, unknown>[];
  pageNumber: number;
  hasNext: boolean;
  hasPrevious: boolean;
}

/** One watched processing session (one per session id, shared by every view that shows it). */
export interface WatchView {
  sessionId: string;
  companyId: string;
  /** The company's name when known (given by the renderer or looked up once by id). */
  companyName?: string;
  module: EsgModule;
  /**
   * `processing`/`complete`/`not_found`: the status operation's own values (completion is decided
   * only by them). `expired`: the status operation answered 404 (e.g. a watch resumed after the
   * service forgot the session). `error`: the watch stopped (400, 403, repeated failures); see `error`.
   */
  state: 'processing' | 'complete' | 'not_found' | 'expired' | 'error';
  /** Last `result_count`; what it counts depends on the module (src/shared/esg/count-semantics.ts). */
  resultCount: number;
  /** Epoch ms the watch began (kept across restarts). */
  startedAt: number;
  /** Epoch ms of the last status answer. */
  updatedAt: number;
  /** Status calls made by this watch. */
  polls: number;
  nextPollAt?: number;
  /** Last failure; while `processing` it is a transient one the watch is retrying. */
  error?: BridgeError;
}

export interface EsgCompany {
  companyId: string;
  name: string | null;
  country: string | null;
}

/** Companies whose name holds the typed text: "Find by name" on the ESG screen fills the id from one. */
export interface EsgCompanyMatches {
  companies: EsgCompany[];
  /** How many match in all (more than `companies` holds when the name is common). */
  count: number;
}

/** "Find by name": a few results of one search; longer text narrows it. */
export const FIND_BY_NAME_MAX = 20;

/** Articles per month over every held article of a company. */
export interface NewsMonths {
  months: { month: string; count: number }[];
  total: number;
  /** Articles without a readable date (not in `months`). */
  undated: number;
  /** False when the history was longer than main reads for a chart. */
  complete: boolean;
}

export const esgGroup = group({
  fns: {
    /** Requests a module; if it answers `processing`, main starts watching the session. */
    request: fn(
      z.object({
        companyId: z.string().trim().min(1).max(128),
        module: EsgModuleSchema,
        pageSize: PageSizeSchema.default(10),
        /** The name the renderer already shows (search or match row), so main need not look it up. */
        companyName: z.string().trim().min(1).max(2000).optional(),
      }),
    ).returns<EsgModuleView>(),
    /** Name and country of a company id (one search by company_id; null when the service does not know it). */
    company: fn(z.object({ companyId: z.string().trim().min(1).max(128) })).returns<EsgCompany | null>(),
    /** The company's record as the service has it now (one search by company_id; null when it no longer has it): the ESG screen's firmographics. */
    record: fn(z.object({ companyId: z.string().trim().min(1).max(128) })).returns<Record<string, unknown> | null>(),
    /** Companies whose name contains the text (one search, `name contains`, page size `limit`; no session kept, not a recent search). */
    findByName: fn(
      z.object({
        text: z.string().trim().min(2, 'Type at least 2 letters of the name').max(200, 'At most 200 characters'),
        limit: z.number().int().min(1).max(FIND_BY_NAME_MAX).default(8),
      }),
    ).returns<EsgCompanyMatches>(),
    /** Articles per month for the chart; null unless the company's news is complete. */
    newsMonths: fn(z.object({ companyId: z.string().trim().min(1).max(128) })).returns<NewsMonths | null>(),
    page: fn(z.object({ viewId: z.string().min(1).max(128), direction: z.enum(['next', 'previous']) })).returns<EsgModuleView>(),
    listWatches: fn(z.void()).returns<WatchView[]>(),
    unwatch: fn(z.object({ sessionId: z.string().min(1).max(128) })).returns<void>(),
  },
  events: {
    progress: event<WatchView>(),
    /** Fresh module data fetched after a session completed. */
    completed: event<{ watch: WatchView; view: EsgModuleView | null }>(),
  },
});
