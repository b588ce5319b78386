// Turns one flattened record value into a spreadsheet cell (CSV and XLSX share this).
import { cellText } from '../../shared/search/flatten';
import { neutraliseText } from '../../shared/export/neutralise';

/** What a spreadsheet cell holds after conversion. Numbers and booleans keep their type (XLSX). */
export type Cell = string | number | boolean | null;

/** Excel refuses cells longer than this. */
export const XLSX_MAX_CELL_CHARS = 32_767;

// Characters XML 1.0 cannot carry. exceljs drops them silently, which could expose a formula
// trigger behind them ("\x01=cmd"), so they are removed before neutralising.
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function stripXmlInvalid(text: string): string {
  return text.replace(XML_INVALID, '');
}

/** Arrays become one readable cell: `a; b; c` (objects inside as compact JSON). */
export function joinArray(values: readonly unknown[]): string {
  return values.map((v) => cellText(v)).join('; ');
}

export interface CellOptions {
  /** XLSX: strip XML-invalid characters and cap the length. */
  xlsx?: boolean;
}

export function toCell(value: unknown, opts: CellOptions = {}): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean') return value;
  let text = Array.isArray(value) ? joinArray(value) : cellText(value);
  if (opts.xlsx) {
    text = stripXmlInvalid(text);
    // Leave room for the neutralising prefix.
    if (text.length > XLSX_MAX_CELL_CHARS - 1) text = text.slice(0, XLSX_MAX_CELL_CHARS - 1);
  }
  return neutraliseText(text);
}

/** CSV text of a cell: booleans as true/false (csv-stringify would write 1 and ''). */
export function csvText(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'string') return cell;
  return String(cell);
}
