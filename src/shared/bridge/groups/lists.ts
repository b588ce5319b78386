import { z } from 'zod';
import { event, fn, group } from '../define';
import {
  CompanyIdSchema,
  LIST_BATCH_MAX,
  ListIdSchema,
  ListNameSchema,
  ListSourceSchema,
  ListViewSchema,
  type ListChange,
  type ListInfo,
  type ListMembersPage,
} from '../../lists/lists';
import { BenchmarkRefSchema, WeightingSchema, WeightInputSchema } from '../../lists/weights';

/** Named company lists of the active profile (workspace database). A list's export is an `export.start` job (source kind `list`). */
export const listsGroup = group({
  fns: {
    /** Every list of the active profile with its member count, by name. */
    all: fn(z.void()).returns<ListInfo[]>(),
    get: fn(z.object({ id: ListIdSchema })).returns<ListInfo>(),
    /** One page of a list's members as the view shows it (sort, text filter), with ESG summaries. */
    members: fn(
      z.object({ id: ListIdSchema, view: ListViewSchema, offset: z.number().int().min(0), limit: z.number().int().min(1).max(1000) }),
    ).returns<ListMembersPage>(),
    /** A new list; fails with invalid_input (field `name`) if the profile has a list of that name. */
    create: fn(z.object({ name: ListNameSchema, source: ListSourceSchema })).returns<ListChange>(),
    addMembers: fn(z.object({ id: ListIdSchema, source: ListSourceSchema })).returns<ListChange>(),
    removeMembers: fn(z.object({ id: ListIdSchema, companyIds: z.array(CompanyIdSchema).min(1).max(LIST_BATCH_MAX) })).returns<ListInfo>(),
    rename: fn(z.object({ id: ListIdSchema, name: ListNameSchema })).returns<ListInfo>(),
    delete: fn(z.object({ id: ListIdSchema })).returns<void>(),
    /** A copy with every member; default name "<name> (copy)", numbered if taken. */
    duplicate: fn(z.object({ id: ListIdSchema, name: ListNameSchema.optional() })).returns<ListInfo>(),
    /** The list's weighting and/or its members' weights as given (null clears one); not_found (field `weight`) for a company no longer in it. */
    setWeights: fn(z.object({ id: ListIdSchema, weighting: WeightingSchema.optional(), weights: z.array(WeightInputSchema).max(LIST_BATCH_MAX).optional() })).returns<ListInfo>(),
    /** What the list's weighted analytics compare with (another list, a loaded result set); null: none. */
    setBenchmark: fn(z.object({ id: ListIdSchema, benchmark: BenchmarkRefSchema.nullable() })).returns<ListInfo>(),
  },
  events: {
    /** A list was created, changed or deleted (also by main-side callers: ESG runs, bulk-match review). */
    changed: event<{ profileId: string; listId: number | null }>(),
  },
});
