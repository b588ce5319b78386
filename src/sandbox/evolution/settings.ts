// Settings of the data that changes over time (docs/sandbox.md, "Data that changes over time"),
// with the zod schemas the control routes validate against.
import { z } from 'zod';

/** Changes per 1,000 live companies per epoch, by kind (a fraction is drawn: 2.5 gives 2 or 3). */
export interface EvolutionRates {
  /** Companies added (new records from the dataset generator). */
  added: number;
  /** Companies removed. */
  removed: number;
  /** Companies with changed record fields (employees, revenue, address, legal form and name, phone). */
  field: number;
  /** Companies whose ESG scores drift (a quarter of them by more than 5 points). */
  score: number;
  /** Companies whose rating moves one step up or down (with the scores that make it). */
  rating: number;
  /** Companies with new news articles (1 to 3 each). */
  news: number;
  /** Companies with a new or changed commitment. */
  commitment: number;
}

export interface EvolutionSettings {
  enabled: boolean;
  /** Length of a data epoch in clock ms. */
  epochMs: number;
  rates: EvolutionRates;
}

export const DAY_MS = 86_400_000;

/** On the default 25,000 companies: about 25 added, 20 removed, 100 changed records, 150 companies with news, per epoch. */
export const DEFAULT_RATES: EvolutionRates = { added: 1, removed: 0.8, field: 4, score: 4, rating: 1, news: 6, commitment: 2 };
export const DEFAULT_EVOLUTION: EvolutionSettings = { enabled: true, epochMs: DAY_MS, rates: DEFAULT_RATES };

/** Epochs shorter than a second would make a real-time sandbox compute thousands of epochs a minute. */
export const MIN_EPOCH_MS = 1000;
export const MAX_EPOCH_MS = 3650 * DAY_MS;
export const MAX_RATE = 200;
export const MAX_STEP = 365;

const rate = z.number().min(0).max(MAX_RATE);

export const RatesPatchSchema = z
  .object({ added: rate, removed: rate, field: rate, score: rate, rating: rate, news: rate, commitment: rate })
  .partial()
  .strict();

export const EvolutionPatchSchema = z
  .object({
    enabled: z.boolean(),
    epochMs: z.number().int().min(MIN_EPOCH_MS, `epochMs must be at least ${MIN_EPOCH_MS} (one second)`).max(MAX_EPOCH_MS),
    rates: RatesPatchSchema,
  })
  .partial()
  .strict();

export type EvolutionPatch = z.infer<typeof EvolutionPatchSchema>;

export const StepSchema = z.object({ epochs: z.number().int().min(1).max(MAX_STEP).default(1) }).strict();

export const ChangesQuerySchema = z
  .object({
    since: z.coerce.number().int().min(0).optional(),
    until: z.coerce.number().int().min(0).optional(),
  })
  .strict()
  .refine((q) => q.since === undefined || q.until === undefined || q.since <= q.until, { message: 'since must not be after until', path: ['since'] });

/** Settings merged with a patch; rates merge key by key. */
export function mergeSettings(current: EvolutionSettings, patch: Partial<Omit<EvolutionSettings, 'rates'>> & { rates?: Partial<EvolutionRates> }): EvolutionSettings {
  return {
    enabled: patch.enabled ?? current.enabled,
    epochMs: patch.epochMs ?? current.epochMs,
    rates: { ...current.rates, ...patch.rates },
  };
}
