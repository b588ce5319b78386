// What a double-click does to a CSV cell, as the export dialog says it (issue 39 #1); the LibreOffice
// half is also held to the real program in libreoffice-readback.test.ts.
import { describe, expect, it } from 'vitest';
import { countOpenChanges } from '../../../src/shared/export/double-click-count';
import { openChange, readsAsNumber } from '../../../src/shared/export/double-click';
import { localeSeparators, presetCsvOptions } from '../../../src/shared/export/csv-presets';

const de = localeSeparators('de-DE');
const en = localeSeparators('en-US');
const excelDe = presetCsvOptions('excel', de);
const dataCsv = presetCsvOptions('data', en);
const kind = (v: unknown, csv = excelDe, reader = de) => openChange(v, csv, reader)?.kind ?? null;

describe('readsAsNumber', () => {
  it('reads the locale’s own decimal mark and groups of three, 15 significant digits', () => {
    expect(readsAsNumber('26,20', de)).toBe(26.2);
    expect(readsAsNumber('26.20', de)).toBeNull();
    expect(readsAsNumber('1.234', de)).toBe(1234);
    expect(readsAsNumber('1.234', en)).toBe(1.234);
    expect(readsAsNumber('1,23', en)).toBeNull();
    expect(readsAsNumber('1234567890123456789', en)).toBe(1234567890123460000);
    expect(readsAsNumber('1e400', en)).toBeNull();
    expect(readsAsNumber('+49 30 1234567', en)).toBeNull();
  });
});

describe('openChange', () => {
  it('names what happens to codes, phones and names', () => {
    expect(kind('03024')).toBe('leading-zeros');
    expect(kind('26,20')).toBe('number-form');
    expect(kind('26.20', excelDe, en)).toBe('number-form');
    expect(kind('10115')).toBe('number');
    expect(kind('1234567890123456789')).toBe('long-digits');
    expect(kind('+49 30 1234567')).toBe('apostrophe');
    expect(kind('=SUM(A1:A9) Holdings')).toBe('apostrophe');
    expect(kind('DE0012345')).toBeNull();
    expect(kind('2024-03-05')).toBeNull();
    expect(kind('2024-03-05T10:00:00')).toBe('date');
  });

  it('marks what only Excel does: dates from 1-2, and formulas when protection is off', () => {
    expect(openChange('1-2', excelDe, de)).toEqual({ kind: 'date', excelOnly: true });
    const off = { ...dataCsv, formulaPrefix: false };
    expect(openChange('=SUM(A1:A9)', off, en)).toEqual({ kind: 'formula', excelOnly: true });
    expect(openChange('+49 30 1234567', off, en)).toBeNull();
  });

  it('numbers: kept when written in the reader’s decimal mark, text or another number otherwise', () => {
    expect(kind(12.5)).toBeNull();
    expect(kind(12.5, dataCsv, de)).toBe('number-as-text');
    expect(kind(1.234, dataCsv, de)).toBe('number-changed');
    expect(kind(1554, dataCsv, de)).toBeNull();
  });
});

describe('countOpenChanges', () => {
  it('counts per column and kind, with the first example', () => {
    const rows = [
      { plz: '03024', phone: '+49 30 1', name: 'A', n: 1.5 },
      { plz: '00943', phone: '030 1', name: '=1+1', n: 2 },
    ];
    expect(countOpenChanges(rows, null, excelDe, de)).toEqual({
      cells: 4,
      columns: [
        { column: 'plz', cells: 2, kinds: { 'leading-zeros': { cells: 2, example: '03024', excelOnly: false } } },
        { column: 'phone', cells: 1, kinds: { apostrophe: { cells: 1, example: '+49 30 1', excelOnly: false } } },
        { column: 'name', cells: 1, kinds: { apostrophe: { cells: 1, example: '=1+1', excelOnly: false } } },
      ],
    });
  });
});

describe('Custom with ";"', () => {
  it('writes a decimal comma, as a ";" spreadsheet expects', () => {
    expect(presetCsvOptions('custom', en, { delimiter: ';', bom: false, lineEnding: 'crlf', formulaPrefix: true }).decimalSeparator).toBe(',');
    expect(presetCsvOptions('custom', de, { delimiter: ',', bom: false, lineEnding: 'crlf', formulaPrefix: true }).decimalSeparator).toBe('.');
  });
});
