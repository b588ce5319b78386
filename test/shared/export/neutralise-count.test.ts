// The count the export dialog shows: exactly the cells the CSV writer prefixes.
import { describe, expect, it } from 'vitest';
import { countNeutralised, wouldNeutralise } from '../../../src/shared/export/neutralise-count';
import { csvFieldOf } from '../../../src/main/platform/tabular/cells';

const rows = [
  { company_id: 'DE1', phone: '+49 30 1234567', address: { city: '=Berlin' }, employees: -3, note: '-12.5' },
  { company_id: 'DE2', phone: '030 1234567', address: { city: 'Köln' }, employees: 5, note: ['@x', 'y'] },
];

describe('countNeutralised', () => {
  it('counts formula-like text in the chosen columns, never numbers or plain negative numbers as text', () => {
    expect(countNeutralised(rows, ['company_id', 'phone', 'employees'])).toEqual({ cells: 1, columns: ['phone'] });
    expect(countNeutralised(rows, null)).toEqual({ cells: 3, columns: ['phone', 'address.city', 'note'] });
  });

  it('agrees with the writer for every value', () => {
    for (const v of ['+49 1', '=1', '-12.5', "'=1", 'a', -3, true, ['@x'], '\u202E=1']) {
      expect(wouldNeutralise(v), String(v)).toBe(csvFieldOf(v, ';', true) !== csvFieldOf(v, ';', false));
    }
  });
});
