import { describe, expect, it } from 'vitest';
import { cutToBytes, FILE_NAME_BUDGET, fileTimestamp, queryFileStem, queryText, safeFileName, utf8Bytes } from '../../../src/shared/export/file-name';
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

  it('cuts names by UTF-8 bytes, never inside a character, leaving room for the suffixes added later', () => {
    const at = new Date(2026, 0, 2, 3, 4);
    const cjk = '製造業'.repeat(40); // 120 characters, 360 bytes
    const name = suggestedFileName('ndjson', cjk, at);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(FILE_NAME_BUDGET);
    expect(name).toMatch(/^(製造業)+(製|製造)?-2026-01-02-0304\.ndjson$/);
    // Four-byte characters (emoji) stay whole: a cut between their two UTF-16 halves would be U+FFFD on disk.
    const emoji = '🏭'.repeat(100);
    expect(cutToBytes(emoji, 10)).toBe('🏭🏭');
    expect(utf8Bytes('a€🏭')).toBe(1 + 3 + 4);
    expect(Buffer.byteLength(suggestedFileName('csv', emoji, at))).toBeLessThanOrEqual(FILE_NAME_BUDGET);
    expect(suggestedFileName('csv', emoji, at)).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    // One sanitiser for a whole name: separators, controls and bidi overrides go, the extension stays.
    expect(safeFileName('../\u202Eevil\u202C/a:b.csv')).toBe('evil a b.csv');
    expect(safeFileName('...')).toBe('export');
    expect(Buffer.byteLength(safeFileName(`${'名'.repeat(200)}.xlsx`))).toBeLessThanOrEqual(FILE_NAME_BUDGET);
    expect(safeFileName(`${'名'.repeat(200)}.xlsx`)).toMatch(/^名+\.xlsx$/);
  });
});
