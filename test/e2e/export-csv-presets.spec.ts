// CSV presets in the export dialog (issue 27), with the host running under de_DE.UTF-8 (a
// decimal-comma locale): "Excel on this computer" writes ";", a BOM, CRLF and quoted text; "Data
// tools" RFC 4180 with LF; Custom what it is set to. Each file is read back from disk; the choice is
// remembered for the profile after a reload. A bulk-match file with ";" and a BOM goes out the same way.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { loadDataset } from '../../src/sandbox/dataset';
import { expectNoAxeViolations } from './a11y';
import { expect, FIRST_SEARCH_MS } from './fixtures';
import { hostIn } from './locale-host';
import { shownIds } from './grid-helpers';

/** A browser-mode host whose main process runs in de_DE.UTF-8 (as on a German desktop). */
const test = hostIn({ LANG: 'de_DE.UTF-8', LC_ALL: 'de_DE.UTF-8' });

async function searchCountry(page: Page, code: string): Promise<string[]> {
  await page.getByLabel('Attribute of condition 1').fill('country');
  await page.getByLabel('Relation of condition 1').fill('equals');
  await page.getByLabel('Value of condition 1').fill(code);
  await page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('rows-range')).toContainText('Rows 1–10 of', { timeout: FIRST_SEARCH_MS });
  return shownIds(page);
}

