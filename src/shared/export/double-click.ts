// What a spreadsheet does to a CSV cell when the file is opened by double-click: the default import
// of LibreOffice Calc (comma, semicolon and tab all separate; quoted fields are not kept as text;
// "detect special numbers" and "evaluate formulas" off) and Excel's documented rules (every field
// read as if typed into a General cell). Neither program keeps a text such as 03024 or 26.20 as text
// through a double-click in any CSV form without a visible character or a live formula (evidence in
// docs/export.md, "Opened by double-click"), so the export dialog names, per column, what a CSV would
// change and offers XLSX, which keeps every value. The LibreOffice half is checked cell by cell
// against the real program (test/main/platform/tabular/libreoffice-readback.test.ts).
import { cellText, isEmptyValue, needsNeutralising, wouldComputeAsFormula } from './cell-rules';
import type { LocaleSeparators } from './csv-presets';

/** What opening does to one cell. */
export type OpenChangeKind =
  /** Text of digits with leading zeros becomes a number: 03024 → 3024. */
  | 'leading-zeros'
  /** A digit string past 15 significant digits becomes a rounded number. */
  | 'long-digits'
  /** A number-like text becomes a number shown another way: 26.20 → 26.2, 1.234 → 1234 (de). */
  | 'number-form'
  /** A number-like text becomes the same number: 10115 → 10115, a number instead of a text. */
  | 'number'
  /** A number written with a decimal mark the opening locale does not read stays text, or reads as another number. */
  | 'number-as-text'
  | 'number-changed'
  /** Text that reads as a date and time: 2024-03-05T10:00:00 (Excel also 1-2, 03/04). */
  | 'date'
  /** The formula protection's apostrophe is shown: '+49 30 1234567. */
  | 'apostrophe'
  /** Without protection, Excel runs the cell as a formula. */
  | 'formula';

export interface OpenChange {
  kind: OpenChangeKind;
  /** Only Excel does this; LibreOffice's default import keeps the cell. */
  excelOnly: boolean;
}

/** What the writer needs to know to say what a field looks like in the file. */
export interface WrittenCsv {
  decimalSeparator: '.' | ',';
  formulaPrefix: boolean;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const grammarCache = new Map<string, RegExp>();

/** The number grammar of a locale: sign, digits (or groups of three), decimal mark, exponent. */
function numberGrammar(seps: Pick<LocaleSeparators, 'decimal'>): RegExp {
  const key = seps.decimal;
  let re = grammarCache.get(key);
  if (!re) {
    const d = escapeRe(seps.decimal);
    const g = escapeRe(seps.decimal === ',' ? '.' : ',');
    re = new RegExp(`^ *[+-]?(?:(?:\\d+|\\d{1,3}(?:${g}\\d{3})+)(?:${d}\\d*)?|${d}\\d+)(?:[eE][+-]?\\d+)? *$`);
    grammarCache.set(key, re);
  }
  return re;
}

/** The number a spreadsheet in this locale reads `text` as (15 significant digits, as both keep), or null for text. */
export function readsAsNumber(text: string, seps: Pick<LocaleSeparators, 'decimal'>): number | null {
  if (text.length > 400 || !numberGrammar(seps).test(text)) return null;
  const group = seps.decimal === ',' ? '.' : ',';
  const plain = text.trim().replaceAll(group, '').replace(seps.decimal, '.');
  const n = Number(plain.startsWith('.') || plain.startsWith('+.') || plain.startsWith('-.') ? plain.replace('.', '0.') : plain);
  return Number.isFinite(n) ? Number(n.toPrecision(15)) : null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?$/;
const EXCEL_DATE_LIKE = /^\d{1,4}[-/.]\d{1,2}(?:[-/.]\d{1,4})?$/;

function significantDigits(text: string): number {
  return text.replace(/[eE].*$/, '').replace(/\D/g, '').replace(/^0+/, '').length;
}

function textChange(text: string, written: WrittenCsv, reader: Pick<LocaleSeparators, 'decimal'>): OpenChange | null {
  if (written.formulaPrefix && needsNeutralising(text)) return { kind: 'apostrophe', excelOnly: false };
  const n = readsAsNumber(text, reader);
  if (n !== null) {
    const digits = text.trim().replace(/^[+-]/, '');
    if (/^0\d/.test(digits)) return { kind: 'leading-zeros', excelOnly: false };
    if (significantDigits(digits) > 15) return { kind: 'long-digits', excelOnly: false };
    return { kind: writtenNumber(n, reader.decimal) === text ? 'number' : 'number-form', excelOnly: false };
  }
  if (ISO_DATE.test(text)) return null; // written to become a date, as in XLSX
  if (LOCAL_DATE_TIME.test(text)) return { kind: 'date', excelOnly: false };
  if (!written.formulaPrefix && wouldComputeAsFormula(text)) return { kind: 'formula', excelOnly: true };
  if (EXCEL_DATE_LIKE.test(text)) return { kind: 'date', excelOnly: true };
  return null;
}

/** The number as the writer puts it in the file. */
export function writtenNumber(value: number, decimal: '.' | ','): string {
  return decimal === ',' ? String(value).replace('.', ',') : String(value);
}

/**
 * What opening the CSV by double-click in a spreadsheet set to `reader`'s locale does to a cell
 * holding `value`, written with `written`'s options; null when the cell arrives as it was. ISO dates
 * (2024-03-05) are written to become dates, as in XLSX, and are not a change.
 */
export function openChange(value: unknown, written: WrittenCsv, reader: Pick<LocaleSeparators, 'decimal'>): OpenChange | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { kind: 'number-as-text', excelOnly: false };
    const n = readsAsNumber(writtenNumber(value, written.decimalSeparator), reader);
    if (n === null) return { kind: 'number-as-text', excelOnly: false };
    return n === value ? null : { kind: 'number-changed', excelOnly: false };
  }
  if (typeof value === 'boolean' || isEmptyValue(value)) return null;
  const text = cellText(value);
  return text === '' ? null : textChange(text, written, reader);
}
