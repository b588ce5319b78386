// The team's "What changed" inbox (GET /v1/inbox, POST /v1/inbox/read and /unread): the done checks
// of every team watch that found changes, newest first, each read or not by the asking member.
// Written once for the server and the desktop's Team screen.
import { z } from 'zod';

export const INBOX_PAGE_DEFAULT = 50;
export const INBOX_PAGE_MAX = 200;
/** The most check ids one read or unread call takes. */
export const INBOX_MARK_MAX = 500;

/** GET /v1/inbox?limit=&before=: a page, older than the check `before` (the last one of the page before). */
export const InboxQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(INBOX_PAGE_MAX).default(INBOX_PAGE_DEFAULT),
  before: z.coerce.number().int().positive().optional(),
});
export type InboxQuery = z.infer<typeof InboxQuerySchema>;

const CheckIds = z.array(z.number().int().positive()).min(1, 'Give at least one check').max(INBOX_MARK_MAX);

/** POST /v1/inbox/read: these checks, or every check that finished at or before `before` (what the member saw). */
export const InboxReadSchema = z.union([
  z.strictObject({ checkIds: CheckIds }),
  z.strictObject({ all: z.literal(true), before: z.iso.datetime({ offset: true }) }),
]);
export type InboxRead = z.infer<typeof InboxReadSchema>;

/** POST /v1/inbox/unread. */
export const InboxUnreadSchema = z.strictObject({ checkIds: CheckIds });
export type InboxUnread = z.infer<typeof InboxUnreadSchema>;

export const InboxEntrySchema = z.object({
  checkId: z.number().int(),
  watch: z.object({ id: z.uuid(), name: z.string() }),
  item: z.object({ id: z.uuid(), name: z.string(), kind: z.enum(['search', 'list']) }),
  finishedAt: z.iso.datetime(),
  /** How many changes of each kind (entered, left, field, …); kinds the check did not find are absent. */
  counts: z.record(z.string(), z.number().int()),
  /** How many companies each kind's changes concern (a company's 4 field changes: 1); absent from older servers. */
  companies: z.record(z.string(), z.number().int()).optional(),
  read: z.boolean(),
});
export type InboxEntry = z.infer<typeof InboxEntrySchema>;

export const InboxSchema = z.object({
  entries: z.array(InboxEntrySchema),
  /** Unread checks with changes across all team watches (not only this page). */
  unread: z.number().int(),
  /** Pass as `before` for the next page; null: this was the last. */
  nextBefore: z.number().int().nullable(),
});
export type Inbox = z.infer<typeof InboxSchema>;

export const InboxMarkedSchema = z.object({ changed: z.number().int(), unread: z.number().int() });
export type InboxMarked = z.infer<typeof InboxMarkedSchema>;
