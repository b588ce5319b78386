// Rows as tab-separated text for pasting into a spreadsheet. Cells are written with the export's
// own rules (src/shared/export/cell-rules.ts): lists as `a; b`, empty objects empty, formula-like
// text prefixed with '. A cell holding a tab, line break or quote is quoted the way Excel and
// LibreOffice read it back.
import { cellText, neutraliseText } from '../export/cell-rules';
import { flattenRecord } from './flatten';

export function tsvCell(value: unknown): string {
  const text = typeof value === 'number' ? cellText(value) : neutraliseText(cellText(value));
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
