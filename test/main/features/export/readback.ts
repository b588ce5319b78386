// Reads finished exports back and builds what each cell should hold, for row-for-row comparison.
// The expectations are written from the rules (docs/export.md), independently of the writer's code.
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { flattenRecord } from '../../../../src/shared/search/flatten';
import { neutraliseText } from '../../../../src/shared/export/cell-rules';

export async function readCsv(path: string, delimiter = ','): Promise<string[][]> {
  const text = await readFile(path, 'utf8');
  return parse(text, { delimiter, bom: true, relax_column_count: false }) as string[][];
}

/**
 * Every data row of an XLSX export (every sheet but "About"; continuation sheets skip their header),
 * read by exceljs's whole-file reader. Not its streaming WorkbookReader: that one names a sheet only
 * when the workbook's own parts were parsed in time, and once left the About sheet unnamed, so its
 * six rows were counted as five more data rows (sandbox-export "expected 10005 to be 10000").
 */
export async function readXlsx(path: string): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const out: unknown[][] = [];
  let width = 0;
  book.worksheets.forEach((sheet, sheetIndex) => {
    if (!sheet.name) throw new Error(`${path}: sheet ${sheetIndex + 1} has no name`);
    if (sheet.name === 'About') return;
    let first = true;
    sheet.eachRow((row) => {
      const values = (row.values as unknown[]).slice(1);
      if (first && sheetIndex === 0) width = values.length;
      const skip = first && sheetIndex > 0;
      first = false;
      if (!skip) out.push(Array.from({ length: width }, (_, i) => (values[i] === undefined ? null : values[i])));
    });
  });
  return out;
}

/**
 * Runs the checks of a file read back; when one fails, the file is kept under test-results/readback/
 * (the run's temp folders are removed) and its path is added to the failure message.
 */
export async function keepOnFailure(path: string, check: () => Promise<void> | void): Promise<void> {
  try {
    await check();
  } catch (e) {
    const kept = join(KEPT_DIR, `${Date.now()}-${basename(path)}`);
    await mkdir(KEPT_DIR, { recursive: true });
    await copyFile(path, kept).catch(() => undefined);
    if (e instanceof Error) e.message = `${e.message}\n(the file read back is kept at ${kept})`;
    throw e;
  }
}

const KEPT_DIR = fileURLToPath(new URL('../../../../test-results/readback/', import.meta.url));

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
/** No value: null, {}, [] make no column and an empty cell. */
const isEmpty = (v: unknown) => v === null || v === undefined || (Array.isArray(v) && v.length === 0) || (isPlainObject(v) && Object.keys(v).length === 0);

/** "All fields": every dotted path some record has a value for, in the records' field order, company_id first. */
export function expectedColumns(records: Record<string, unknown>[]): string[] {
  type Node = Map<string, Node>;
  const root: Node = new Map();
  const withValue = new Set<string>();
  // Within one record the first of two colliding paths wins ("a": {"b": …} and a literal "a.b"), even when it is empty.
  let decided = new Set<string>();
  const walk = (obj: Record<string, unknown>, node: Node, prefix: string) => {
    for (const [k, v] of Object.entries(obj)) {
      const path = prefix ? `${prefix}.${k}` : k;
      const child = node.get(k) ?? new Map();
      node.set(k, child);
      if (isPlainObject(v) && Object.keys(v).length > 0) walk(v, child, path);
      else if (!decided.has(path)) {
        decided.add(path);
        if (!isEmpty(v)) withValue.add(path);
      }
    }
  };
  for (const r of records) {
    decided = new Set();
    walk(r, root, '');
  }
  const out: string[] = [];
  const visit = (node: Node, prefix: string) => {
    for (const [k, child] of node) {
      const path = prefix ? `${prefix}.${k}` : k;
      if (withValue.has(path) && !out.includes(path)) out.push(path);
      visit(child, path);
    }
  };
  visit(root, '');
  const id = out.indexOf('company_id');
  if (id > 0) out.unshift(...out.splice(id, 1));
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
  if (isEmpty(value)) return kind === 'csv' ? '' : null;
  if (typeof value === 'number' || typeof value === 'boolean') return kind === 'csv' ? String(value) : value;
  const s = Array.isArray(value) ? value.map(text).join('; ') : text(value);
  // CSV: formula-like text gets the ' prefix. XLSX: text stays exactly as it is.
  return kind === 'csv' ? neutraliseText(s) : s;
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
