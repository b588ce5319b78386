// The Team connection: a team server (src/main/shells/team-server) the analyst is a member of.
import { z } from 'zod';
import { event, fn, group } from '../define';
import { TeamConnectInputSchema, type TeamStatus } from '../../team/connection';
import type { DeepLink } from '../../team/deep-link';
import type { TeamChange, TeamWatchSummary } from '../../team/watches';
import { InboxReadSchema, InboxUnreadSchema, INBOX_PAGE_MAX, type Inbox, type InboxMarked } from '../../team/inbox';
import { DigestSubscribeSchema, type DigestDelivery, type DigestSubscription } from '../../team/digests';
import { TeamItemNameSchema, type TeamItemSummary } from '../../team/items';
import type { TeamItemCopy } from '../../team/item-copy';
import { EsgModuleSchema } from '../../service/schemas';
import { WatchScheduleSchema } from '../../watches/watches';
import { WatchRulesSchema } from '../../watches/rules';

const TeamWatchId = z.uuid('Not a team watch id');
const ServerId = z.uuid('Not an id the team server gave');

export const teamGroup = group({
  fns: {
    /** The connection as last known (no request). */
    status: fn(z.void()).returns<TeamStatus>(),
    /** Redeems an invite code at a server: the member token goes to the OS keychain, bound to that server. */
    connect: fn(TeamConnectInputSchema).returns<TeamStatus>(),
    /** Asks the server now who the token belongs to. */
    check: fn(z.void()).returns<TeamStatus>(),
    /** Forgets the server and the token on this computer (the member stays on the server). */
    disconnect: fn(z.void()).returns<TeamStatus>(),
    /** The team's watches with their last check, schedule and cost. */
    watches: fn(z.void()).returns<TeamWatchSummary[]>(),
    /** Shares a saved search of the active profile with the team and watches it there. */
    watchSavedSearch: fn(z.object({ savedSearchId: z.string().min(1).max(128), schedule: WatchScheduleSchema, rules: WatchRulesSchema.optional() })).returns<TeamWatchSummary>(),
    /** Shares a list of the active profile with the team (its companies, a copy) and watches its ESG there. */
    watchList: fn(
      z.object({
        listId: z.number().int().positive(),
        modules: z.array(EsgModuleSchema).min(1, 'Choose at least one ESG module').max(3),
        scoreThreshold: z.number('The threshold is a number of score points').min(0.1, 'The threshold is at least 0.1 points').max(100, 'The threshold is at most 100 points'),
        schedule: WatchScheduleSchema,
        rules: WatchRulesSchema.optional(),
      }),
    ).returns<TeamWatchSummary>(),
    /** The link that opened the app and that the page has not shown yet, once (null: none). */
    pendingLink: fn(z.void()).returns<DeepLink | null>(),
    /** Queues a check of a team watch now; any node of the server runs it. */
    checkNow: fn(z.object({ watchId: TeamWatchId })).returns<{ checkId: number }>(),
    /** What one check of the watch found (default: its last finished one). */
    changes: fn(z.object({ watchId: TeamWatchId, checkId: z.number().int().positive().optional() })).returns<TeamChange[]>(),
    /** A page of the team's What changed inbox (checks with changes, newest first, read or not by this member). */
    inbox: fn(z.object({ limit: z.number().int().min(1).max(INBOX_PAGE_MAX).optional(), before: z.number().int().positive().optional() })).returns<Inbox>(),
    /** Marks checks (or all seen up to a time) read for this member. */
    markRead: fn(InboxReadSchema).returns<InboxMarked>(),
    markUnread: fn(InboxUnreadSchema).returns<InboxMarked>(),
    /** This member's digest subscriptions (a webhook is shown only as a hint). */
    subscriptions: fn(z.void()).returns<DigestSubscription[]>(),
    /** Follows a team watch's digests on a channel (again: changes its cadence or target). */
    subscribe: fn(DigestSubscribeSchema).returns<DigestSubscription>(),
    unsubscribe: fn(z.object({ subscriptionId: ServerId })).returns<void>(),
    /** This member's latest digest deliveries: sent, waiting, failed and why. */
    deliveries: fn(z.void()).returns<DigestDelivery[]>(),
    /** Sends a failed or uncertain delivery once more. */
    resend: fn(z.object({ deliveryId: ServerId })).returns<void>(),
    /** The saved searches and lists shared with the team (each with its owner; `mine` when this member's). */
    items: fn(z.void()).returns<TeamItemSummary[]>(),
    /** Shares a saved search or a list of the active profile with the team, without watching it. */
    shareItem: fn(z.union([z.object({ savedSearchId: z.string().min(1).max(128) }), z.object({ listId: z.number().int().positive() })])).returns<TeamItemSummary>(),
    /** Copies a team item into the active profile's workspace (a saved search, or a new list). */
    copyItem: fn(z.object({ itemId: ServerId })).returns<TeamItemCopy>(),
    /** Watches a team item (anyone's) on the server; a list's watch names its ESG modules. */
    watchItem: fn(
      z.object({
        itemId: ServerId,
        schedule: WatchScheduleSchema,
        modules: z.array(EsgModuleSchema).min(1, 'Choose at least one ESG module').max(3).optional(),
        scoreThreshold: z.number('The threshold is a number of score points').min(0.1, 'The threshold is at least 0.1 points').max(100, 'The threshold is at most 100 points').optional(),
        rules: WatchRulesSchema.optional(),
      }),
    ).returns<TeamWatchSummary>(),
    /** A team watch's new alert rules (its maker or a team admin; null: every change alerts). */
    setWatchRules: fn(z.object({ watchId: TeamWatchId, rules: WatchRulesSchema.nullable() })).returns<TeamWatchSummary>(),
    /** The owner's edit of a team item: a new name, and/or its content again from a saved search or list of theirs. */
    updateItem: fn(
      z.object({
        itemId: ServerId,
        version: z.number().int().min(1),
        name: TeamItemNameSchema.optional(),
        from: z.union([z.object({ savedSearchId: z.string().min(1).max(128) }), z.object({ listId: z.number().int().positive() })]).optional(),
      }),
    ).returns<TeamItemSummary>(),
    /** Removes a team item (its owner or a team admin); its team watches go with it. */
    removeItem: fn(z.object({ itemId: ServerId })).returns<void>(),
  },
  events: {
    changed: event<TeamStatus>(),
    /** A firmscope:// link opened the app (its place, parsed; see team/deep-link.ts). */
    linkOpened: event<DeepLink>(),
  },
});
