// Watches (issue 29): a saved search or a list checked again and again; every check is diffed
// against the previous one and its changes land in the "What changed" inbox. The contract shared by
// main (features/watches), the bridge group `watches` and the renderer (src/renderer/watches).
import { z } from 'zod';
import { EsgModuleSchema, type EsgModule } from '../service/schemas';
import type { BridgeError } from '../errors';
import { WatchRulesSchema } from './rules';

export const WATCHES_MAX = 200;
/** Default per-profile budget of requests that scheduled checks may spend per day (docs/watches.md). */
export const WATCH_DAILY_BUDGET_DEFAULT = 2_000;
/** Default ESG movement that counts as a change, in score points (0-100 scale), per watch. */
export const SCORE_THRESHOLD_DEFAULT = 5;
/**
 * Requests one ESG cell (company x module) usually takes: the module request, a status poll or two
 * while the service processes it, and the read of the data (docs/watches.md). The desktop's cost
 * estimate and the Team screen's both use it.
 */
export const TYPICAL_REQUESTS_PER_CELL = 4;

const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM (24-hour clock)');

/** An IANA time zone ("Europe/Berlin") Intl knows. */
export const TimeZoneSchema = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'Not a time zone this computer knows');

/**
 * When a watch is checked besides "Check now" (cron patterns are built from this by croner in main).
 * `timeZone`: the zone of the page the time was set in, so "daily at 08:00" is 08:00 where the analyst
 * is even when the core runs elsewhere (issue 39 #5); without it (older watches), the core's zone.
 */
export const WatchScheduleSchema = z.discriminatedUnion('kind', [
  /** Only on demand (and at start when checkAtStart). */
  z.object({ kind: z.literal('manual') }),
  z.object({ kind: z.literal('hourly') }),
  z.object({ kind: z.literal('daily'), at: HHMM, timeZone: TimeZoneSchema.optional() }),
  /** day: 0 = Sunday ... 6 = Saturday (in the schedule's zone). */
  z.object({ kind: z.literal('weekly'), day: z.number().int().min(0).max(6), at: HHMM, timeZone: TimeZoneSchema.optional() }),
]);
export type WatchSchedule = z.infer<typeof WatchScheduleSchema>;

export const WatchTargetSchema = z.discriminatedUnion('kind', [
  /** A saved search: each check loads a new snapshot of its query. */
  z.object({ kind: z.literal('search'), savedSearchId: z.string().min(1).max(128) }),
  /** A list: each check refreshes the chosen ESG modules of its companies through the run engine. */
  z.object({ kind: z.literal('list'), listId: z.number().int().positive(), modules: z.array(EsgModuleSchema).min(1).max(3) }),
]);
export type WatchTarget = z.infer<typeof WatchTargetSchema>;

export const WatchIdSchema = z.number().int().positive();
export const CheckIdSchema = z.number().int().positive();

/** A watch's settings as the analyst sets them, without defaults (see WatchInputSchema, WatchPatchSchema). */
const watchFields = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120, 'At most 120 characters'),
  target: WatchTargetSchema,
  schedule: WatchScheduleSchema,
  /** Check once when the app starts (besides a check that was due while it was closed, which always runs). */
  checkAtStart: z.boolean(),
  /** List watches: a score move of at least this many points is a change. */
  scoreThreshold: z.number().min(0.1).max(100),
  /** Alert rules (issue 38, rules.ts); none: every change found alerts. */
  rules: WatchRulesSchema.optional(),
});

/** A new watch: what is left out gets its default. */
export const WatchInputSchema = watchFields.extend({
  checkAtStart: watchFields.shape.checkAtStart.default(false),
  scoreThreshold: watchFields.shape.scoreThreshold.default(SCORE_THRESHOLD_DEFAULT),
});
export type WatchInput = z.infer<typeof WatchInputSchema>;

/**
 * A change to a watch: only the fields sent. No defaults here: a `.partial()` of WatchInputSchema
 * would fill every field left out with its default, so Pause would reset Check at start and the threshold.
 */
