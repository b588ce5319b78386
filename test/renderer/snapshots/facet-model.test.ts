// Facet choices in words (as service conditions: test/main/features/snapshots/facet-conditions.test.ts).
import { describe, expect, it } from 'vitest';
import { facetLabel } from '../../../src/renderer/snapshots/facet-model';

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
