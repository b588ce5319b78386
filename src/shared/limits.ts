// Limits on what the renderer can make main keep. Everything persisted (profiles, saved and recent
// searches, screen state, watches) is capped field by field in the bridge schemas, and the settings
// file as a whole is capped when written, so no input can grow it without bound (docs/security.md).
import { z } from 'zod';
import { AppError } from './errors';
import { sentenceCount } from './sentence-numbers';

/** Whole settings file (JSON text). */
export const SETTINGS_MAX_BYTES = 8 * 1024 * 1024;
/** One search body (JSON text): filters, values and all. */
export const SEARCH_BODY_MAX_CHARS = 64 * 1024;
/** Conditions in one search. */
export const SEARCH_FILTERS_MAX = 200;
/** One filter value (JSON text). */
export const FILTER_VALUE_MAX_CHARS = 8 * 1024;
/** Attribute or relation names. */
export const FILTER_NAME_MAX_CHARS = 200;
/** Saved searches per profile. */
export const SAVED_SEARCHES_MAX = 500;
/** Ids that name something main holds (jobs, sessions, views, saved searches). */
export const ID_MAX_CHARS = 128;

/** A bad input that is too big: says which limit, in which unit. */
export class LimitError extends AppError {
  constructor(what: string, limit: number, unit: 'bytes' | 'characters' | 'items') {
    super('invalid_input', `${what} is over the limit of ${sentenceCount(limit)} ${unit}.`, {
      details: { limit, unit, field: what },
    });
    this.name = 'LimitError';
  }
}

/** JSON text length of a value, or Infinity when it is not plain JSON. */
export function jsonChars(v: unknown): number {
  try {
    const text = JSON.stringify(v);
    return text === undefined ? Infinity : text.length;
  } catch {
    return Infinity;
  }
}

/**
 * A lower bound of a value's JSON text length that stops walking once it passes `max`, so a huge
 * input is refused in time proportional to the limit, not to its size. Cycles count as over.
 */
export function jsonCharsAtLeast(v: unknown, max: number): number {
  let total = 0;
  const seen = new Set<object>();
  const walk = (x: unknown): void => {
    if (total > max) return;
    if (typeof x === 'string') total += x.length + 2;
    else if (x === null || typeof x !== 'object') total += String(x).length;
    else if (seen.has(x)) total = Infinity;
    else {
      seen.add(x);
      const entries = Array.isArray(x) ? x.map((e) => ['', e] as const) : Object.entries(x);
      total += 2;
      for (const [k, e] of entries) {
        total += k ? k.length + 4 : 1;
        walk(e);
        if (total > max) return;
      }
      seen.delete(x);
    }
  };
  walk(v);
  return total;
}

/** JSON text fits `max` characters: refused early from the lower bound, else measured exactly. */
export function jsonFits(v: unknown, max: number): boolean {
  return jsonCharsAtLeast(v, max) <= max && jsonChars(v) <= max;
}

/** z.unknown() whose JSON text fits `max` characters (checked before any deeper parsing). */
export function jsonWithin(max: number, what: string) {
  return z.unknown().superRefine((v, ctx) => {
    if (!jsonFits(v, max)) ctx.addIssue({ code: 'custom', message: `${what} is over the limit of ${sentenceCount(max)} characters.` });
  });
}
