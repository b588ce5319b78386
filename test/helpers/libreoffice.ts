// A workbook the app wrote, opened by the program an analyst opens it in: LibreOffice Calc, headless,
// under a given locale (its own user profile in a temporary directory). Calc imports each XLSX as a
// double-click does and saves it as flat ODF (.fods), which keeps what a cell is in Calc: its type
// (number, text, date, boolean), its value, the text Calc shows for it, and its formula if it has
// one. (A CSV export of each sheet would lose all but the shown text: a number and a text "62.5"
// would read the same, and a formula could not be told from a text that starts with "=".)
//
// soffice is installed by scripts/test-all.sh (libreoffice-calc-nogui, locales): a missing one
// fails the test that needs it, it is never skipped (as test/main/platform/tabular/libreoffice-readback.test.ts).
import { execFile } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { JSDOM } from 'jsdom';

const run = promisify(execFile);

const TABLE = 'urn:oasis:names:tc:opendocument:xmlns:table:1.0';
const OFFICE = 'urn:oasis:names:tc:opendocument:xmlns:office:1.0';
const TEXT = 'urn:oasis:names:tc:opendocument:xmlns:text:1.0';

/** One cell as Calc holds it. */
export interface CalcCell {
  /** ODF value type: float, percentage, currency, date, time, boolean, string; 'empty' for none. */
  type: string;
  /** A number, an ISO date-time (no zone, as Calc has it), a boolean, the text; null when empty. */
  value: number | string | boolean | null;
  /** The text Calc shows in the cell (its number format applied, in the locale it ran under). */
  shown: string;
  /** The cell's formula, when Calc computes it; null for a value. */
  formula: string | null;
}

/** A workbook as Calc opened it: each sheet's rows, trailing empty rows and cells dropped. */
export type CalcWorkbook = Map<string, CalcCell[][]>;

export interface CalcLocale {
  /** The process locale soffice runs under, e.g. de_DE.UTF-8. */
  env: string;
  /** Its decimal separator, as Calc shows numbers. */
  decimal: '.' | ',';
}

export const EN_US: CalcLocale = { env: 'en_US.UTF-8', decimal: '.' };
export const DE_DE: CalcLocale = { env: 'de_DE.UTF-8', decimal: ',' };

/**
 * Opens each XLSX in Calc under `locale` (one soffice run for all of them) and returns what Calc
 * holds, workbook by workbook in the order given. `workDir` gets the profile and the .fods files.
 */
