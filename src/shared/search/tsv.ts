// Rows as tab-separated text for pasting into a spreadsheet. Cells holding a tab, newline or quote are
// quoted the way Excel and LibreOffice read them back; a leading = + - @ is prefixed with ' so a pasted
// value is never taken for a formula.
import { cellText, flattenRecord } from './flatten';

const FORMULA_START = /^[=+\-@\t\r]/;

export function tsvCell(value: unknown): string {
  let text = cellText(value);
  if (FORMULA_START.test(text) && !(typeof value === 'number')) text = `'${text}`;
  return /[\t\n\r"]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toTsv(records: ReadonlyArray<Record<string, unknown>>, columns: readonly string[]): string {
  const lines = [columns.map(tsvCell).join('\t')];
  for (const r of records) {
    const flat = flattenRecord(r);
    lines.push(columns.map((c) => tsvCell(flat[c])).join('\t'));
  }
  return lines.join('\n');
}
