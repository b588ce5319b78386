// Each CSV preset read back by a real spreadsheet program (issue 27): LibreOffice Calc, headless,
// converts the file to XLSX under a decimal-comma locale (de_DE) and a decimal-point one (en_US);
// exceljs reads the result and every cell is compared with the source value: ids, leading zeros,
// +49 phone numbers, umlauts and Nordic letters, dates, integers and decimals.
//
// What "equals" means, per preset (docs/export.md, "CSV presets read back"):
// - Excel on this computer: LibreOffice opens it as Excel would, with the system's locale and
//   Standard columns, plus "Format quoted field as text" (the writer quotes every text field, so
//   09578 and DE0012345 stay text). Numbers and ISO dates are bare and become numbers and dates.
//   Text cells equal the source with the formula prefix: `'+49 …` (what the dialog counts).
// - Data tools: read the way a typed reader does, with column types (Text, Y-M-D date, US number):
//   every cell equals the source exactly, whatever the locale.
// - Custom (pipe, BOM, CRLF, prefix on): as Data tools, with the prefix on formula-like text.
//
// soffice is installed by scripts/test-all.sh (libreoffice-calc-nogui, locales): a missing one
// fails this test, it is never skipped.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { neutraliseText } from '../../../../src/shared/export/cell-rules';
import { localeSeparators, presetCsvOptions, type CsvPreset } from '../../../../src/shared/export/csv-presets';
import type { CsvOptionsInput } from '../../../../src/shared/export/csv-options';
import { AtomicTarget } from '../../../../src/main/platform/tabular/atomic-target';
import { ExportJournal } from '../../../../src/main/platform/tabular/journal';
import { openTableFile } from '../../../../src/main/platform/tabular/table-file';

const run = promisify(execFile);

const COLUMNS = ['company_id', 'postal_code', 'phone', 'name', 'founded', 'employees', 'revenue_m'];
type Kind = 'text' | 'date' | 'number';
const KINDS: Kind[] = ['text', 'text', 'text', 'text', 'date', 'number', 'number'];
const ROWS: Array<[string, string, string, string, string, number, number]> = [
  ['DE0012345', '09578', '+49 30 1234567', 'Ødegård Müller', '2024-03-05', 1554, 12.5],
  ['00123', '01067', '+49 (0)351 4711-0', 'Åsa Ærø Straße', '2023-12-31', -3, -0.25],
  ['1234567890123456789', '00000', '030 1234567', 'Müller & Söhne; GmbH', '2020-02-29', 0, 1234.5678],
  ['=HYPERLINK("x")', '8010', '-', 'Zoë "Z" Ltd, Oy', '1999-01-01', 1000000, 0.1],
];

const LOCALES = [
  { env: 'de_DE.UTF-8', tag: 'de-DE' },
  { env: 'en_US.UTF-8', tag: 'en-US' },
] as const;

/** LibreOffice's CSV import filter: separator, quote ("), UTF-8 (76), from line 1, column formats, language, quoted as text, detect special numbers. */
function infilter(o: CsvOptionsInput, preset: CsvPreset): string {
  const sep = o.delimiter.charCodeAt(0);
  if (preset === 'excel') return `CSV:${sep},34,76,1,,,true,true`;
  // Text (2), Y-M-D date (5), US-English number (10): what a typed reader declares.
  const formats = KINDS.map((k, i) => `${i + 1}/${k === 'text' ? 2 : k === 'date' ? 5 : 10}`).join('/');
  return `CSV:${sep},34,76,1,${formats},,false,true`;
}

const CUSTOM = { delimiter: '|', bom: true, lineEnding: 'crlf', formulaPrefix: true } as const;
const optionsFor = (preset: CsvPreset, tag: string) => presetCsvOptions(preset, localeSeparators(tag), CUSTOM);

let dir: string;
let profile: string;
let journal: ExportJournal;

async function writeCsv(name: string, csv: CsvOptionsInput): Promise<string> {
  const path = join(dir, `${name}.csv`);
  const file = await openTableFile(await AtomicTarget.open(path, journal, name), { format: 'csv', columns: COLUMNS, csv });
  await file.writeRows(ROWS);
  await file.finish();
  return path;
}

