// Facet choices as service conditions that mean the facet view's set. The service takes one flat
// "and"/"or" list, no nesting, and the builder ANDs its conditions: so an either-or inside one facet
// is written without "or". Several divisions become their class codes; bands or decades that are not
// next to each other become their span less the values between them. Pure; the snapshot's own values
// come in through `SnapshotValues`.
import { FACET_IDS, type FacetId, type SnapshotView } from '../../../shared/snapshots/snapshot';
import type { SearchFilter } from '../../../shared/service/schemas';
import { NACE_CLASSES } from '../../../shared/service/classifications';
import { FILTER_VALUE_MAX_CHARS } from '../../../shared/limits';
import { EMPLOYEE_BANDS, REVENUE_BANDS } from './facets';

/** Distinct values of a field in the snapshot (texts: `txt`, numbers: `num`). */
export interface SnapshotValues {
  texts(field: string): readonly string[];
  numbers(field: string): readonly number[];
}

export type FacetChoices = NonNullable<SnapshotView['facets']>;

/** Entries of one `in` / `not_in` the service takes (catalogue.ts). */
const LIST_MAX = 1000;

/** A facet key's values as a half-open span [lo, hi); hi null: no upper end. */
interface Span {
  lo: number;
  hi: number | null;
}

export function facetConditions(choices: FacetChoices, known: SnapshotValues): SearchFilter[] {
  return FACET_IDS.flatMap((facet) => {
    const keys = choices[facet];
    return keys?.length ? conditionsOf(facet, keys, known) : [];
  });
}

function conditionsOf(facet: FacetId, keys: ReadonlyArray<string | number>, known: SnapshotValues): SearchFilter[] {
  switch (facet) {
    case 'country':
    case 'legal_form':
      return [list(facet, keys.map(String))];
    case 'industry_class':
      return [list('industry_code', keys.map(String))];
    case 'industry_division':
      return divisions(keys.map(String), known);
    case 'employee_band':
      return numeric('employee_count', keys.map((k) => bandSpan(EMPLOYEE_BANDS, Number(k))), true, known);
    case 'revenue_band':
      return numeric('revenue', keys.map((k) => bandSpan(REVENUE_BANDS, Number(k))), false, known);
    case 'founding_decade':
      return numeric('founding_year', keys.map((k) => decadeSpan(Number(k))), true, known);
  }
}

function list(attribute: string, values: readonly string[]): SearchFilter {
  const unique = [...new Set(values)];
  return unique.length === 1 ? { attribute, relation: 'equals', value: unique[0]! } : { attribute, relation: 'in', value: unique };
}

/** The facet's division key of a code (facets.ts: two leading digits), or null. */
const divisionOf = (code: string): string | null => (/^[0-9]{2}/.test(code) ? code.slice(0, 2) : null);

/**
 * One division is a prefix. Several would need an "or" of prefixes, which an "and" list cannot hold:
 * they are sent as every code of those divisions, the catalogue's and the snapshot's own.
 */
function divisions(keys: readonly string[], known: SnapshotValues): SearchFilter[] {
  const chosen = new Set(keys);
  if (chosen.size === 1) return [{ attribute: 'industry_code', relation: 'starts_with', value: keys[0]! }];
  const codes = [...NACE_CLASSES.map(([code]) => code), ...known.texts('industry_code')].filter((c) => chosen.has(divisionOf(c) ?? ''));
  const unique = [...new Set(codes)].sort();
  // No code known at all: the view is empty, and so is `in` over the bare division keys.
  return [{ attribute: 'industry_code', relation: 'in', value: unique.length ? unique : [...chosen] }];
}

function bandSpan(bounds: readonly number[], lower: number): Span {
  const i = bounds.indexOf(lower);
  if (i < 0) throw new Error(`No band starts at ${lower}`);
  return { lo: lower, hi: bounds[i + 1] ?? null };
}

/** facets.ts keys a year as CAST(year / 10 AS INTEGER) * 10, which truncates toward zero. */
function decadeSpan(d: number): Span {
  if (d > 0) return { lo: d, hi: d + 10 };
  if (d < 0) return { lo: d - 9, hi: d + 1 };
  return { lo: -9, hi: 10 };
}

/** Spans sorted and joined where one ends at the next one's start. */
function runs(spans: readonly Span[]): Span[] {
  const out: Span[] = [];
  for (const s of [...spans].sort((a, b) => a.lo - b.lo)) {
    const last = out.at(-1);
    if (last && last.hi !== null && last.hi >= s.lo) last.hi = s.hi === null ? null : Math.max(last.hi, s.hi);
    else out.push({ ...s });
  }
  return out;
}

/** [lo, hi) exactly: whole numbers by inclusive bounds; other numbers by `between` up to hi and `less_than` hi. */
function range(attribute: string, { lo, hi }: Span, integer: boolean): SearchFilter[] {
  if (integer) return [hi === null ? { attribute, relation: 'greater_than', value: lo - 1 } : { attribute, relation: 'between', value: [lo, hi - 1] }];
  if (hi === null) return [{ attribute, relation: 'between', value: [lo, Number.MAX_VALUE] }];
  return [
    { attribute, relation: 'between', value: [lo, hi] },
    { attribute, relation: 'less_than', value: hi },
  ];
}

/**
 * Spans apart: their hull less the gaps. A gap of at most LIST_MAX whole numbers is written out whole
 * (true for any data); otherwise as the snapshot's values in it, which is the same set within the
 * search the snapshot was loaded from.
 */
function numeric(attribute: string, spans: readonly Span[], integer: boolean, known: SnapshotValues): SearchFilter[] {
  const joined = runs(spans);
  const first = joined[0]!;
  const hull: Span = { lo: first.lo, hi: joined.at(-1)!.hi };
  const gaps = joined.slice(1).map((s, i) => ({ lo: joined[i]!.hi!, hi: s.lo }));
  if (gaps.length === 0) return range(attribute, hull, integer);
  const width = gaps.reduce((n, g) => n + (g.hi - g.lo), 0);
  const inGap = (v: number) => gaps.some((g) => v >= g.lo && v < g.hi);
  const excluded =
    integer && width <= LIST_MAX
      ? gaps.flatMap((g) => Array.from({ length: g.hi - g.lo }, (_, i) => g.lo + i))
      : [...new Set(known.numbers(attribute))].filter(inGap).sort((a, b) => a - b);
  return [...range(attribute, hull, integer), ...chunks(excluded).map((value) => ({ attribute, relation: 'not_in', value }))];
}

/** Lists of at most LIST_MAX numbers whose JSON fits a filter value (several not_in AND to one). */
function chunks(values: readonly number[]): number[][] {
  const out: number[][] = [];
  let part: number[] = [];
  let chars = 2;
  for (const v of values) {
    const add = JSON.stringify(v).length + 1;
    if (part.length === LIST_MAX || chars + add > FILTER_VALUE_MAX_CHARS) {
      out.push(part);
      part = [];
      chars = 2;
    }
    part.push(v);
    chars += add;
  }
  if (part.length) out.push(part);
  return out;
}