export async function openInCalc(files: readonly string[], locale: CalcLocale, workDir: string): Promise<CalcWorkbook[]> {
  const names = files.map((f) => basename(f).replace(/\.[^.]+$/, ''));
  if (new Set(names).size !== names.length) throw new Error(`Calc writes one .fods per name: give the files distinct names (${names.join(', ')})`);
  const outDir = join(workDir, `calc-${locale.env}`);
  await mkdir(outDir, { recursive: true });
  const env = { ...process.env, LANG: locale.env, LC_ALL: locale.env, LANGUAGE: '' };
  const args = ['--headless', '--norestore', `-env:UserInstallation=file://${join(workDir, 'lo-profile')}`, '--convert-to', 'fods', '--outdir', outDir, ...files];
  try {
    // A give-up for a hung soffice, not a speed limit: one start takes 2 s quiet and over a minute on a loaded 2-core machine.
    await run('soffice', args, { env, timeout: 180_000 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('soffice (LibreOffice) is not installed: run scripts/test-all.sh, which installs libreoffice-calc-nogui', { cause: e });
    throw e;
  }
  return Promise.all(names.map(async (n) => parseFods(await readFile(join(outDir, `${n}.fods`), 'utf8'))));
}

/** Flat ODF spreadsheet text to its sheets. */
export function parseFods(xml: string): CalcWorkbook {
  const doc = new JSDOM(xml, { contentType: 'text/xml' }).window.document;
  const book: CalcWorkbook = new Map();
  for (const table of Array.from(doc.getElementsByTagNameNS(TABLE, 'table'))) {
    const rows: CalcCell[][] = [];
    let emptyRows = 0;
    for (const row of Array.from(table.getElementsByTagNameNS(TABLE, 'table-row'))) {
      const cells = rowCells(row);
      const times = Number(row.getAttributeNS(TABLE, 'number-rows-repeated') ?? 1);
      // Empty rows count only when a row with content follows (the sheet's last row repeats to row 1,048,576).
      if (cells.length === 0) emptyRows += times;
      else {
        for (; emptyRows > 0; emptyRows--) rows.push([]);
        for (let i = 0; i < times; i++) rows.push(i === 0 ? cells : cells.map((c) => ({ ...c })));
      }
    }
    book.set(table.getAttributeNS(TABLE, 'name') ?? '', rows);
  }
  return book;
}

const EMPTY: CalcCell = { type: 'empty', value: null, shown: '', formula: null };

function rowCells(row: Element): CalcCell[] {
  const cells: CalcCell[] = [];
  let empties = 0;
  for (const el of Array.from(row.children)) {
    if (el.namespaceURI !== TABLE || (el.localName !== 'table-cell' && el.localName !== 'covered-table-cell')) continue;
    const cell = readCell(el);
    const times = Number(el.getAttributeNS(TABLE, 'number-columns-repeated') ?? 1);
    // Empty cells count only when a cell with content follows (the row's last cell repeats to column 16,384).
    if (cell.type === 'empty' && cell.formula === null) empties += times;
    else {
      for (; empties > 0; empties--) cells.push({ ...EMPTY });
      for (let i = 0; i < times; i++) cells.push({ ...cell });
    }
  }
  return cells;
}

function readCell(el: Element): CalcCell {
  const type = el.getAttributeNS(OFFICE, 'value-type') ?? 'empty';
  const formula = el.getAttributeNS(TABLE, 'formula');
  const shown = Array.from(el.childNodes)
    .filter((n): n is Element => n.nodeType === 1 && (n as Element).namespaceURI === TEXT && (n as Element).localName === 'p')
    .map(paragraphText)
    .join('\n');
  const attr = (name: string) => el.getAttributeNS(OFFICE, name);
  let value: CalcCell['value'];
  switch (type) {
    case 'float':
    case 'percentage':
    case 'currency':
      value = Number(attr('value'));
      break;
    case 'date':
      value = attr('date-value');
      break;
    case 'time':
      value = attr('time-value');
      break;
    case 'boolean':
      value = attr('boolean-value') === 'true';
      break;
    case 'string':
      value = attr('string-value') ?? shown;
      break;
    default:
      value = null;
  }
  return { type, value, shown, formula };
}

/** A text:p as the text it shows: runs of spaces (text:s), tabs and line breaks decoded, spans read through. */
function paragraphText(node: Node): string {
  let out = '';
  for (const n of Array.from(node.childNodes)) {
    if (n.nodeType === 3) out += n.nodeValue ?? '';
    else if (n.nodeType === 1) {
      const el = n as Element;
      if (el.namespaceURI === TEXT && el.localName === 's') out += ' '.repeat(Number(el.getAttributeNS(TEXT, 'c') ?? 1));
      else if (el.namespaceURI === TEXT && el.localName === 'tab') out += '\t';
      else if (el.namespaceURI === TEXT && el.localName === 'line-break') out += '\n';
      else out += paragraphText(el);
    }
  }
  return out;
}

/**
 * Whether Calc's shown text of a number is `value` rounded as shown: "62.12" for 62.1234 (within
 * half a unit of its last digit), or "1.5E+20", with the locale's decimal separator. The General
 * format the app's numbers have groups no thousands, so a separator other than the locale's fails.
 */
export function shownAsNumber(shown: string, value: number, decimal: '.' | ','): boolean {
  const other = decimal === '.' ? ',' : '.';
  if (shown.includes(other)) return false;
  const m = /^(-?\d+)(?:\.(\d+))?(?:E([+-]\d+))?$/i.exec(shown.trim().replace(decimal, '.'));
  if (!m) return false;
  const digits = m[2] ?? '';
  const exponent = Number(m[3] ?? 0);
  const parsed = Number(`${m[1]}.${digits || '0'}e${exponent}`);
  const half = 0.5 * 10 ** (exponent - digits.length);
  return Math.abs(parsed - value) <= half * (1 + 1e-9);
}

/**
 * How Calc holds an XLSX boolean cell: it has no boolean cells, so its import makes TRUE and FALSE the
 * constant formulas =TRUE() and =FALSE() (shown TRUE/FALSE, WAHR/FALSCH under de_DE). Nothing else.
 */
const BOOLEAN_FORMULAS = new Map([
  ['of:=TRUE()', true],
  ['of:=FALSE()', false],
]);

/** A cell Calc computes: a formula other than the constant TRUE() and FALSE() it makes of booleans. */
export const isComputed = (cell: CalcCell) => cell.formula !== null && !BOOLEAN_FORMULAS.has(cell.formula);

/**
 * A Calc cell in the form a test compares: a number (shown as Calc rounds it, else "number … shown
 * as …"), a text, `date <value> shown <text>`, a boolean, undefined for an empty cell, and
 * `formula <formula>` for any cell Calc computes (XLSX booleans, which Calc makes =TRUE() and
 * =FALSE(), are the booleans).
 */
export function asCalc(cell: CalcCell | undefined, locale: CalcLocale): unknown {
  if (!cell || (cell.type === 'empty' && cell.formula === null)) return undefined;
  const boolean = BOOLEAN_FORMULAS.get(cell.formula ?? '');
  if (boolean !== undefined) return boolean;
  if (cell.formula !== null) return `formula ${cell.formula}`;
  switch (cell.type) {
    case 'float':
      return shownAsNumber(cell.shown, cell.value as number, locale.decimal) ? cell.value : `number ${String(cell.value)} shown as ${cell.shown}`;
    case 'date': {
      const v = cell.value as string;
      return `date ${(v.includes('T') ? v : `${v}T00:00:00`).slice(0, 19)} shown ${cell.shown}`;
    }
    case 'string':
    case 'boolean':
      return cell.value;
    default:
      return `${cell.type} ${String(cell.value)} shown as ${cell.shown}`;
  }
}

/**
 * A number as a spreadsheet holds it, to 15 significant digits (Calc keeps 46.599999999999994 as
 * 46.6, 52.571429964171664 as 52.5714299641717): an asymmetric matcher for toEqual, equal to any
 * number within 1e-14 of it relative to its size.
 */
class SpreadsheetNumber {
  constructor(readonly value: number) {}
  asymmetricMatch(other: unknown): boolean {
    return typeof other === 'number' && Math.abs(other - this.value) <= Math.abs(this.value) * 1e-14;
  }
  toAsymmetricMatcher(): string {
    return `${this.value} (to 15 digits)`;
  }
}

/**
 * What the app meant a cell to be (an XLSX cell value: the tabular writer's toXlsxCell), in asCalc's
 * form: dates as the writer formats them (a UTC midnight as yyyy-mm-dd, else yyyy-mm-dd hh:mm:ss);
 * a number that is not an integer to the 15 significant digits a spreadsheet holds.
 */
export function asMeant(v: string | number | boolean | Date | null | undefined): unknown {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'number' && !Number.isInteger(v)) return new SpreadsheetNumber(v);
  if (v instanceof Date) {
    const iso = v.toISOString().slice(0, 19);
    return `date ${iso} shown ${v.getTime() % 86_400_000 === 0 ? iso.slice(0, 10) : iso.replace('T', ' ')}`;
  }
  return v;
}

/** A sheet's rows in asCalc's form, each `width` cells wide (Calc drops a row's empty cells at its end). */
export function calcRows(rows: readonly CalcCell[][], width: number, locale: CalcLocale): unknown[][] {
  return rows.map((r) => Array.from({ length: width }, (_, i) => asCalc(r[i], locale)));
}
