// The bulk-match review step: which rows are accepted on their own (best candidate at or above the
// threshold), which wait for the analyst, and what each decision means. Pure, shared by main (the
// job holds the decisions) and the renderer (labels, keys).
import type { MatchCandidate } from '../service/schemas';

/** Default review threshold: a best candidate below 80 % confidence waits for the analyst. */
export const DEFAULT_REVIEW_THRESHOLD = 0.8;
/** Candidates a row keeps for "pick another" (keys 1-9). */
export const MAX_REVIEW_CHOICES = 9;

/**
 * What happens to a matched row:
 * - `auto`: best candidate at/above the threshold, accepted without review;
 * - `accepted`: the analyst accepted the best candidate;
 * - `picked`: the analyst chose another candidate;
 * - `rejected`: none of the candidates is the company;
 * - `pending`: below the threshold, waiting in the review queue.
 */
export const DECISIONS = ['auto', 'accepted', 'picked', 'rejected', 'pending'] as const;
export type Decision = (typeof DECISIONS)[number];

/** What the export writes in `match.decision`. */
export const DECISION_LABEL: Record<Decision, string> = {
  auto: 'auto-accepted',
  accepted: 'accepted',
  picked: 'picked',
  rejected: 'rejected',
  pending: 'pending',
};

/** The analyst's own decision on a row (absent = the threshold decides). */
export type ManualDecision = { kind: 'accepted' } | { kind: 'rejected' } | { kind: 'picked'; companyId: string };

export type ReviewAction = { action: 'accept' } | { action: 'reject' } | { action: 'pick'; companyId: string } | { action: 'reset' };

export interface ReviewCounts {
  threshold: number;
  auto: number;
  accepted: number;
  picked: number;
  rejected: number;
  pending: number;
}

/** A candidate as the review keeps it: its confidence and a few fields to tell it apart. */
export interface ReviewChoice {
  confidence: number;
  companyId: string;
  name?: string;
  country?: string;
  city?: string;
  website?: string;
}

const CHOICE_FIELDS = ['name', 'country', 'city', 'website'] as const;

export function toChoice(c: MatchCandidate): ReviewChoice {
  const rec = c.company as Record<string, unknown>;
  const out: ReviewChoice = { confidence: c.confidence, companyId: c.company.company_id };
  for (const k of CHOICE_FIELDS) if (typeof rec[k] === 'string' && rec[k]) out[k] = rec[k] as string;
  return out;
}

/** The decision in force for a row with candidates (`best` undefined = nothing to decide: null). */
export function decisionOf(best: { confidence: number } | undefined, manual: ManualDecision | undefined, threshold: number): Decision | null {
  if (!best) return null;
  if (manual) return manual.kind;
  return best.confidence >= threshold ? 'auto' : 'pending';
}

/** The company a decision stands for: the best one when accepted (or auto), the picked one, or none. */
export function chosenOf(decision: Decision | null, choices: readonly ReviewChoice[], manual: ManualDecision | undefined): ReviewChoice | null {
  if (decision === 'auto' || decision === 'accepted') return choices[0] ?? null;
  if (decision === 'picked' && manual?.kind === 'picked') return choices.find((c) => c.companyId === manual.companyId) ?? null;
  return null;
}

/** Decisions that put a company on a list. */
export const ACCEPTING: ReadonlySet<Decision> = new Set<Decision>(['auto', 'accepted', 'picked']);

/** A threshold from a slider or a saved state, clamped to 0..1 in steps of 0.01. */
export function clampThreshold(t: number): number {
  if (!Number.isFinite(t)) return DEFAULT_REVIEW_THRESHOLD;
  return Math.round(Math.min(1, Math.max(0, t)) * 100) / 100;
}
