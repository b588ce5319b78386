import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isFormulaLike, neutraliseText, unneutraliseText } from '../../../src/shared/export/neutralise';
import { toCell, type Cell } from '../../../src/main/export/cells';
import { openCsvWriter } from '../../../src/main/export/writers/csv';
import { openXlsxWriter } from '../../../src/main/export/writers/xlsx';
import { readCsv, readXlsx } from '../../main/export/readback';

describe('neutraliseText', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+SUM(A1)', "'+SUM(A1)"],
    ['-2+3+cmd|" /C calc"!A0', `'-2+3+cmd|" /C calc"!A0`],
    ['@SUM(1)', "'@SUM(1)"],
    ['\tfoo', "'\tfoo"],
    ['\r=1', "'\r=1"],
    ['\nx', "'\nx"],
  ])('prefixes %j', (input, output) => {
    expect(neutraliseText(input)).toBe(output);
    expect(unneutraliseText(output)).toBe(input);
  });

  it.each(['-12', '+3.5', '-1e5', '-.5', 'plain', '', "'already", ' =spaced'])('leaves %j alone', (input) => {
    expect(neutraliseText(input)).toBe(input);
  });

  it('keeps real numbers and booleans typed', () => {
    expect(toCell(-42)).toBe(-42);
    expect(toCell(true)).toBe(true);
    expect(toCell(null)).toBeNull();
    expect(toCell(['=a', 'b'])).toBe("'=a; b");
    expect(toCell('\u0001=cmd', { xlsx: true })).toBe("'=cmd");
  });
});

// Strings that start with every trigger (also behind characters XLSX drops), plus random text.
const trickyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc
    .tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '\u0001=', '\u0000+', '\u001f@', '\uFFFE=', '\uD800-', '-1', '+2'), fc.string({ unit: 'grapheme-ascii', maxLength: 10 }))
    .map(([a, b]) => a + b),
);
const cellValue = fc.oneof(trickyString, fc.array(trickyString, { maxLength: 3 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean());

describe('property: no exported cell is a live formula', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fs-neutralise-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('toCell never returns formula-like text and keeps the original readable', () => {
    fc.assert(
      fc.property(trickyString, (s) => {
        const cell = toCell(s);
        expect(typeof cell === 'string' && isFormulaLike(cell)).toBe(false);
        expect(unneutraliseText(cell as string)).toBe(s);
        const x = toCell(s, { xlsx: true });
        expect(typeof x === 'string' && isFormulaLike(x)).toBe(false);
      }),
      { numRuns: 2_000 },
    );
  });

  it('CSV and XLSX files read back with no unneutralised formula cell', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(cellValue, { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 20 }), async (table) => {
        run++;
        const header = ['a', '=b', 'c'];
        const rows: Cell[][] = table.map((r) => r.map((v) => toCell(v)));
        const csvPath = join(dir, `p${run}.csv`);
        const csv = await openCsvWriter(csvPath, header, { delimiter: ',', bom: false });
        await csv.writeRows(rows);
        await csv.finish();
        const csvBack = await readCsv(csvPath);
        expect(csvBack.length).toBe(table.length + 1);
        for (const row of csvBack) for (const cell of row) expect(isFormulaLike(cell)).toBe(false);

        const xlsxPath = join(dir, `p${run}.xlsx`);
        const xlsx = await openXlsxWriter(xlsxPath, header);
        await xlsx.writeRows(table.map((r) => r.map((v) => toCell(v, { xlsx: true }))));
        await xlsx.finish();
        for (const row of await readXlsx(xlsxPath)) {
          for (const cell of row) if (typeof cell === 'string') expect(isFormulaLike(cell)).toBe(false);
        }
      }),
      { numRuns: 60 },
    );
  });
});
