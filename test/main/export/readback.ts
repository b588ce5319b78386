// Reads finished exports back and builds what each cell should hold, for row-for-row comparison.
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { flattenRecord } from '../../../src/shared/search/flatten';
import { neutraliseText } from '../../../src/shared/export/neutralise';

export async function readCsv(path: string, delimiter = ','): Promise<string[][]> {
  const text = await readFile(path, 'utf8');
  return parse(text, { delimiter, bom: true, relax_column_count: false }) as string[][];
}

/** Streaming exceljs reader (the one fit for big files); continuation sheets skip their header. */
export async function readXlsx(path: string): Promise<unknown[][]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit', entries: 'emit' });
  const out: unknown[][] = [];
  let width = 0;
  let sheetIndex = 0;
  for await (const sheet of reader) {
    sheetIndex++;
    let first = true;
    for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
      const values = (row.values as unknown[]).slice(1);
      if (first && sheetIndex === 1) width = values.length;
      const skip = first && sheetIndex > 1;
      first = false;
      if (skip) continue;
      out.push(Array.from({ length: width }, (_, i) => (values[i] === undefined ? null : values[i])));
    }
  }
  return out;
}

function text(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

/** The cell a spreadsheet export must hold for `value` (independent of the writer's own code path). */
export function expectedCell(value: unknown, kind: 'csv' | 'xlsx'): unknown {
  if (value === null || value === undefined) return kind === 'csv' ? '' : null;
  if (typeof value === 'number' || typeof value === 'boolean') return kind === 'csv' ? String(value) : value;
  const s = Array.isArray(value) ? value.map(text).join('; ') : text(value);
  return neutraliseText(s);
}

export function expectedRows(records: Record<string, unknown>[], columns: string[], kind: 'csv' | 'xlsx'): unknown[][] {
  return records.map((r) => {
    const flat = flattenRecord(r);
    return columns.map((c) => expectedCell(flat[c], kind));
  });
}

/** XLSX has no "empty string": an empty text cell reads back as null. */
export function normaliseXlsxRow(row: unknown[]): unknown[] {
  return row.map((v) => (v === '' ? null : v));
}

/** Row-by-row equality that reports the first differing row (a full-table diff would take minutes). */
export function expectSameRows(actual: unknown[], expected: unknown[], label = 'row'): void {
  const n = Math.max(actual.length, expected.length);
  for (let i = 0; i < n; i++) {
    const a = JSON.stringify(actual[i]);
    const e = JSON.stringify(expected[i]);
    if (a !== e) throw new Error(`${label} ${i} differs (of ${actual.length} read, ${expected.length} expected):\n  got      ${a}\n  expected ${e}`);
  }
}
