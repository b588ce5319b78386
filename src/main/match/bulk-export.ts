// Writes a bulk match table to CSV, XLSX or JSON. Always to `<file>.partial` first, renamed when
// complete, so a crash never leaves a half-written file under the analyst's chosen name.
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify';

import { MAPPABLE_FIELDS } from '../../shared/match/fields';
import type { BulkRowState } from './bulk-job';

export type BulkExportFormat = 'csv' | 'xlsx' | 'json';
type Cell = string | number | null;

const STATUS_LABEL: Record<BulkRowState['state'], string> = {
  pending: 'not run',
  matched: 'matched',
  no_match: 'no match',
  error: 'error',
  invalid: 'invalid',
};
const MAX_COMPANY_COLUMNS = 40;

/** Column list: the facts that were used, the outcome, then the best match's top-level scalar fields. */
export function exportColumns(rows: readonly BulkRowState[]): string[] {
  const inputs = MAPPABLE_FIELDS.filter((f) => rows.some((r) => r.input[f] !== undefined)).map((f) => `input.${f}`);
  const company = new Set<string>();
  for (const r of rows) {
    if (!r.best) continue;
    for (const [k, v] of Object.entries(r.best.company)) {
      if (k === 'company_id' || company.size >= MAX_COMPANY_COLUMNS) continue;
      if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) company.add(`company.${k}`);
    }
  }
  return ['line', 'status', ...inputs, 'confidence', 'company_id', ...company, 'candidates', 'error'];
}

export function exportRecord(r: BulkRowState, columns: string[]): Record<string, Cell> {
  const out: Record<string, Cell> = {};
  for (const c of columns) {
    let v: unknown = null;
    if (c === 'line') v = r.line;
    else if (c === 'status') v = STATUS_LABEL[r.state];
    else if (c === 'confidence') v = r.best?.confidence ?? null;
    else if (c === 'company_id') v = r.best?.company.company_id ?? null;
    else if (c === 'candidates') v = r.candidates ?? null;
    else if (c === 'error') v = r.error?.message ?? null;
    else if (c.startsWith('input.')) v = r.input[c.slice(6) as keyof BulkRowState['input']] ?? null;
    else if (c.startsWith('company.')) v = r.best ? (r.best.company as Record<string, unknown>)[c.slice(8)] ?? null : null;
    out[c] = typeof v === 'boolean' ? String(v) : (v as Cell);
  }
  return out;
}

/** Spreadsheet apps run cells that start like a formula; a leading ' keeps them text. */
function csvSafe(v: Cell): Cell {
  return typeof v === 'string' && /^[=+@\t\r]|^-(?!\d)/.test(v) ? `'${v}` : v;
}

export async function writeBulkExport(path: string, format: BulkExportFormat, rows: readonly BulkRowState[]): Promise<number> {
  const partial = `${path}.partial`;
  const columns = exportColumns(rows);
  try {
    if (format === 'xlsx') await writeXlsx(partial, columns, rows);
    else await writeText(partial, format, columns, rows);
    await rename(partial, path);
  } catch (e) {
    await rm(partial, { force: true }).catch(() => undefined);
    throw e;
  }
  return rows.length;
}

async function writeText(file: string, format: 'csv' | 'json', columns: string[], rows: readonly BulkRowState[]): Promise<void> {
  const out = createWriteStream(file, { encoding: 'utf8' });
  const write = async (chunk: string) => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  try {
    if (format === 'json') {
      await write('[\n');
      for (let i = 0; i < rows.length; i++) await write(`${i ? ',\n' : ''}${JSON.stringify(exportRecord(rows[i], columns))}`);
      await write('\n]\n');
    } else {
      const csv = stringify({ header: true, columns, cast: { number: (n) => String(n) } });
      csv.pipe(out, { end: false });
      for (const r of rows) {
        const rec = exportRecord(r, columns);
        if (!csv.write(columns.map((c) => csvSafe(rec[c])))) await once(csv, 'drain');
      }
      csv.end();
      await finished(csv);
    }
    out.end();
    await finished(out);
  } catch (e) {
    out.destroy();
    throw e;
  }
}

async function writeXlsx(file: string, columns: string[], rows: readonly BulkRowState[]): Promise<void> {
  // Loaded on first use: exceljs is heavy and most sessions never export XLSX.
  const { default: excel } = await import('exceljs');
  const wb = new excel.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: false });
  const sheet = wb.addWorksheet('Matches');
  sheet.columns = columns.map((c) => ({ header: c, key: c }));
  for (const r of rows) sheet.addRow(exportRecord(r, columns)).commit();
  sheet.commit();
  await wb.commit();
}
