import { describe, expect, it } from 'vitest';
import { searchInWords } from '../../../src/renderer/search/search-words';

const en = { locale: 'en-US' };
const one = (attribute: string, relation: string, value: unknown) => ({ filters: { and: [{ attribute, relation, value }] } });

describe('a search in words', () => {
  it('reads the issue example with catalogue labels and country names', () => {
    const body = {
      filters: {
        and: [
          { attribute: 'country', relation: 'in', value: ['AT', 'CH'] },
          { attribute: 'employee_count', relation: 'greater_than', value: 500 },
        ],
      },
    };
    expect(searchInWords(body, en)).toBe('Country is one of Austria, Switzerland and Employees greater than 500');
  });

  it('words every relation of the catalogue', () => {
    expect(searchInWords(one('country', 'equals', 'DE'), en)).toBe('Country equals Germany');
    expect(searchInWords(one('country', 'not_equals', 'fr'), en)).toBe('Country does not equal France');
    expect(searchInWords(one('legal_form', 'in', ['GmbH', 'AG']), en)).toBe('Legal form is one of GmbH, AG');
    expect(searchInWords(one('country', 'not_in', ['US']), en)).toBe('Country is none of United States');
    expect(searchInWords(one('revenue', 'greater_than', 10_000_000), en)).toBe('Revenue (USD) greater than 10,000,000');
    expect(searchInWords(one('founding_year', 'less_than', 1990), en)).toBe('Founded less than 1990');
    expect(searchInWords(one('employee_count', 'between', [50, 2500]), en)).toBe('Employees between 50 and 2,500');
    expect(searchInWords(one('name', 'contains', 'holding'), en)).toBe('Name contains "holding"');
    expect(searchInWords(one('industry_code', 'starts_with', '62'), en)).toBe('Industry code starts with 62');
  });

  it('joins an or group with "or" and formats numbers for the locale', () => {
    const body = { filters: { or: [{ attribute: 'city', relation: 'equals', value: 'Wien' }, { attribute: 'revenue', relation: 'less_than', value: 1234567.5 }] } };
    expect(searchInWords(body, en)).toBe('City equals "Wien" or Revenue (USD) less than 1,234,567.5');
    expect(searchInWords(body, { locale: 'de-DE' })).toBe('City equals "Wien" or Revenue (USD) less than 1.234.567,5');
    expect(searchInWords(one('country', 'equals', 'AT'), { locale: 'de-DE' })).toBe('Country equals Österreich');
  });

  it('puts nested groups in parentheses', () => {
    const body = {
      filters: {
        and: [
          { or: [{ attribute: 'country', relation: 'equals', value: 'AT' }, { attribute: 'country', relation: 'equals', value: 'CH' }] },
          { attribute: 'employee_count', relation: 'greater_than', value: 500 },
          { and: [{ or: [{ attribute: 'name', relation: 'starts_with', value: 'A' }, { attribute: 'name', relation: 'starts_with', value: 'B' }] }] },
        ],
      },
    };
    expect(searchInWords(body, en)).toBe('(Country equals Austria or Country equals Switzerland) and Employees greater than 500 and (Name starts with "A" or Name starts with "B")');
  });

  it('keeps unknown attributes, relations and values readable', () => {
    expect(searchInWords(one('colour', 'looks_like', 'red'), en)).toBe('colour looks like "red"');
    expect(searchInWords(one('country', 'equals', 'XX-1'), en)).toBe('Country equals XX-1');
    expect(searchInWords(one('revenue', 'equals', null), en)).toBe('Revenue (USD) equals empty');
    expect(searchInWords(one('name', 'equals', { a: 1 }), en)).toBe('Name equals {"a":1}');
    expect(searchInWords({ nothing: true }, en)).toBe('');
    expect(searchInWords(null, en)).toBe('');
  });

  it('cuts a long list', () => {
    const ids = Array.from({ length: 10 }, (_, i) => `id${i}`);
    expect(searchInWords(one('company_id', 'in', ids), { ...en, maxListItems: 3 })).toBe('Company ID is one of "id0", "id1", "id2" and 7 more');
  });
});
