// Team watches as the team server answers them (GET /v1/watches) and takes them (POST): written
// once for the server and the desktop's Team screens.
import { z } from 'zod';
import { WatchScheduleSchema } from '../watches/watches';

export const TeamWatchInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Give the watch a name').max(120, 'A name can be at most 120 characters'),
  itemId: z.uuid('Not a team item id'),
  schedule: WatchScheduleSchema,
});
export type TeamWatchInput = z.infer<typeof TeamWatchInputSchema>;

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
  error: z.string().nullable(),
});
export type TeamCheckInfo = z.infer<typeof TeamCheckSchema>;

export const TeamWatchSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  item: z.object({ id: z.uuid(), name: z.string(), kind: z.enum(['search', 'list']) }),
  owner: z.object({ id: z.string(), name: z.string() }),
  schedule: WatchScheduleSchema,
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
  oldValue: z.unknown(),
  newValue: z.unknown(),
});
export type TeamChange = z.infer<typeof TeamChangeSchema>;
