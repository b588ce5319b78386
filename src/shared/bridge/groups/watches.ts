// Bridge group `watches` (issue 29): watched saved searches and lists, their checks, and the
// "What changed" inbox. See docs/watches.md.
import { z } from 'zod';
import { event, fn, group } from '../define';
import {
  ChangesQuerySchema,
  CheckIdSchema,
  WatchIdSchema,
  WatchInputSchema,
  WatchPatchSchema,
  WatchScheduleSchema,
  WatchTargetSchema,
  type ChangesPage,
  type CheckFinished,
  type CheckInfo,
  type WatchBudget,
  type WatchCost,
  type WatchInfo,
} from '../../watches/watches';

const Ref = z.object({ id: WatchIdSchema });

export const watchesGroup = group({
  fns: {
    /** Watches of the active profile, by name, with last check, next due time, cost and unread count. */
    all: fn(z.void()).returns<WatchInfo[]>(),
    create: fn(WatchInputSchema).returns<WatchInfo>(),
    /** Changes only the fields sent (Pause sends `paused` alone). */
    update: fn(WatchPatchSchema.extend({ id: WatchIdSchema, paused: z.boolean().optional() })).returns<WatchInfo>(),
    /** Removes the watch with its checks and changes (snapshots and ESG results stay). */
    delete: fn(Ref).returns<void>(),
    /** Starts a check now (through the limiter at normal priority: the analyst asked). */
    checkNow: fn(Ref).returns<CheckInfo>(),
    /** Cost of a watch before it is created: requests per check and per day at the schedule. */
    estimate: fn(z.object({ target: WatchTargetSchema, schedule: WatchScheduleSchema })).returns<WatchCost>(),
    checks: fn(z.object({ id: WatchIdSchema, limit: z.number().int().min(1).max(500).default(50) })).returns<CheckInfo[]>(),
    /** The inbox: changes newest first, filtered by watch, check, kinds, unread. */
    changes: fn(ChangesQuerySchema).returns<ChangesPage>(),
    /** Marks changes read: these ids, or every change of a check or watch, or all. Returns unread left. */
    markRead: fn(
      z.object({ ids: z.array(z.number().int().positive()).max(1000).optional(), checkId: CheckIdSchema.optional(), watchId: WatchIdSchema.optional(), all: z.boolean().optional() }),
    ).returns<{ unread: number }>(),
    /** XLSX of a watch's changes (one check or all), About sheet with the watch and both check times; null = dialog cancelled. */
    exportChanges: fn(z.object({ id: WatchIdSchema, checkId: CheckIdSchema.optional() })).returns<{ fileName: string; rows: number; downloadUrl?: string } | null>(),
    budget: fn(z.void()).returns<WatchBudget>(),
  },
  events: {
    /** A watch or one of its checks changed (created, check started, progressed, finished, deleted). */
    changed: event<{ profileId: string; watchId: number | null }>(),
    /** A check found changes: the desktop notification's words. */
    checkFinished: event<CheckFinished>(),
  },
});
