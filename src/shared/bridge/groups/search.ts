import { z } from 'zod';
import { automatic, fn, group } from '../define';
import { PAGE_SIZE_DEFAULT, PageSizeSchema, type CompanyRecord } from '../../service/schemas';
import { ID_MAX_CHARS, jsonWithin, SEARCH_BODY_MAX_CHARS } from '../../limits';

/** The body is checked in main (SearchBodySchema) so the analyst gets the exact problem back; here only its size. */
const Body = jsonWithin(SEARCH_BODY_MAX_CHARS, 'The search');
const Id = z.string().min(1).max(ID_MAX_CHARS);
const RequestId = z.string().min(1).max(64).optional();
/** Pages walked to restore a page after a restart (one request each); beyond this the restore stops short. */
export const REOPEN_MAX_PAGE = 50;

export interface SearchPageView {
  sessionId: string;
  pageNumber: number;
  pageSize: number;
  count: number;
  /** 1-based index of the first row on this page. */
  firstRow: number;
  rows: CompanyRecord[];
  hasNext: boolean;
  hasPrevious: boolean;
  /** Set when main had to restart the pagination session from page 1. */
  restarted?: { reason: string };
}

/** Row height of the result grids: comfortable (the default) or compact. */
export type GridDensity = 'compact' | 'comfortable';

export interface SavedSearch {
  id: string;
  profileId: string;
  name: string;
  body: unknown;
  pageSize: number;
  columns?: { order: string[]; hidden: string[]; widths: Record<string, number>; density?: GridDensity };
  createdAt: number;
  updatedAt: number;
}
export interface RecentSearch {
  body: unknown;
  pageSize: number;
  count: number;
  at: number;
}

const ColumnsSchema = z.object({
  order: z.array(z.string().max(300)).max(500),
  hidden: z.array(z.string().max(300)).max(500),
  widths: z
    .record(z.string().max(300), z.number().min(20).max(2000))
    .refine((w) => Object.keys(w).length <= 500, 'At most 500 column widths are kept.'),
  density: z.enum(['compact', 'comfortable']).optional(),
});

export const searchGroup = group({
  fns: {
    start: fn(
      z.object({ body: Body, pageSize: PageSizeSchema.default(PAGE_SIZE_DEFAULT), requestId: RequestId }),
    ).returns<SearchPageView>(),
    /**
     * Restores the page an analyst was viewing before a restart: a fresh session walked forward to
     * `pageNumber` (at most REOPEN_MAX_PAGE). Not recorded as a recent search: nothing new was asked.
     */
    reopen: fn(
      z.object({
        body: Body,
        pageSize: PageSizeSchema,
        pageNumber: z.number().int().min(1).max(REOPEN_MAX_PAGE),
        requestId: RequestId,
      }),
    ).returns<SearchPageView>(),
    /**
     * Follows the opaque next/previous token of page `fromPage` (default: the page main served last), so a
     * renderer that showed a cached page can still step from it. The request itself never changes.
     */
    page: fn(
      z.object({
        sessionId: Id,
        direction: z.enum(['next', 'previous']),
        fromPage: z.number().int().min(1).optional(),
        requestId: RequestId,
      }),
    ).returns<SearchPageView>(),
    /**
     * The live match count of a body being edited: one search with page_size=1, through the same client and
     * rate limiter as every other call. No session is kept and nothing is recorded as a recent search.
     * Refused (not_configured) when the active profile has the live count turned off. Automatic: it never
     * sends a proxy password that was refused (each edit would be one more failed sign-in).
     */
    countMatches: automatic(fn(z.object({ body: Body, requestId: RequestId })).returns<{ count: number }>()),
    cancel: fn(z.object({ requestId: z.string().min(1).max(64) })).returns<void>(),
    listSaved: fn(z.void()).returns<SavedSearch[]>(),
    saveSearch: fn(
      z.object({
        id: Id.optional(),
        name: z.string().trim().min(1, 'Name is required').max(120),
        body: Body,
        pageSize: PageSizeSchema,
        columns: ColumnsSchema.optional(),
      }),
    ).returns<SavedSearch>(),
    renameSaved: fn(z.object({ id: Id, name: z.string().trim().min(1).max(120) })).returns<SavedSearch>(),
    deleteSaved: fn(z.object({ id: Id })).returns<void>(),
    listRecent: fn(z.void()).returns<RecentSearch[]>(),
  },
  events: {},
});
