import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellText, csvField, isFormulaLike, needsNeutralising, neutraliseText, unneutraliseText, wouldComputeAsFormula } from '../../../src/shared/export/cell-rules';
import { toTsv } from '../../../src/shared/search/tsv';

describe('neutraliseText', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+SUM(A1)', "'+SUM(A1)"],
    ['-1+1', "'-1+1"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ['@SUM(1)', "'@SUM(1)"],
    ['\tfoo', "'\tfoo"],
    ['\r=1', "'\r=1"],
    ['\nx', "'\nx"],
    ['+49 30 1234567', "'+49 30 1234567"],
    // Already looks neutralised: one more prefix, so read-back gives the original exactly.
    ["'=1", "''=1"],
  ])('prefixes %j', (input, output) => {
    expect(neutraliseText(input)).toBe(output);
    expect(unneutraliseText(output)).toBe(input);
  });

  it.each(['-12', '+3.5', '-1e5', '-.5', 'plain', '', "'already", ' =spaced'])('leaves %j alone', (input) => {
    expect(neutraliseText(input)).toBe(input);
    expect(unneutraliseText(input)).toBe(input);
  });

  it('is undone exactly by unneutraliseText and never leaves formula-like text, for any string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', '\n', '1', 'a', ' ') }), fc.string({ unit: 'binary' })), (s) => {
        const out = neutraliseText(s);
        expect(isFormulaLike(out)).toBe(false);
        expect(needsNeutralising(s) ? out === `'${s}` : out === s).toBe(true);
        expect(unneutraliseText(out)).toBe(s);
      }),
      { numRuns: 3_000 },
    );
  });
});

describe('csvField', () => {
  it('quotes , and ; whatever the delimiter, and quotes, CR, LF and the delimiter itself', () => {
    for (const d of [',', ';', '\t', '|']) {
      expect(csvField('a,b', d)).toBe('"a,b"');
      expect(csvField('a;b', d)).toBe('"a;b"');
      expect(csvField('say "hi"', d)).toBe('"say ""hi"""');
      expect(csvField('x\ny', d)).toBe('"x\ny"');
      expect(csvField('x\ry', d)).toBe('"x\ry"');
      expect(csvField('plain', d)).toBe('plain');
    }
    expect(csvField('a\tb', '\t')).toBe('"a\tb"');
    expect(csvField('a|b', '|')).toBe('"a|b"');
    expect(csvField('a|b', ',')).toBe('a|b');
  });
});

describe('cellText: one way to write lists, for exports and Copy as TSV', () => {
  it('joins lists with "; ", writes objects inside as JSON, empties as nothing', () => {
    expect(cellText(['a', 1, { b: 2 }, null])).toBe('a; 1; {"b":2}; ');
    expect(cellText({})).toBe('');
    expect(cellText(null)).toBe('');
    expect(cellText({ a: 1 })).toBe('{"a":1}');
  });

  it('Copy as TSV writes list values as the export does, and neutralises formula-like text', () => {
    const tsv = toTsv([{ company_id: 'c1', tags: ['a', 'b;c'], name: '=cmd', phone: '+49 30 1', n: -3, empty: {} }], ['company_id', 'tags', 'name', 'phone', 'n', 'empty']);
    expect(tsv.split('\n')[1]).toBe("c1\ta; b;c\t'=cmd\t'+49 30 1\t-3\t");
  });
});

describe('wouldComputeAsFormula (what the bulk-match check warns about)', () => {
  it('is true only for what a spreadsheet computes: = anything; + - @ with a call, a reference, a DDE link or arithmetic', () => {
    const computed = ['=SUM(A1:A9)', '=1', '=SUMME(A1:A3)', '+SUM(A1)', "-cmd|' /C calc'!A0", '@SUM(A1)', '+A1', '-$B$2', '+49-30-1234567', '\t=1+1', '-2+3'];
    const shown = ['+49 30 1234567', '+44 (0)20 7946 0000', '+1 555 0100', '-5', '+3.5', '-12%', '-', '=', '@home', '- item', '+DE', 'Acme'];
    expect(computed.filter((t) => !wouldComputeAsFormula(t))).toEqual([]);
    expect(shown.filter((t) => wouldComputeAsFormula(t))).toEqual([]);
  });

  it('never warns about a cell an export leaves alone', () => {
    fc.assert(fc.property(fc.string(), (s) => !wouldComputeAsFormula(s) || isFormulaLike(s.replace(/^[\t\r\n]+/, ''))));
  });
});
