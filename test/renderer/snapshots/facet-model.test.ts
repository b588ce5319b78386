// Facet choices in words and as service conditions the sandbox accepts.
import { describe, expect, it } from 'vitest';
import { checkSearchBody } from '../../../src/shared/search/body';
import { facetFilters, facetLabel } from '../../../src/renderer/snapshots/facet-model';

describe('facetLabel', () => {
  it('names countries, bands and decades', () => {
    expect(facetLabel('country', 'DE')).toMatch(/^Germany \(DE\)$/);
    expect(facetLabel('employee_band', 10)).toBe('10–49');
    expect(facetLabel('employee_band', 10000)).toBe('10,000+');
    expect(facetLabel('revenue_band', 1e6)).toBe('$1M–10M');
    expect(facetLabel('founding_decade', 1990)).toBe('1990s');
    // Industries by code and name; a code the catalogue does not know stays a code.
    expect(facetLabel('industry_division', '47')).toBe('47 Retail trade, except of motor vehicles and motorcycles');
    expect(facetLabel('industry_division', '99x')).toBe('99x');
    expect(facetLabel('legal_form', 'GmbH')).toBe('GmbH');
  });
});

describe('facetFilters', () => {
  it('turns choices into one valid condition per facet', () => {
    const filters = facetFilters({
      country: ['DE', 'FR'],
      legal_form: ['GmbH'],
      industry_division: ['62'],
      employee_band: [50, 10],
      revenue_band: [1e10],
      founding_decade: [1990, 1970],
    });
    expect(filters).toEqual([
      { attribute: 'country', relation: 'in', value: ['DE', 'FR'] },
      { attribute: 'legal_form', relation: 'equals', value: 'GmbH' },
      { attribute: 'industry_code', relation: 'starts_with', value: '62' },
      { attribute: 'employee_count', relation: 'between', value: [10, 249] },
      { attribute: 'revenue', relation: 'greater_than', value: 1e10 - 1 },
      { attribute: 'founding_year', relation: 'between', value: [1970, 1999] },
    ]);
    expect(checkSearchBody({ filters: { and: filters } }).ok).toBe(true);
  });

  it('leaves facets without choices out', () => {
    expect(facetFilters({ country: [] })).toEqual([]);
  });
});
