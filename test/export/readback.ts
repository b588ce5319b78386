// Reads finished exports back and builds what each cell should hold, for row-for-row comparison.
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { flattenRecord } from '../../src/shared/search/flatten';
import { neutraliseText } from '../../src/shared/export/neutralise';

export async function readCsv(path: string, delimiter = ','): Promise<string[][]> {
  const text = await readFile(path, 'utf8');
  return parse(text, { delimiter, bom: true, relax_column_count: false }) as string[][];
}

export async function readXlsx(path: string): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const out: unknown[][] = [];
  wb.eachSheet((sheet, sheetIndex) => {
    sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
      if (sheetIndex > 1 && rowNumber === 1) return; // repeated header on continuation sheets
      const values: unknown[] = [];
      for (let c = 1; c <= sheet.columnCount; c++) {
        const v = row.getCell(c).value;
        values.push(v === undefined ? null : v);
      }
      out.push(values);
    });
  });
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
