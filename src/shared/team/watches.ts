// Team watches as the team server answers them (GET /v1/watches) and takes them (POST): written
// once for the server and the desktop's Team screens.
import { z } from 'zod';
import { EsgModuleSchema } from '../service/schemas';
import { WatchRulesSchema } from '../watches/rules';
import { WatchScheduleSchema } from '../watches/watches';

export const TeamWatchInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Give the watch a name').max(120, 'A name can be at most 120 characters'),
  itemId: z.uuid('Not a team item id'),
  schedule: WatchScheduleSchema,
  /** A shared list's watch: the ESG modules each check refreshes (default all three). Not for a search. */
  modules: z.array(EsgModuleSchema).min(1, 'Choose at least one ESG module').max(3).optional(),
  /** A shared list's watch: score moves of at least this many points count (default 5). */
  scoreThreshold: z.number('The threshold is a number of score points').min(0.1, 'The threshold is at least 0.1 points').max(100, 'The threshold is at most 100 points').optional(),
  /** Alert rules (shared/watches/rules.ts): per field for a search, per pillar, rating, news, commitments for a list. */
  rules: WatchRulesSchema.optional(),
});
export type TeamWatchInput = z.infer<typeof TeamWatchInputSchema>;

/** PUT /v1/watches/:id/rules: the watch's new rules (null: every change alerts). */
export const TeamWatchRulesInputSchema = z.strictObject({ rules: WatchRulesSchema.nullable() });

export const TeamCheckSchema = z.object({
  id: z.number().int(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  trigger: z.enum(['schedule', 'manual']),
  dueAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  requests: z.number().int(),
  rows: z.number().int().nullable(),
  changes: z.number().int().nullable(),
  baseline: z.boolean().nullable(),
  /** A list check's companies x modules that could not be refreshed (they kept their previous result); null for a search. */
  failedCells: z.number().int().nullable().optional(),
  /** Why a check failed, or a list check's first failed cell. */
  error: z.string().nullable(),
});
export type TeamCheckInfo = z.infer<typeof TeamCheckSchema>;

export const TeamWatchSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  item: z.object({ id: z.uuid(), name: z.string(), kind: z.enum(['search', 'list']) }),
  owner: z.object({ id: z.string(), name: z.string() }),
  schedule: WatchScheduleSchema,
  /** A list watch's ESG modules and score threshold; null for a search watch. */
  modules: z.array(EsgModuleSchema).nullable().optional(),
  scoreThreshold: z.number().nullable().optional(),
  /** The watch's alert rules; null or absent: every change alerts. */
  rules: WatchRulesSchema.nullable().optional(),
  paused: z.boolean(),
  nextDueAt: z.iso.datetime().nullable(),
  lastCheck: TeamCheckSchema.nullable(),
});
export type TeamWatchSummary = z.infer<typeof TeamWatchSummarySchema>;

export const TeamChangeSchema = z.object({
  kind: z.string(),
  companyId: z.string(),
  companyName: z.string().nullable(),
  field: z.string().nullable(),
  /** A list change's ESG module (scores, news, commitments); null for a search change. */
  module: z.string().nullable().optional(),
  oldValue: z.unknown(),
  newValue: z.unknown(),
  /** A rating change's direction (upgrade, downgrade), a commitment change's title. */
  detail: z.string().nullable().optional(),
});
export type TeamChange = z.infer<typeof TeamChangeSchema>;
