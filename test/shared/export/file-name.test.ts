import { describe, expect, it } from 'vitest';
import { fileTimestamp, queryFileStem, queryText } from '../../../src/shared/export/file-name';
import { suggestedFileName } from '../../../src/main/platform/tabular/file-names';

const body = {
  filters: {
    and: [
      { attribute: 'country', relation: 'equals', value: 'DE' },
      { attribute: 'employee_count', relation: 'greater_than', value: 1000 },
    ],
  },
};

describe('export file names say what was searched and when', () => {
  it('names the file after the query and the local time', () => {
    const at = new Date(2026, 10, 23, 14, 5);
    expect(queryFileStem(body)).toBe('companies-DE-employees-gt-1000');
    expect(fileTimestamp(at)).toBe('2026-11-23-1405');
    expect(suggestedFileName('csv', queryFileStem(body), at)).toBe('companies-DE-employees-gt-1000-2026-11-23-1405.csv');
  });

  it('keeps names safe and short, whatever the values', () => {
    const odd = { filters: { or: [{ attribute: 'name', relation: 'contains', value: 'Müller / "Söhne"' }, { attribute: 'city', relation: 'in', value: ['Köln', 'Bonn'] }] } };
    expect(queryFileStem(odd)).toBe('companies-name-contains-Muller-Sohne-or-city-Koln-Bonn');
    expect(queryFileStem({ filters: { and: Array.from({ length: 20 }, (_, i) => ({ attribute: `field_${i}`, relation: 'equals', value: i })) } }).length).toBeLessThanOrEqual(80);
    expect(suggestedFileName('xlsx', 'a/b:c', new Date(2026, 0, 2, 3, 4))).toBe('a b c-2026-01-02-0304.xlsx');
    expect(suggestedFileName('json', undefined, new Date(2026, 0, 2, 3, 4))).toBe('companies-2026-01-02-0304.json');
  });

  it('says the query in words for the About sheet', () => {
    expect(queryText(body)).toBe('country equals "DE" AND employee_count greater_than 1000');
  });
});