/** One soffice run (sequential, one user profile): the CSVs to XLSX under `locale`. */
async function convert(files: string[], filter: string, locale: string, outDir: string): Promise<void> {
  const env = { ...process.env, LANG: locale, LC_ALL: locale, LANGUAGE: '' };
  await run('soffice', ['--headless', '--norestore', `-env:UserInstallation=file://${profile}`, `--infilter=${filter}`, '--convert-to', 'xlsx', '--outdir', outDir, ...files], {
    env,
    // A give-up for a hung soffice, not a speed limit: one start takes 3 s quiet and over a minute on a loaded 2-core machine.
    timeout: 180_000,
  });
}

async function readBack(path: string): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow({ includeEmpty: true }, (row) => rows.push(COLUMNS.map((_, i) => row.getCell(i + 1).value)));
  return rows;
}

/** The cell a spreadsheet should hold for `value`: dates as their day, numbers as numbers, text with the prefix when the preset adds it. */
function expected(value: string | number, kind: Kind, prefix: boolean): unknown {
  if (kind === 'number') return value;
  if (kind === 'date') return `date ${value}`;
  return prefix ? neutraliseText(String(value)) : value;
}
const asCompared = (v: unknown) => (v instanceof Date ? `date ${v.toISOString().slice(0, 10)}` : v);

function requireTools(): void {
  if (!existsSync('/usr/bin/soffice') && !whichSoffice()) {
    throw new Error('soffice (LibreOffice) is missing: run scripts/test-all.sh, which installs libreoffice-calc-nogui, or apt-get install libreoffice-calc-nogui');
  }
  const locales = execFileSync('locale', ['-a'], { encoding: 'utf8' }).toLowerCase();
  for (const l of LOCALES) {
    if (!locales.includes(l.env.toLowerCase().replace('utf-8', 'utf8'))) {
      throw new Error(`The locale ${l.env} is not installed: run scripts/test-all.sh, or localedef -i ${l.env.slice(0, 5)} -f UTF-8 ${l.env}`);
    }
  }
}
function whichSoffice(): boolean {
  try {
    execFileSync('sh', ['-c', 'command -v soffice'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const results = new Map<string, unknown[][]>();
const PRESETS: CsvPreset[] = ['excel', 'data', 'custom'];

beforeAll(async () => {
  requireTools();
  dir = await mkdtemp(join(tmpdir(), 'fs-lo-readback-'));
  profile = join(dir, 'lo-profile');
  journal = new ExportJournal(join(dir, 'journal'));
  for (const locale of LOCALES) {
    const out = join(dir, `out-${locale.tag}`);
    for (const preset of PRESETS) {
      const opts = optionsFor(preset, locale.tag);
      const name = `${preset}-${locale.tag}`;
      await convert([await writeCsv(name, opts)], infilter(opts, preset), locale.env, out);
      results.set(name, await readBack(join(out, `${name}.xlsx`)));
    }
  }
  // Control: the de-DE Excel file under en_US, to show the locale in force is the one LibreOffice used.
  const control = join(dir, 'control');
  await convert([join(dir, 'excel-de-DE.csv')], infilter(optionsFor('excel', 'de-DE'), 'excel'), 'en_US.UTF-8', control);
  results.set('control', await readBack(join(control, 'excel-de-DE.xlsx')));
  // Seven soffice runs one after another: failed once at 120 s with the machine under a repeated E2E run.
}, 7 * 180_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('CSV presets read back by LibreOffice Calc', () => {
  for (const locale of LOCALES) {
    for (const preset of PRESETS) {
      it(`${preset} under ${locale.env}: every cell equals the source value`, () => {
        const rows = results.get(`${preset}-${locale.tag}`);
        expect(rows, 'converted file').toBeDefined();
        const [header, ...data] = rows!;
        expect(header).toEqual(COLUMNS);
        const prefix = optionsFor(preset, locale.tag).formulaPrefix;
        expect(data.map((r) => r.map(asCompared))).toEqual(ROWS.map((r) => r.map((v, i) => expected(v, KINDS[i]!, prefix))));
      });
    }
  }

  it('the locale is really in force: the de-DE Excel file read under en_US keeps 12,5 as text, not the number', () => {
    const [, first] = results.get('control')!;
    expect(first![0]).toBe('DE0012345');
    expect(first![5]).toBe(1554);
    expect(first![6]).toBe('12,5');
  });
});
