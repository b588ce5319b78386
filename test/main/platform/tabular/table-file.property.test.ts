// The one tabular writer, property-tested as issue 15 asks: for random rows, CSV read back with
// csv-parse equals the input after un-neutralising, no cell can start a formula, `;` and `,` fields
// are quoted in both delimiters; XLSX read back with exceljs equals the input exactly (no
// apostrophes), numbers numeric, dates as dates. Plus the XLSX layout: bold frozen header,
// auto-filter, widths from content, an About sheet.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isFormulaLike, unneutraliseText } from '../../../../src/shared/export/cell-rules';
import { AtomicTarget } from '../../../../src/main/platform/tabular/atomic-target';
import { ExportJournal } from '../../../../src/main/platform/tabular/journal';
import { openTableFile, type TableFileSpec } from '../../../../src/main/platform/tabular/table-file';
import type { CsvDelimiter } from '../../../../src/main/platform/tabular/csv';

let dir: string;
let journal: ExportJournal;
let n = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fs-tabular-'));
  journal = new ExportJournal(join(dir, 'journal'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function write(spec: TableFileSpec, rows: unknown[][], about?: Parameters<Awaited<ReturnType<typeof openTableFile>>['finish']>[0]) {
  const path = join(dir, `t${++n}.${spec.format}`);
  const file = await openTableFile(await AtomicTarget.open(path, journal, `t${n}`), spec);
  await file.writeRows(rows);
  await file.finish(about);
  return path;
}

// Text that exercises quoting and the formula rule: triggers, both delimiters, quotes, line breaks, apostrophes.
const text = fc.oneof(
  fc.string({ unit: fc.constantFrom('a', ',', ';', '|', '\t', '"', '\r', '\n', '=', '+', '-', '@', ' ', "'", '1', '.', 'é', '😀') }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
);
const delimiters: CsvDelimiter[] = [',', ';', '\t', '|'];

describe('CSV', () => {
  it('reads back with csv-parse as the input after un-neutralising; no cell starts a formula; , and ; always quoted', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...delimiters), fc.array(fc.array(text, { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 12 }), async (delimiter, rows) => {
        const columns = ['a', 'b;c', '=d'];
        const path = await write({ format: 'csv', columns, csv: { delimiter } }, rows);
        const raw = await readFile(path, 'utf8');
        let unquoted = 0;
        const back = parse(raw, {
          delimiter,
          relax_column_count: false,
          // Every field holding , or ; is quoted, whichever delimiter the file uses.
          cast: (value, context) => {
            if (/[,;]/.test(value) && !context.quoting) unquoted++;
            return value;
          },
        }) as string[][];
        expect(unquoted).toBe(0);
        expect(back.map((r) => r.map(unneutraliseText))).toEqual([columns, ...rows]);
        for (const r of back) for (const cell of r) expect(isFormulaLike(cell)).toBe(false);
      }),
      { numRuns: 150 },
    );
  });

  it('writes numbers and booleans as they are; the prefix can be turned off', async () => {
    const path = await write({ format: 'csv', columns: ['n', 'b', 't'], csv: { formulaPrefix: false } }, [[-12.5, true, '=1+1']]);
    expect(await readFile(path, 'utf8')).toBe('n,b,t\r\n-12.5,true,=1+1\r\n');
  });
});

// XLSX cells: XML-valid text (formula-looking included), finite numbers, booleans, dates (ms precision).
const xmlText = fc
  .string({ unit: fc.oneof(fc.constantFrom('=', '+', '-', '@', "'", ' ', '\t', '\n', '"', ',', ';', '1', 'x', 'é'), fc.constantFrom(...'abcdefghij')), minLength: 1, maxLength: 16 })
  .filter((s) => !/^\d{4}-\d{2}-\d{2}/.test(s));