/** Starts the export and returns the bytes of the file it wrote; leaves the dialog on "Export again". */
async function exportBytes(dialog: Locator, dataDir: string): Promise<Buffer> {
  await dialog.getByRole('button', { name: 'Start export' }).click();
  await expect(dialog.getByRole('heading', { name: 'Export finished' })).toBeVisible();
  const link = dialog.getByRole('link', { name: /^Download .*\.csv$/ });
  const bytes = readFileSync(join(dataDir, 'exports', (await link.getAttribute('download'))!));
  await dialog.getByRole('button', { name: 'Export again' }).click();
  return bytes;
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

test('each CSV preset writes what it says, and the choice is remembered for the profile', async ({ page, app }) => {
  test.setTimeout(120_000);
  const ids = await searchCountry(page, 'DE');
  await page.getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export results' });

  // The dialog opens on XLSX (issue 39 #1); CSV offers the presets.
  await expect(dialog.getByRole('radio', { name: 'Excel (XLSX)' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'CSV', exact: true }).check();
  // Excel on this computer, the default preset: the host's de-DE locale gives ";" and a decimal comma.
  const excel = dialog.getByRole('radio', { name: 'Excel on this computer' });
  await expect(excel).toBeChecked();
  await expect(dialog.getByText(/^The separator and decimal mark Excel and LibreOffice on this computer expect\. A double-click still turns codes such as 03024 into numbers/)).toBeVisible();
  await expect(dialog.getByText('For pandas, R, Power Query and databases', { exact: false })).toBeVisible();
  await expect(dialog.getByTestId('csv-summary')).toHaveText(
    "This file: semicolon-separated, decimal comma, UTF-8 with byte-order mark, CRLF line ends, text in quotes, formula protection on (from this computer's locale, de-DE).",
  );
  const note = dialog.getByTestId('opened-note');
  await expect(note).toContainText(/Opened by double-click in Excel or LibreOffice on this computer \(de-DE\), this CSV (changes [\d.,]+ cells?|keeps every cell) of this page/);
  const named = await note.evaluate((n) =>
    [...n.querySelectorAll('li')].reduce((sum, li) => sum + Number(/: an apostrophe shown \(formula protection\) in ([\d.,]+) cells?,/.exec(li.textContent ?? '')?.[1]?.replace(/[.,]/g, '') ?? 0), 0),
  );
  await expect(dialog.getByRole('button', { name: 'Use Excel (XLSX) instead' })).toBeVisible();
  await expectNoAxeViolations(page, 'the export dialog with CSV presets');
  const excelBytes = await exportBytes(dialog, app.dataDir);
  expect(excelBytes.subarray(0, 3)).toEqual(BOM);
  const excelText = excelBytes.subarray(3).toString('utf8');
  expect(excelText.split('\r\n')[0]).toMatch(/^"name";"company_id";/);
  expect(excelText.endsWith('\r\n')).toBe(true);
  const excelRows = parse(excelText, { delimiter: ';' }) as string[][];
  expect(excelRows.slice(1).map((r) => r[1])).toEqual(ids);
  // The apostrophes the note named are the ones in the file.
  expect(excelRows.slice(1).flat().filter((c) => c.startsWith("'")).length).toBe(named);

  // Data tools: RFC 4180, comma, LF, no BOM.
  await dialog.getByRole('radio', { name: 'Data tools' }).check();
  await expect(dialog.getByTestId('csv-summary')).toHaveText('This file: comma-separated, decimal point, UTF-8 without byte-order mark, LF line ends, no apostrophes added.');
  const dataBytes = await exportBytes(dialog, app.dataDir);
  expect(dataBytes.subarray(0, 3)).not.toEqual(BOM);
  const dataText = dataBytes.toString('utf8');
  expect(dataText).not.toContain('\r\n');
  expect(dataText.startsWith('name,company_id,')).toBe(true);
  expect((parse(dataText) as string[][]).slice(1).map((r) => r[1])).toEqual(ids);

  // Custom: tab, CRLF kept, BOM on, protection off (with its warning).
  await dialog.getByRole('radio', { name: 'Custom' }).check();
  await dialog.getByLabel('Delimiter').selectOption('\t');
  await dialog.getByRole('checkbox', { name: /byte-order mark/ }).check();
  await dialog.getByRole('checkbox', { name: /Protect against formulas/ }).uncheck();
  await expect(dialog.getByRole('alert')).toContainText('Formula protection is off');
  await expectNoAxeViolations(page, 'the export dialog with Custom CSV options');
  const customBytes = await exportBytes(dialog, app.dataDir);
  expect(customBytes.subarray(0, 3)).toEqual(BOM);
  const customText = customBytes.subarray(3).toString('utf8');
  expect(customText.startsWith('name\tcompany_id\t')).toBe(true);
  expect((parse(customText, { delimiter: '\t' }) as string[][]).slice(1).map((r) => r[1])).toEqual(ids);
  // Custom with ";" writes a decimal comma, as a ";" spreadsheet expects (issue 39 #2).
  await dialog.getByLabel('Delimiter').selectOption(';');
  await expect(dialog.getByTestId('csv-summary')).toHaveText(/^This file: semicolon-separated, decimal comma,/);

  // Remembered for the profile: after a reload the dialog opens on Custom with its options.
  await page.reload();
  await searchCountry(page, 'DE');
  await page.getByRole('button', { name: 'Export…' }).click();
  await dialog.getByRole('radio', { name: 'CSV', exact: true }).check();
  await expect(dialog.getByRole('radio', { name: 'Custom' })).toBeChecked();
  await expect(dialog.getByLabel('Delimiter')).toHaveValue(';');
  // Switching back to Excel offers XLSX as the exact choice.
  await dialog.getByRole('radio', { name: 'Excel on this computer' }).check();
  await dialog.getByRole('button', { name: 'Use Excel (XLSX) instead' }).click();
  await expect(dialog.getByRole('radio', { name: 'Excel (XLSX)' })).toBeChecked();
});

test('a bulk-match file with ";" and a BOM is exported with ";" and a BOM', async ({ page, app }) => {
  test.setTimeout(120_000);
  const [a, b] = loadDataset(42, 400).companies.filter((c) => /^[A-Za-z0-9 .&-]+$/.test(c.name));
  // The analyst's own cells include a phone and a sum that start like a formula (issue 39 #2).
  const input = Buffer.concat([BOM, Buffer.from(`Kundennr;Company;Ort;Telefon\r\nK1;${a!.name};Düsseldorf;+49 211 1234\r\nK2;${b!.name};Köln;=SUMME(A1:A3)\r\n`, 'utf8')]);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Match' }).click();
  await page.getByRole('tab', { name: 'Bulk (CSV)' }).click();
  const bulk = page.getByRole('tabpanel', { name: 'Bulk (CSV)' });
  await bulk.getByLabel('Open a CSV file').setInputFiles({ name: 'kunden.csv', mimeType: 'text/csv', buffer: input });
  await expect(bulk.getByLabel('Company name')).toHaveValue('Company');
  await bulk.getByRole('button', { name: 'Match all rows' }).click();
  await expect(page.getByRole('heading', { name: /kunden\.csv\s+Finished/ })).toBeVisible({ timeout: 30_000 });

  const format = page.getByLabel('CSV format');
  await expect(format).toHaveValue('input');
  await expect(format.locator('option:checked')).toHaveText(/^Like the input file \(semicolon-separated, decimal comma, UTF-8 with byte-order mark, CRLF line ends/);
  const own = page.getByRole('group', { name: 'Your own cells in the CSV' });
  await expect(own).toContainText('2 of your cells start like a formula (such as “+49 211 1234”, in the column Telefon).');
  await expect(own.getByRole('radio', { name: /^Put an apostrophe before them/ })).toBeChecked();
  await own.getByRole('radio', { name: /^Leave them as in your file/ }).check();
  await expectNoAxeViolations(page, 'the bulk job with its CSV format menu');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const link = page.getByRole('link', { name: /^Download .*\.csv$/ });
  await expect(link).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Saved kunden-matched' })).toContainText('semicolon-separated');
  const bytes = readFileSync(join(app.dataDir, 'exports', (await link.getAttribute('download'))!));
  expect(bytes.subarray(0, 3)).toEqual(BOM);
  const [header, ...rows] = parse(bytes.subarray(3).toString('utf8'), { delimiter: ';' }) as string[][];
  expect(header!.slice(0, 4)).toEqual(['Kundennr', 'Company', 'Ort', 'Telefon']);
  // Every input cell exactly as it was: no apostrophe before the analyst's own phone and sum.
  expect(rows.map((r) => r.slice(0, 4))).toEqual([
    ['K1', a!.name, 'Düsseldorf', '+49 211 1234'],
    ['K2', b!.name, 'Köln', '=SUMME(A1:A3)'],
  ]);
});
