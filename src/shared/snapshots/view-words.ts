// A snapshot view (text filter, facet choices, sort) in words: the facet titles the grid shows, and
// the lines an export's About sheet records. Pure; keys are written as stored (codes, band starts).
import { fieldLabel } from '../service/catalogue';
import type { FacetId, SnapshotView } from './snapshot';

export const FACET_TITLE: Record<FacetId, string> = {
  country: 'Country',
  industry_division: 'Industry division',
  industry_class: 'Industry class',
  legal_form: 'Legal form',
  employee_band: 'Employees',
  revenue_band: 'Revenue (USD)',
  founding_decade: 'Founded',
};

function facetKeyWords(facet: FacetId, key: string | number): string {
  if (facet === 'employee_band' || facet === 'revenue_band') return `band from ${key}`;
  if (facet === 'founding_decade') return `${key}s`;
  return String(key);
}

export interface ViewWords {
  filter: string;
  facets: string;
  sort: string;
}

export function describeSnapshotView(view: SnapshotView): ViewWords {
  const facets = (Object.entries(view.facets ?? {}) as [FacetId, Array<string | number>][])
    .filter(([, keys]) => keys && keys.length > 0)
    .map(([facet, keys]) => `${FACET_TITLE[facet]}: ${keys.map((k) => facetKeyWords(facet, k)).join(', ')}`);
  return {
    filter: view.text?.trim() ? `“${view.text.trim()}”` : '(none)',
    facets: facets.length ? facets.join('; ') : '(none)',
    sort: view.sort ? `${fieldLabel(view.sort.field)} (${view.sort.field}), ${view.sort.direction === 'desc' ? 'descending' : 'ascending'}` : 'service order',
  };
}

/** Whether the view leaves rows out (text filter or a facet choice). */
export function viewNarrows(view: SnapshotView): boolean {
  return Boolean(view.text?.trim()) || Object.values(view.facets ?? {}).some((keys) => (keys?.length ?? 0) > 0);
}
