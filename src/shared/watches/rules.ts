// Alert rules of a watch (issue 38), stored with it and applied when a check ends (the check's cost
// is unchanged: rules only choose which of the found changes are kept). A search watch: per field,
// a percent or absolute change, crossing a value, or ignore; every other field alerts on any change.
// A list watch: a score threshold per pillar, rating changes or downgrades only, news only when the
// title holds a keyword, commitments new or changing status only. Shown in words ("Employees: alerts on a change of 10 % or more").
import { z } from 'zod';
import { fieldLabel } from '../service/catalogue';
import { sentenceNumber } from '../sentence-numbers';

const fieldName = z.string().trim().min(1, 'Choose a field').max(200);
const positive = (what: string) => z.number({ error: `Enter ${what} as a number` }).positive(`Enter ${what} above 0`).max(1e15, `Enter ${what} of at most 10^15`);

export const FieldRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('percent'), field: fieldName, min: positive('a percentage') }),
  z.object({ kind: z.literal('absolute'), field: fieldName, min: positive('an amount') }),
  z.object({ kind: z.literal('crosses'), field: fieldName, value: z.number({ error: 'Enter the value to cross as a number' }).finite() }),
  z.object({ kind: z.literal('ignore'), field: fieldName }),
]);
export type FieldRule = z.infer<typeof FieldRuleSchema>;
export const FIELD_RULE_KINDS = ['percent', 'absolute', 'crosses', 'ignore'] as const;

export const PILLARS = ['overall', 'environmental', 'social', 'governance'] as const;
export type Pillar = (typeof PILLARS)[number];
const threshold = z.number({ error: 'Enter score points as a number' }).min(0.1, 'Enter score points from 0.1 to 100').max(100, 'Enter score points from 0.1 to 100');

export const WatchRulesSchema = z
  .object({
    /** Search watches: one rule per field at most. */
    fields: z.array(FieldRuleSchema).max(20, 'At most 20 field rules').optional(),
    /** List watches: score points per pillar (others: the watch's threshold). */
    pillars: z.partialRecord(z.enum(PILLARS), threshold).optional(),
    ratings: z.enum(['any', 'downgrades']).optional(),
    /** List watches: only news whose title holds this text (case-insensitive). */
    newsKeyword: z.string().trim().max(100, 'At most 100 characters').optional(),
    /** List watches: every commitment change, or only new commitments and changes of their status. */
    commitments: z.enum(['any', 'status']).optional(),
  })
  .refine((r) => new Set((r.fields ?? []).map((f) => f.field)).size === (r.fields ?? []).length, { message: 'One rule per field: a field is named twice', path: ['fields'] });
export type WatchRules = z.infer<typeof WatchRulesSchema>;

/**
 * Why `rules` do not fit a watch of `target` (a search watch takes field rules; a list watch the
 * others), in the words shown next to the form; null when they fit.
 */
export function rulesMisfit(rules: WatchRules, target: 'search' | 'list'): { message: string; field: string } | null {
  if (target === 'search') {
    const listRule = (['pillars', 'ratings', 'newsKeyword', 'commitments'] as const).find((k) => rules[k] !== undefined);
    return listRule ? { field: `rules.${listRule}`, message: 'Score, rating, news and commitment rules belong to a list watch; a saved search has rules per field.' } : null;
  }
  return rules.fields?.length ? { field: 'rules.fields', message: 'Field rules belong to a saved search watch; a list watch has rules per score pillar, rating, news and commitments.' } : null;
}

/** What a rule sees of a change (a FoundChange or a stored WatchChange). */
export interface RuledChange {
  kind: string;
  field: string | null;
  oldValue: unknown;
  newValue: unknown;
  detail: string | null;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Whether a field change passes its rule. A number rule on values that are not numbers keeps the change (it cannot judge it). */
export function fieldRuleHolds(rule: FieldRule, oldValue: unknown, newValue: unknown): boolean {
  if (rule.kind === 'ignore') return false;
  const a = num(oldValue);
  const b = num(newValue);
  if (rule.kind === 'crosses') return a !== null && b !== null && a < rule.value !== b < rule.value;
  if (a === null || b === null) return true;
  const moved = Math.abs(b - a);
  if (rule.kind === 'absolute') return moved >= rule.min - 1e-9;
  return a === 0 ? b !== 0 : (moved / Math.abs(a)) * 100 >= rule.min - 1e-9;
}

/** The smallest score move any pillar alerts on: what the ESG diff must find before the rules choose. */
export function smallestThreshold(rules: WatchRules | undefined, scoreThreshold: number): number {
  return Math.min(scoreThreshold, ...Object.values(rules?.pillars ?? {}));
}

/** Whether a found change is kept under the watch's rules (entered and left always are). */
export function keepChange(c: RuledChange, rules: WatchRules | undefined, scoreThreshold: number): boolean {
  if (!rules) return true; // the diff already used the watch's threshold
  switch (c.kind) {
    case 'field': {
      const rule = rules.fields?.find((r) => r.field === c.field);
      return rule ? fieldRuleHolds(rule, c.oldValue, c.newValue) : true;
    }
    case 'score':
      return scoreMoved(c, rules.pillars?.[c.field as Pillar] ?? scoreThreshold);
    case 'rating':
      return rules.ratings !== 'downgrades' || c.detail === 'downgrade';
    case 'news': {
      const word = rules.newsKeyword?.trim().toLowerCase();
      return !word || (typeof c.newValue === 'string' && c.newValue.toLowerCase().includes(word));
    }
    case 'commitment':
      // A new commitment has no field; a changed one names the field that changed.
      return rules.commitments !== 'status' || c.field === null || c.field === 'status';
    default:
      return true;
  }
}

function scoreMoved(c: RuledChange, points: number): boolean {
  const a = num(c.oldValue);
  const b = num(c.newValue);
  return a === null || b === null || Math.abs(b - a) >= points - 1e-9;
}

/** One field rule in words: "Employees: alerts on a change of 10 % or more". */
export function fieldRuleWords(r: FieldRule): string {
  const f = fieldLabel(r.field);
  switch (r.kind) {
    case 'percent':
      return `${f}: alerts on a change of ${sentenceNumber(r.min)} % or more`;
    case 'absolute':
      return `${f}: alerts on a change of ${sentenceNumber(r.min)} or more`;
    case 'crosses':
      return `${f}: alerts when it crosses ${sentenceNumber(r.value)}`;
    case 'ignore':
      return `${f}: ignored`;
  }
}

/** The watch's rules in words, one line each; empty when it alerts on every change. */
export function rulesInWords(rules: WatchRules | undefined, target: 'search' | 'list'): string[] {
  if (!rules) return [];
  if (target === 'search') {
    const lines = (rules.fields ?? []).map(fieldRuleWords);
    return lines.length ? [...lines, 'Other fields: any change'] : [];
  }
  const lines = PILLARS.flatMap((p) => (rules.pillars?.[p] !== undefined ? [`${p[0]!.toUpperCase()}${p.slice(1)} score: alerts on a move of ${sentenceNumber(rules.pillars[p]!)} points or more`] : []));
  if (rules.ratings === 'downgrades') lines.push('Ratings: downgrades only');
  if (rules.newsKeyword) lines.push(`News: only titles with “${rules.newsKeyword}”`);
  if (rules.commitments === 'status') lines.push('Commitments: new ones and status changes only');
  return lines;
}
