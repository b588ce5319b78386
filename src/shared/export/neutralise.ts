// Formula-injection neutraliser for spreadsheet exports (CSV, XLSX). Shared so the export dialog
// explains exactly the rule main applies.

/** A cell whose text starts with one of these is treated as a formula by spreadsheet software. */
export const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r', '\n'] as const;

/** What the prefix is; an apostrophe makes Excel, LibreOffice and Sheets show the text as typed. */
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

/** Prefixes formula-like text so it is shown, not evaluated. Numbers and other text are untouched. */
export function neutraliseText(text: string): string {
  return isFormulaLike(text) ? NEUTRALISE_PREFIX + text : text;
}

/** For read-back and tests: undo `neutraliseText` on a cell known to come from an export. */
export function unneutraliseText(text: string): string {
  return text.startsWith(NEUTRALISE_PREFIX) && isFormulaLike(text.slice(1)) ? text.slice(1) : text;
}

/** The explanation shown in the export dialog (kept next to the rule so they cannot drift apart). */
export const NEUTRALISE_EXPLANATION =
  'CSV and Excel files: a cell that starts with =, +, -, @, a tab or a line break could run as a formula ' +
  "when the file is opened in a spreadsheet. Firmscope puts an apostrophe (') in front of such cells so " +
  'they are shown as text. Numbers such as -12.5 stay numbers. JSON and NDJSON files are not changed.';
