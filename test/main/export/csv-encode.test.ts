// The export's CSV encoder against csv-stringify, the library it replaces on the hot path: for any
// cells and any of the offered delimiters the bytes must be identical to csv-stringify's RFC 4180
// quoting, and raw values must encode exactly as their cells do.
import fc from 'fast-check';
import { stringify } from 'csv-stringify/sync';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvText, toCell, type Cell } from '../../../src/main/export/cells';
import { csvEncoder, type CsvDelimiter } from '../../../src/main/export/writers/csv-encode';

const delimiters: CsvDelimiter[] = [',', ';', '\t', '|'];
// Strings built from the characters that matter to CSV and to the formula rule, plus any unicode.
const awkward = fc.oneof(
  fc.string({ unit: fc.constantFrom('a', ',', ';', '|', '\t', '"', '\r', '\n', '=', '+', '-', '@', ' ', "'", '1', '.', 'é', '😀') }),
  fc.string({ unit: 'grapheme' }),
);
const cell: fc.Arbitrary<Cell> = fc.oneof(awkward, fc.double(), fc.integer(), fc.boolean(), fc.constant(null));
const value = fc.oneof(awkward, fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.array(fc.oneof(awkward, fc.integer()), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }));

describe('csvEncoder', () => {
  it('writes records byte-for-byte as csv-stringify does', () => {
    fc.assert(
      fc.property(fc.constantFrom(...delimiters), fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { maxLength: 8 }), (delimiter, rows) => {
        const encoder = csvEncoder(delimiter);
        const ours = rows.map((r) => encoder.record(r)).join('');
        // quote_record_delimiter: RFC 4180 quotes any CR or LF; csv-stringify only does so by default
        // when record_delimiter is left unset (with '\r\n' set it writes a lone LF bare).
        const theirs = stringify(rows.map((r) => r.map(csvText)), { delimiter, record_delimiter: '\r\n', quote_record_delimiter: true });
        expect(ours).toBe(theirs);
      }),
      { numRuns: 500 },
    );
  });

  it('encodes raw values exactly as their cells, padding a short row', () => {
    fc.assert(
      fc.property(fc.constantFrom(...delimiters), fc.array(value, { maxLength: 6 }), fc.nat(3), (delimiter, values, extra) => {
        const encoder = csvEncoder(delimiter);
        const width = values.length + extra;
        const cells = Array.from({ length: width }, (_, i) => toCell(values[i]));
        expect(encoder.values(values, width)).toBe(encoder.record(cells));
      }),
      { numRuns: 500 },
    );
  });

  it('quotes a field holding only a line break, so a spreadsheet keeps the row whole', () => {
    const encoder = csvEncoder(',');
    const text = encoder.record(['a\nb', 'c\rd', 'x']);
    expect(text).toBe('"a\nb","c\rd",x\r\n');
    expect(parse(text)).toEqual([['a\nb', 'c\rd', 'x']]);
  });

  it('round-trips through csv-parse', () => {
    const encoder = csvEncoder(';');
    const row: Cell[] = ['a;b', 'say "hi"', 'line\r\nbreak', '', null, 12.5, true, '=1+1'];
    const [back] = parse(encoder.record(row), { delimiter: ';' }) as string[][];
    expect(back).toEqual(['a;b', 'say "hi"', 'line\r\nbreak', '', '', '12.5', 'true', '=1+1']);
  });
});
