// Portfolio weights of a list (issue 38): a weight per company, from an imported column, typed in
// the list view, or "equal". A weight is stored as given (any non-negative number: 2.5, 0.025 or
// 250 shares); analytics normalise the positive ones to sum to 100 %. The benchmark universe the
// list's analytics compare with is stored with the list too, so the screen and the workbook agree.
import { z } from 'zod';

export const WEIGHTINGS = ['equal', 'given'] as const;
/** `equal`: every company the same; `given`: each company's own weight (none or 0: not held). */
export type Weighting = (typeof WEIGHTINGS)[number];
export const WeightingSchema = z.enum(WEIGHTINGS);

/** A stored weight: finite and not negative; null clears it. */
export const WeightValueSchema = z.number().finite().min(0, 'A weight cannot be negative').nullable();

export const WeightInputSchema = z.object({ companyId: z.uuid(), weight: WeightValueSchema });
export type WeightInput = z.infer<typeof WeightInputSchema>;

/** What the list's analytics compare with: another list of the profile, or a loaded result set (equal weights). */
export const BenchmarkRefSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('list'), listId: z.number().int().positive() }),
  z.object({ kind: z.literal('snapshot'), snapshotId: z.number().int().positive() }),
]);
export type BenchmarkRef = z.infer<typeof BenchmarkRefSchema>;

/** Column names of an imported file read as weights (case and spaces ignored). */
export const WEIGHT_COLUMN_NAMES = ['weight', 'weights', 'gewicht', 'gewichtung', 'weight_pct', 'weight %', 'weight (%)', 'portfolio weight'] as const;

const normalName = (h: string) => h.trim().toLowerCase().replace(/\s+/g, ' ');

/** The index of the first header naming a weight, or -1. */
export function weightColumnIndex(headers: readonly string[]): number {
  const names = new Set<string>(WEIGHT_COLUMN_NAMES);
  return headers.findIndex((h) => names.has(normalName(h)));
}

export type ParsedWeight = { ok: true; value: number | null } | { ok: false; message: string };

/**
 * "1234.5" in plain JS notation, or null. `decimal` known (the analyst's locale): the other mark only
 * in groups of three ("2,5" on an English screen is refused, never read as 25); else guessed (a cell
 * of an imported file).
 */
function plainNumber(t: string, decimal?: '.' | ','): string | null {
  if (decimal) {
    const group = decimal === '.' ? ',' : '.';
    const [d, g] = [`\\${decimal}`, `\\${group}`];
    if (t.includes(group) && !new RegExp(`^[+-]?\\d{1,3}(${g}\\d{3})+(${d}\\d*)?$`).test(t)) return null;
    return t.split(group).join('').replace(decimal, '.');
  }
  const lastComma = t.lastIndexOf(',');
  const lastDot = t.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) return lastComma > lastDot ? t.replace(/\./g, '').replace(',', '.') : t.replace(/,/g, '');
  if (lastComma >= 0) return t.indexOf(',') === lastComma ? t.replace(',', '.') : t.replace(/,/g, '');
  return t;
}

/**
 * A typed or imported weight: "2.5", "2,5", "2.5 %", "1,234.5", "1.234,5". With `decimal` (the
 * screen's locale) the other mark groups thousands; without (an imported cell) the last mark of two
 * is the decimal one and a lone comma a decimal comma. Empty: no weight. Negative or not a number:
 * an error the screen shows beside the field, the text kept.
 */
export function parseWeight(text: string, decimal?: '.' | ','): ParsedWeight {
  const t = text.trim().replace(/\s*%$/, '').replace(/[\s\u00a0\u202f']/g, '');
  if (t === '') return { ok: true, value: null };
  const plain = plainNumber(t, decimal);
  if (plain === null || !/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(plain)) return { ok: false, message: `“${text.trim()}” is not a number: type a weight such as 2${decimal ?? '.'}5` };
  const value = Number(plain);
  if (!Number.isFinite(value)) return { ok: false, message: `“${text.trim()}” is too large for a weight` };
  if (value < 0) return { ok: false, message: 'A weight cannot be negative: type 0 or more' };
  return { ok: true, value };
}
