// Facets in words (main writes them as service conditions: facet-conditions.ts). Pure, so it is
// unit-tested in Node.
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
