// The one set of rules for what a value becomes in a file the app writes (CSV, XLSX, JSON, TSV on
// the clipboard): how lists read, which values count as empty, which text could run as a formula
// and how it is neutralised, and which CSV fields are quoted. Shared so the export dialog explains
// exactly what main applies and Copy as TSV writes cells the same way as an export.

/** The neutralising prefix; an apostrophe makes Excel, LibreOffice and Sheets show the text as typed. */
export const NEUTRALISE_PREFIX = "'";

/** A plain decimal number ("-12", "+3.5", "-1e5") is safe: spreadsheets read it as a number, never a formula. */
const PLAIN_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

export function isFormulaLike(text: string): boolean {
  // Per-cell hot path of every spreadsheet export: a char-code switch, not a list search.
  switch (text.charCodeAt(0)) {
    case 61: // =
    case 43: // +
    case 45: // -
    case 64: // @
    case 9: // tab
    case 13: // CR
    case 10: // LF
      return !PLAIN_NUMBER.test(text);
    default:
      return false;
  }
}

/** After a leading + - or @: a function call, a reference (A1, $B$2, Sheet!A1), a DDE link, or arithmetic ("49-30"). */
const COMPUTES = /[A-Za-z_][\w.]*\s*\(|[|!]|^\s*\$?[A-Za-z]{1,3}\$?\d+\b|^\s*[\d.,]+\s*[-+*/^&]\s*[\d.($]/;

/**
 * Whether a spreadsheet that opens this cell would compute it rather than show it: `=` and anything
 * after it, or `+ - @` followed by a call, a reference, a DDE link or arithmetic. A phone number like
 * "+49 30 1234567" or "+44 (0)20 7946 0000" is not computed; "+49-30-1234567" is (49 - 30 - 1234567).
 * What the bulk-match check warns about; exports still neutralise every isFormulaLike cell.
 */
export function wouldComputeAsFormula(text: string): boolean {
  const t = text.replace(/^[\t\r\n]+/, '');
  if (t.length < 2 || !isFormulaLike(t)) return false;
  return t[0] === '=' || COMPUTES.test(t.slice(1));
}

/** Bidi controls (U+202A..U+202E, U+2066..U+2069, LRM, RLM, ALM): invisible, so they must not hide a leading "=". */
const isBidiControl = (c: number) => (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c === 0x200e || c === 0x200f || c === 0x061c;

/**
 * Text that gets the prefix: formula-like text, also behind leading bidi controls, and text that
 * already starts with the prefix in front of such text (`'=1` becomes `''=1`), so removing one prefix
 * always gives the original back. The text itself is never changed.
 */
export function needsNeutralising(text: string): boolean {
  let i = 0;
  for (let c = text.charCodeAt(0); c === 39 || isBidiControl(c); c = text.charCodeAt(++i)); // leading apostrophes and bidi controls
  return isFormulaLike(i === 0 ? text : text.slice(i));
}

/** CSV/TSV: prefixes formula-like text so it is shown, not evaluated. Numbers and other text are untouched. */
export function neutraliseText(text: string): string {
  return needsNeutralising(text) ? NEUTRALISE_PREFIX + text : text;
}

/** Read-back: the exact inverse of `neutraliseText`. */
export function unneutraliseText(text: string): string {
  return text.startsWith(NEUTRALISE_PREFIX) && needsNeutralising(text.slice(1)) ? text.slice(1) : text;
}

const QUOTE_TRIGGERS = /[",;\t\r\n]/;

/**
 * CSV: a field is quoted when it holds a quote, CR, LF, the file's delimiter, or any delimiter
 * LibreOffice's default import splits at (`,`, `;` and tab): a file opened with other separators stays whole.
 */
export function csvNeedsQuotes(text: string, delimiter: string): boolean {
  // One regex test per cell: 2-4x faster than a char loop over every cell of a million-row export.
  return QUOTE_TRIGGERS.test(text) || (delimiter !== ',' && delimiter !== ';' && text.includes(delimiter));
}

export function csvField(text: string, delimiter: string): string {
  return csvNeedsQuotes(text, delimiter) ? `"${text.replaceAll('"', '""')}"` : text;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** No value: null, undefined or an empty object. Such a cell is empty, and never makes a column of its own. */
export function isEmptyValue(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (!isPlainObject(v)) return false;
  for (const _ in v) return false;
  return true;
}

/** Separator of list items in one cell (CSV, XLSX, TSV alike). */
export const LIST_SEPARATOR = '; ';

function itemText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'object') return safeJson(v);
  return String(v);
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? '';
  } catch {
    return String(v);
  }
}

/** A value as the text of one cell: lists as `a; b; c` (objects inside as compact JSON), empty as ''. */
export function cellText(value: unknown): string {
  if (isEmptyValue(value)) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(itemText).join(LIST_SEPARATOR);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (typeof value === 'object') return safeJson(value);
  return String(value);
}

/** The explanation shown in the export dialog (kept next to the rule so they cannot drift apart). */
export const NEUTRALISE_EXPLANATION =
  'CSV files: a cell that starts with =, +, -, @, a tab or a line break could run as a formula when the file is ' +
  "opened in a spreadsheet. Firmscope puts an apostrophe (') in front of such cells so they are shown as text. " +
  'Numbers such as -12.5 stay numbers. Excel (XLSX) files store text as text, so nothing is added there; JSON and ' +
  'NDJSON files are not changed.';

/** Why the analyst may turn the prefix off, and what they take on when they do. */
export const PREFIX_OFF_RISK =
  'Turn this off only for files read by tools such as pandas, R or Power Query, which would keep the apostrophe as ' +
  'part of the value. Opened in Excel, LibreOffice or Google Sheets, such a file can run a formula from the data.';