export const WatchPatchSchema = watchFields.partial();
export type WatchPatch = z.infer<typeof WatchPatchSchema>;

export const CHANGE_KINDS = ['entered', 'left', 'field', 'score', 'rating', 'news', 'commitment'] as const;
export const ChangeKindSchema = z.enum(CHANGE_KINDS);
export type ChangeKind = z.infer<typeof ChangeKindSchema>;
export const CHANGE_KIND_LABELS: Record<ChangeKind, string> = {
  entered: 'Entered the search',
  left: 'Left the search',
  field: 'Field changed',
  score: 'ESG score moved',
  rating: 'ESG rating changed',
  news: 'New news',
  commitment: 'Commitment new or changed',
};

export const CHECK_TRIGGERS = ['manual', 'schedule', 'start', 'missed', 'resume'] as const;
export type CheckTrigger = (typeof CHECK_TRIGGERS)[number];
/** running; waiting: held by the daily budget; done; failed; interrupted (app closed: resumed at start). */
export type CheckStatus = 'running' | 'waiting' | 'done' | 'failed' | 'interrupted';

export interface CheckInfo {
  id: number;
  watchId: number;
  trigger: CheckTrigger;
  status: CheckStatus;
  startedAt: number;
  finishedAt: number | null;
  /** Requests this check sent so far. */
  requests: number;
  /** Changes found against the previous check (0 for the first one: it is the baseline). */
  changes: number;
  /** The first check of a watch only records what is there. */
  baseline: boolean;
  /** Why it waits or what it does now, in words ("Waiting for tomorrow's budget: 1,940 of 2,000 used"). */
  note?: string;
  error?: BridgeError;
}

export interface WatchCost {
  /** Requests one check sends (estimated: pages of the search, or companies x modules x the usual polls). */
  requestsPerCheck: number | null;
  /** At this schedule; null for manual. */
  requestsPerDay: number | null;
  /** How the estimate was made, in words. */
  basis: string;
}

export interface WatchInfo extends WatchInput {
  id: number;
  profileId: string;
  /** The saved search's or list's name now; null when it was deleted (the watch then cannot check). */
  targetName: string | null;
  createdAt: number;
  paused: boolean;
  lastCheck: CheckInfo | null;
  /** Next scheduled check (epoch ms), null for manual or paused. */
  nextDueAt: number | null;
  cost: WatchCost;
  unread: number;
}

export interface WatchChange {
  id: number;
  watchId: number;
  checkId: number;
  kind: ChangeKind;
  companyId: string;
  companyName: string | null;
  /** Field path for `field` (e.g. employee_count, address.city); module for ESG kinds. */
  field: string | null;
  module: EsgModule | null;
  /** Values as JSON (null when absent): the old and new value of a field or score, a news title... */
  oldValue: unknown;
  newValue: unknown;
  /**
   * What the change is about when field and values do not say it, in words: the news or commitment
   * title (a changed commitment: its title, the field says what changed), 'upgrade' / 'downgrade' for
   * a rating; null otherwise. Added after the first contract (the screen may ignore it).
   */
  detail: string | null;
  read: boolean;
  /** When the check that found it finished. */
  at: number;
}

export interface ChangesPage {
  rows: WatchChange[];
  total: number;
  unread: number;
}

export interface WatchBudget {
  dailyBudget: number;
  usedToday: number;
  /** Local midnight, when usedToday starts again from 0. */
  resetsAt: number;
}

/** A check that found something: the notification's words (names and counts, never ids). */
export interface CheckFinished {
  watchId: number;
  checkId: number;
  title: string;
  body: string;
  changes: number;
}

export const ChangesQuerySchema = z.object({
  watchId: WatchIdSchema.optional(),
  checkId: CheckIdSchema.optional(),
  kinds: z.array(ChangeKindSchema).max(CHANGE_KINDS.length).optional(),
  unreadOnly: z.boolean().default(false),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(1000).default(200),
});
export type ChangesQuery = z.infer<typeof ChangesQuerySchema>;
export type { EsgModule };
