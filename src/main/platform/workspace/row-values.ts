// How one company record becomes sortable cells and full-text entries. Numbers sort as numbers
// (numeric strings too, e.g. "986608000"), texts case-insensitively, and an empty cell (missing,
// null, '' or []) gets no value row at all, so it sorts last in both directions.
import type { Statement } from 'better-sqlite3';
import { flattenRecord } from '../../../shared/search/flatten';

export interface CellValue {
  num: number | null;
  txt: string | null;
}

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** null for an empty cell. */
export function cellValue(value: unknown): CellValue | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? { num: value, txt: null } : null;
  if (typeof value === 'boolean') return { num: null, txt: String(value) };
  if (typeof value === 'string') {
    const t = value.trim();
    if (t === '') return null;
    return NUMERIC.test(t) ? { num: Number(t), txt: t } : { num: null, txt: t };
  }
  if (Array.isArray(value)) {
    const parts = value.map((v) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v))).filter((s) => s !== '');
    return parts.length ? { num: null, txt: parts.join(', ') } : null;
  }
  const json = JSON.stringify(value);
  return json === '{}' ? null : { num: null, txt: json };
}

/** The four text-filter columns, from the catalogue's attribute names. */
export function textColumns(record: Record<string, unknown>): [string, string, string, string] {
  const s = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
  return [s(record.name), s(record.city), s(record.website_domain), s(record.industry_label)];
}

/** The non-empty cells of one record, by flattened field name. */
export function* rowCells(record: Record<string, unknown>): Generator<[string, CellValue]> {
  for (const [field, raw] of Object.entries(flattenRecord(record))) {
    const v = cellValue(raw);
    if (v) yield [field, v];
  }
}

/** One record as the store writes it: computed where the page arrives, written by the writer thread (plain data: structured-cloned). */
export interface PreparedRow {
  companyId: string;
  json: string;
  /** Flat triples field, num, txt: one array per row clones faster than an object per cell. */
  cells: Array<string | number | null>;
  text: [string, string, string, string];
}

export function prepareRow(record: Record<string, unknown>): PreparedRow {
  const cells: Array<string | number | null> = [];
  for (const [field, v] of rowCells(record)) cells.push(field, v.num, v.txt);
  return { companyId: String(record.company_id ?? ''), json: JSON.stringify(record), cells, text: textColumns(record) };
}

/**
 * Writes the value rows (row_id, field, num, txt) and the full-text entry of one stored row, as
 * schema version 2 has them (its migration indexes older rows with this; SnapshotStore writes the
 * later columns itself).
 */
export function indexRow(rowId: number, record: Record<string, unknown>, insertValue: Statement, insertText: Statement): void {
  for (const [field, v] of rowCells(record)) insertValue.run(rowId, field, v.num, v.txt);
  insertText.run(rowId, ...textColumns(record));
}
