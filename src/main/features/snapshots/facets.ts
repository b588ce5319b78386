// Facets of a loaded snapshot: each is a key computed in SQL from one stored cell
// (snapshot_values, alias `v`), so counting and narrowing use the same expression.
import type { FacetId } from '../../../shared/snapshots/snapshot';

export interface FacetDef {
  id: FacetId;
  /** The record field the facet reads. */
  field: string;
  /** SQL for the facet key of one value row `v`; NULL leaves the row out of the facet. */
  key: string;
  /** How keys are ordered in the list: by count (most first) or by the key itself (bands, decades). */
  order: 'count' | 'key';
}

// Bands are written as their lower bound so they sort numerically and turn into `greater_than`/`between` conditions.
export const EMPLOYEE_BANDS: readonly number[] = [0, 10, 50, 250, 1000, 5000, 10000];
export const REVENUE_BANDS: readonly number[] = [0, 1e6, 1e7, 5e7, 1e8, 1e9, 1e10];

function bandSql(bounds: readonly number[]): string {
  const cases = bounds
    .slice(1)
    .map((b, i) => `WHEN v.num < ${b} THEN ${bounds[i]}`)
    .join(' ');
  return `CASE WHEN v.num IS NULL OR v.num < 0 THEN NULL ${cases} ELSE ${bounds[bounds.length - 1]} END`;
}

export const FACETS: Readonly<Record<FacetId, FacetDef>> = {
  country: { id: 'country', field: 'country', key: 'upper(v.txt)', order: 'count' },
  industry_division: { id: 'industry_division', field: 'industry_code', key: "CASE WHEN v.txt GLOB '[0-9][0-9]*' THEN substr(v.txt, 1, 2) END", order: 'count' },
  industry_class: { id: 'industry_class', field: 'industry_code', key: 'v.txt', order: 'count' },
  legal_form: { id: 'legal_form', field: 'legal_form', key: 'v.txt', order: 'count' },
  employee_band: { id: 'employee_band', field: 'employee_count', key: bandSql(EMPLOYEE_BANDS), order: 'key' },
  revenue_band: { id: 'revenue_band', field: 'revenue', key: bandSql(REVENUE_BANDS), order: 'key' },
  founding_decade: { id: 'founding_decade', field: 'founding_year', key: 'CAST(v.num / 10 AS INTEGER) * 10', order: 'key' },
};

