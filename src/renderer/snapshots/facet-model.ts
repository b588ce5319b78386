// Facets in words and as service conditions. Pure, so it is unit-tested in Node.
import type { FacetId } from '../../shared/snapshots/snapshot';
import { countryLabel, industryLabel } from '../ui/value-catalogue';
import { formatCompact, formatCount } from '../ui/format';

// The titles live in shared: an export's About sheet names the facets the same way.
export { FACET_TITLE } from '../../shared/snapshots/view-words';

// Lower bounds as main computes them (src/main/features/snapshots/facets.ts).
const BANDS: Record<'employee_band' | 'revenue_band', number[]> = {
  employee_band: [0, 10, 50, 250, 1000, 5000, 10000],
  revenue_band: [0, 1e6, 1e7, 5e7, 1e8, 1e9, 1e10],
};

function bandUpper(facet: 'employee_band' | 'revenue_band', lower: number): number | null {
  const b = BANDS[facet];
  const i = b.indexOf(lower);
  return i >= 0 ? (b[i + 1] ?? null) : null;
}

export function facetLabel(facet: FacetId, key: string | number): string {
  switch (facet) {
    case 'country':
      return `${countryLabel(String(key))} (${key})`;
    case 'employee_band': {
      const up = bandUpper(facet, Number(key));
      return up === null ? `${formatCount(Number(key))}+` : `${formatCount(Number(key))}–${formatCount(up - 1)}`;
    }
    case 'revenue_band': {
      const up = bandUpper(facet, Number(key));
      return up === null ? `$${formatCompact(Number(key))}+` : `$${formatCompact(Number(key))}–${formatCompact(up)}`;
    }
    case 'founding_decade':
      return `${key}s`;
    case 'industry_division':
    case 'industry_class': {
      // The NACE code stays first (analysts know them, and it is what a service condition takes).
      const name = industryLabel(String(key));
      return name ? `${key} ${name}` : String(key);
    }
    default:
      return String(key);
  }
}

export interface ServiceFilter {
  attribute: string;
  relation: string;
  value: unknown;
}

/** One service condition per facet with choices. Bands and decades become one range over the chosen span. */
export function facetFilters(choices: Partial<Record<FacetId, ReadonlyArray<string | number>>>): ServiceFilter[] {
  const out: ServiceFilter[] = [];
  const list = (attribute: string, values: ReadonlyArray<string | number>) =>
    out.push(values.length === 1 ? { attribute, relation: 'equals', value: values[0] } : { attribute, relation: 'in', value: [...values] });
  for (const [facet, keys] of Object.entries(choices) as [FacetId, ReadonlyArray<string | number>][]) {
    if (!keys?.length) continue;
    switch (facet) {
      case 'country':
        list('country', keys.map(String));
        break;
      case 'legal_form':
        list('legal_form', keys.map(String));
        break;
      case 'industry_class':
        list('industry_code', keys.map(String));
        break;
      case 'industry_division':
        // A division is a code prefix; several divisions cannot be one starts_with, so each is its own
        // condition only when there is one (the builder ANDs its conditions).
        if (keys.length === 1) out.push({ attribute: 'industry_code', relation: 'starts_with', value: String(keys[0]) });
        else out.push({ attribute: 'industry_code', relation: 'in', value: keys.map(String) });
        break;
      case 'employee_band':
      case 'revenue_band': {
        const attribute = facet === 'employee_band' ? 'employee_count' : 'revenue';
        const lows = keys.map(Number).sort((a, b) => a - b);
        const [low] = lows;
        const high = lows.at(-1);
        if (low === undefined || high === undefined) break;
        const top = bandUpper(facet, high);
        out.push(top === null ? { attribute, relation: 'greater_than', value: low - 1 } : { attribute, relation: 'between', value: [low, top - 1] });
        break;
      }
      case 'founding_decade': {
        const decades = keys.map(Number).sort((a, b) => a - b);
        const [first] = decades;
        const last = decades.at(-1);
        if (first === undefined || last === undefined) break;
        out.push({ attribute: 'founding_year', relation: 'between', value: [first, last + 9] });
        break;
      }
    }
  }
  return out;
}