const cell = fc.oneof(
  xmlText,
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }).filter((d) => !Object.is(d, -0)),
  fc.integer(),
  fc.boolean(),
  fc.date({ min: new Date('1901-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => new Date(Math.round(d.getTime() / 1000) * 1000)),
  fc.constant(null),
);

async function readWorkbook(path: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  return wb;
}

function sheetValues(ws: ExcelJS.Worksheet, width: number): unknown[][] {
  const out: unknown[][] = [];
  ws.eachRow({ includeEmpty: true }, (row) => {
    out.push(Array.from({ length: width }, (_, i) => {
      const v = row.getCell(i + 1).value;
      return v === undefined ? null : v;
    }));
  });
  return out;
}

describe('XLSX', () => {
  it('reads back with exceljs exactly: text as written (no apostrophe), numbers numeric, dates as dates', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(cell, { minLength: 4, maxLength: 4 }), { minLength: 1, maxLength: 15 }), async (rows) => {
        const columns = ['a', '=b', 'c', 'd'];
        const path = await write({ format: 'xlsx', columns, sheetName: 'Data' }, rows);
        const ws = (await readWorkbook(path)).getWorksheet('Data')!;
        const back = sheetValues(ws, 4);
        // Blank rows after the last filled one are no rows to a spreadsheet reader (blank rows between
        // filled ones keep their place): the written rows, less those, must come back exactly.
        const expected = [columns, ...rows];
        while (expected.length > 1 && expected.at(-1)!.every((v) => v === null)) expected.pop();
        expect(back).toEqual(expected);
        rows.forEach((r, i) =>
          r.forEach((want, j) => {
            if (typeof want === 'number') expect(typeof back[i + 1]![j]).toBe('number');
            if (want instanceof Date) expect(back[i + 1]![j]).toBeInstanceOf(Date);
          }),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('a phone number, a formula and an ISO date from JSON: text stays text, the date becomes a date', async () => {
    const path = await write({ format: 'xlsx', columns: ['phone', 'f', 'since', 'at', 'bad'], sheetName: 'Data' }, [['+49 30 1234567', '=cmd|\' /C calc\'!A0', '2021-05-04', '2021-05-04T10:11:12Z', '2021-02-30']]);
    const ws = (await readWorkbook(path)).getWorksheet('Data')!;
    const row = ws.getRow(2);
    expect(row.getCell(1).value).toBe('+49 30 1234567');
    expect(row.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(2).value).toBe("=cmd|' /C calc'!A0");
    expect(row.getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(3).value).toEqual(new Date('2021-05-04T00:00:00Z'));
    expect(row.getCell(3).numFmt).toBe('yyyy-mm-dd');
    expect(row.getCell(4).value).toEqual(new Date('2021-05-04T10:11:12Z'));
    expect(row.getCell(5).value).toBe('2021-02-30');
  });

  it('bold frozen header with an auto-filter, widths from content, and an About sheet', async () => {
    const rows = [['C1', 'A rather long company name that needs room', 12], ['C2', 'Short', 3]];
    const path = await write({ format: 'xlsx', columns: ['company_id', 'name', 'employees'], sheetName: 'Companies' }, rows, [
      { label: 'Search', value: 'country equals "DE"' },
      { label: 'Profile', value: 'Sandbox' },
      { label: 'Rows', value: 2 },
    ]);
    const wb = await readWorkbook(path);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Companies', 'About']);
    const ws = wb.getWorksheet('Companies')!;
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.autoFilter).toBeTruthy();
    expect(ws.getColumn(2).width).toBeGreaterThan(40);
    expect(ws.getColumn(1).width).toBeLessThan(15);
    const about = wb.getWorksheet('About')!;
    expect(sheetValues(about, 2)).toEqual([
      ['Search', 'country equals "DE"'],
      ['Profile', 'Sandbox'],
      ['Rows', 2],
    ]);
  });

  it('several sheets in one workbook (as an ESG workbook needs)', async () => {
    const path = join(dir, 'multi.xlsx');
    const file = await openTableFile(await AtomicTarget.open(path, journal, 'multi'), { format: 'xlsx', columns: ['a'], sheetName: 'News' });
    await file.writeRows([['n1'], ['n2']]);
    file.addSheet('Scores', ['company', 'score']);
    await file.writeRows([['c1', 0.5]]);
    await file.finish();
    const wb = await readWorkbook(path);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['News', 'Scores']);
    expect(sheetValues(wb.getWorksheet('Scores')!, 2)).toEqual([['company', 'score'], ['c1', 0.5]]);
  });
});

describe('atomic target', () => {
  it('abort leaves an existing file as it was, no partial, and an empty journal', async () => {
    const path = join(dir, 'keep.csv');
    await writeFile(path, 'old');
    const file = await openTableFile(await AtomicTarget.open(path, journal, 'keep'), { format: 'csv', columns: ['a'] });
    await file.writeRows([['x']]);
    await file.abort();
    expect(await readFile(path, 'utf8')).toBe('old');
    expect((await readdir(dir)).filter((f) => f.startsWith('keep'))).toEqual(['keep.csv']);
    expect(await readdir(join(dir, 'journal'))).not.toContain('keep.json');
  });
});
