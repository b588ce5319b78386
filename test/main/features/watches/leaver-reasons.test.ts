// The reason a company left a watched search (issue 38), in words: gone from the service, or the
// conditions of the saved search it now fails, with its value and the condition.
import fc from 'fast-check';
import type { SearchBody, SearchFilter } from '../../../../src/shared/service/schemas';
import { describe, expect, it } from 'vitest';
import { failedConditions, leaverReason, REMOVED_REASON } from '../../../../src/main/features/watches/leaver-reasons';

type F = SearchFilter;
const and = (...f: F[]): SearchBody => ({ filters: { and: f } });
const or = (...f: F[]): SearchBody => ({ filters: { or: f } });

describe('leaverReason', () => {
  it('says a company the service no longer has is gone', () => {
    expect(leaverReason(and({ attribute: 'country', relation: 'equals', value: 'DE' }), null)).toBe(REMOVED_REASON);
  });

  it('names each condition of an "and" search the record fails, with its value', () => {
    const body = and({ attribute: 'country', relation: 'equals', value: 'DE' }, { attribute: 'employee_count', relation: 'greater_than', value: 500 }, { attribute: 'founded_year', relation: 'between', value: [1990, 2000] });
    expect(leaverReason(body, { company_id: 'a', country: 'DE', employee_count: 480, founded_year: 1995 })).toMatch(/^No longer matches: .* 480 \(condition: .* greater than 500\)\.$/);
    expect(failedConditions(body, { company_id: 'a', country: 'FR', employee_count: 480, founded_year: 2001 })).toHaveLength(3);
    expect(failedConditions(body, { company_id: 'a', country: 'DE', employee_count: 501, founded_year: 1990 })).toEqual([]);
  });

  it('an "or" search is left only when every condition fails, and all are named', () => {
    const body = or({ attribute: 'country', relation: 'equals', value: 'DE' }, { attribute: 'country', relation: 'equals', value: 'AT' });
    expect(failedConditions(body, { company_id: 'a', country: 'AT' })).toEqual([]);
    expect(failedConditions(body, { company_id: 'a', country: 'CH' })).toEqual(['Country “CH” (condition: Country equals “DE”)', 'Country “CH” (condition: Country equals “AT”)']);
  });

  it('names exactly the thresholds a random record crosses (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 2000 }), fc.option(fc.integer({ min: 0, max: 2000 }), { nil: null }), (gt, lt, employees) => {
        const body = and({ attribute: 'employee_count', relation: 'greater_than', value: gt }, { attribute: 'employee_count', relation: 'less_than', value: lt });
        const failing = failedConditions(body, { company_id: 'x', employee_count: employees });
        // Independent truth: a missing value fails both; else each comparison as written.
        const expected = [employees === null || !(employees > gt), employees === null || !(employees < lt)];
        expect(failing.map((f) => f.includes('greater than'))).toEqual(expected.flatMap((fails, i) => (fails ? [i === 0] : [])));
      }),
    );
  });
});
