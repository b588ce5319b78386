// One value of a row to what a CSV field or an XLSX cell holds. The rules themselves (formula
// prefix, quoting, list text, empty values) live in src/shared/export/cell-rules.ts.
import { cellText, csvField, isEmptyValue, neutraliseText } from '../../../shared/export/cell-rules';
import { writtenNumber } from '../../../shared/export/double-click';

/** What an XLSX cell holds: numbers, booleans and dates keep their type. */
export type XlsxCell = string | number | boolean | Date | null;

/** Excel refuses cells longer than this. */
export const XLSX_MAX_CELL_CHARS = 32_767;

// Characters XML 1.0 cannot carry: exceljs would drop them silently, so they are removed here.
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function stripXmlInvalid(text: string): string {
  return text.replace(XML_INVALID, '');
}

// A date (2024-03-05) or a UTC date-time (2024-03-05T10:00:00Z) from JSON becomes a real date cell;
// other forms (local times, offsets) stay text, since Excel dates carry no zone.
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?Z$/;

export function isoDateValue(text: string): Date | null {
  if (text.length > 24 || !(ISO_DATE.test(text) || ISO_UTC.test(text))) return null;
  const d = new Date(text);
  if (Number.isNaN(d.getTime())) return null;
  // Only a date that names itself exactly (no 2024-02-30 rolled over to March).
  return d.toISOString().slice(0, 10) === text.slice(0, 10) ? d : null;
}

export function toXlsxCell(value: unknown): XlsxCell {
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (isEmptyValue(value)) return null;
  if (typeof value === 'string') {
    const date = isoDateValue(value);
    if (date) return date;
  }
  // Text stays text: an XLSX string cell never runs as a formula, so nothing is prefixed. XML
  // reads every CR as a line break, so line breaks are written as LF (what a reader gets back anyway).
  // Bidi controls are kept: an export never changes the data (they are isolated on screen only).
  let text = stripXmlInvalid(cellText(value)).replace(/\r\n?/g, '\n');
  if (text.length > XLSX_MAX_CELL_CHARS) text = text.slice(0, XLSX_MAX_CELL_CHARS);
  return text === '' ? null : text;
}

/** How a CSV field is written beyond the delimiter and the prefix (the Excel preset sets these). */
export interface CsvFieldStyle {
  decimalSeparator?: '.' | ',';
  /** Quote every text field (an ISO date stays bare, so spreadsheets read it as a date). */
  quoteText?: boolean;
  /** Counts the cells that got the formula prefix. */
  counts?: { neutralised: number };
}

/**
 * One CSV field, quoted as needed; `prefix` applies the formula prefix to text (also to a formula
 * behind leading bidi controls). The text is kept exactly, bidi controls included.
 */
export function csvFieldOf(value: unknown, delimiter: string, prefix: boolean, style: CsvFieldStyle = {}): string {
  if (typeof value === 'number') return csvNumber(value, delimiter, style.decimalSeparator ?? '.');
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = typeof value === 'string' ? value : cellText(value);
  const out = prefix ? neutraliseText(text) : text;
  if (out !== text && style.counts) style.counts.neutralised++;
  if (style.quoteText && out !== '' && !isoDateValue(out)) return `"${out.replaceAll('"', '""')}"`;
  return csvField(out, delimiter);
}

/**
 * A number as the spreadsheet's locale writes it. A decimal comma is always quoted: LibreOffice's
 * default import splits at commas, semicolons and tabs alike, so a bare `-0,25` would become two
 * cells (0 and 25); quoted, both programs still read it as a number.
 */
function csvNumber(value: number, delimiter: string, decimal: '.' | ','): string {
  // A finite number in JS form holds digits, '.', 'e', '+' and '-' only, never a delimiter the app
  // offers: no quote test for the number cells of a million-row export.
  if (decimal === '.' && Number.isFinite(value) && (delimiter === ',' || delimiter === ';' || delimiter === '\t' || delimiter === '|')) return String(value);
  if (!Number.isFinite(value)) return csvField(String(value), delimiter);
  if (decimal === '.') return csvField(String(value), delimiter);
  const text = writtenNumber(value, ',');
  return text.includes(',') ? `"${text}"` : text;
}
