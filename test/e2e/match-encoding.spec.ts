// Bulk-match files in the encodings Excel saves (issue 26, item 1): a "CSV" in the ANSI code page
// (Windows-1252) and a "Unicode Text" file (UTF-16 LE), made here with iconv-lite, go through the
// file input, the check before the run names the encoding it found and shows the umlauts right,
// the menu reads the file another way (naming the line that does not fit), and the CSV and XLSX
// exports hold every cell of the analyst's exactly as typed. Before, both files were read as UTF-8:
// "Stra�e", "D�sseldorf", and the check said nothing.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { loadDataset } from '../../src/sandbox/dataset';
import { expectNoAxeViolations } from './a11y';
import { expect, test, type BrowserModeApp } from './fixtures';
import { readExportedCsv } from './match-helpers';

// Companies the sandbox knows (seed 42), with plain ASCII names: Windows-1252 can hold them.
const good = loadDataset(42, 400).companies.filter((c) => c.website && /^[A-Za-z0-9 .&-]+$/.test(c.name)).slice(0, 2);
const ROWS = [
  ['Kundennr', 'Firma', 'Web', 'Straße', 'Ort', 'Segment', 'Umsatz'],
  ['K1', good[0]!.name, good[0]!.website!, 'Königsallee 1', 'Düsseldorf', 'Großkunde', '1.200 €'],
  ['K2', good[1]!.name, good[1]!.website!, 'Hauptstraße 5', 'Köln', 'Bäckerei', '80 €'],
  ['K3', 'Müller & Söhne GmbH', 'mueller-soehne.example', 'Straße des 17. Juni', 'Berlin', 'Großkunde', '5 €'],
];

async function openBulk(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Match' }).click();
  await page.getByRole('tab', { name: 'Bulk (CSV)' }).click();
  return page.getByRole('tabpanel', { name: 'Bulk (CSV)' });
}

/** Runs the file, exports CSV and XLSX, and checks every cell of the analyst's in both. */
async function runAndExport(page: Page, app: BrowserModeApp, fileName: string, written: { words: string; encoding: 'utf-8' | 'windows-1252' }) {
  const bulk = page.getByRole('tabpanel', { name: 'Bulk (CSV)' });
  await expect(bulk.getByLabel('Company name')).toHaveValue('Firma');
  await expect(bulk.getByLabel('Website')).toHaveValue('Web');
  await expect(bulk.getByLabel('Key column')).toHaveValue('Kundennr');
  await bulk.getByRole('button', { name: 'Match all rows' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`${fileName.replace('.', '\\.')}\\s+Finished`) })).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csvLink = page.getByRole('link', { name: /^Download .*\.csv$/ });
  await expect(csvLink).toBeVisible();
  // The CSV goes out the way the file came in (issue 27): its delimiter and encoding.
  await expect(page.getByRole('status').filter({ hasText: 'Saved ' })).toContainText(written.words);
  const [header, ...out] = readExportedCsv(join(app.dataDir, 'exports', (await csvLink.getAttribute('download'))!), written.encoding);
  expect(header!.slice(0, 7)).toEqual(ROWS[0]);
  expect(out.map((r) => r.slice(0, 7))).toEqual(ROWS.slice(1));
  // The umlauts that were sent matched as well: the known companies are found.
  expect(out.slice(0, 2).map((r) => r[header!.indexOf('match.company_id')])).toEqual(good.map((c) => c.company_id));

  await page.getByRole('button', { name: 'Export XLSX' }).click();
  const xlsxLink = page.getByRole('link', { name: /^Download .*\.xlsx$/ });
  await expect(xlsxLink).toBeVisible();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(join(app.dataDir, 'exports', (await xlsxLink.getAttribute('download'))!));
  const sheet = book.getWorksheet('Matches')!;
  const cells = (n: number) => Array.from({ length: 7 }, (_, i) => sheet.getRow(n).getCell(i + 1).value);
  expect(ROWS.map((_, i) => cells(i + 1))).toEqual(ROWS);
}

test('a Windows-1252 file: the encoding is detected, the menu reads it another way, every cell round-trips', async ({ page, app }) => {
  test.setTimeout(180_000);
  const file = iconv.encode(ROWS.map((r) => r.join(';')).join('\r\n') + '\r\n', 'windows-1252');
  // The bytes really are Windows-1252: ß is one byte (0xDF), € is 0x80.
  expect(file.includes(0xdf) && file.includes(0x80)).toBe(true);
  const bulk = await openBulk(page);
  await bulk.getByLabel('Open a CSV file').setInputFiles({ name: 'kunden-ansi.csv', mimeType: 'text/csv', buffer: file });
  const encoding = bulk.getByLabel('Encoding');
  await expect(encoding).toHaveValue('windows-1252');
  await expect(bulk.getByText('Encoding: Windows-1252 (detected).')).toBeVisible();
  const sample = bulk.getByRole('table', { name: 'First rows of the CSV' });
  await expect(sample.getByRole('columnheader', { name: 'Straße' })).toBeVisible();
  await expect(sample.getByRole('row').nth(1)).toContainText('Düsseldorf');
  await expect(sample.getByRole('row').nth(1)).toContainText('Großkunde');
  await expect(sample.getByRole('row').nth(1)).toContainText('1.200 €');
  await expect(bulk.getByText('Checked all 3 rows: every row has 7 fields')).toBeVisible();
  await expectNoAxeViolations(page, 'the bulk check with the encoding menu');

  // Read as UTF-8 the header is not valid: the preview goes, the line is named next to the menu.
  await encoding.selectOption('utf-8');
  await expect(bulk.getByText("Line 1 is not valid UTF-8: choose the file's encoding above.")).toBeVisible();
  await expect(bulk.getByText('Encoding: UTF-8 (chosen).')).toBeVisible();
  await expect(sample).toHaveCount(0);
  await expect(bulk.getByRole('button', { name: 'Match all rows' })).toHaveCount(0);
  await expect(encoding).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'the encoding menu with a line that does not fit');
  // ISO-8859-15 has no € at 0x80: line 2 is named.
  await encoding.selectOption('iso-8859-15');
  await expect(bulk.getByText("Line 2 is not valid ISO-8859-15 (byte 0x80 is a control character there): choose the file's encoding above.")).toBeVisible();
  await encoding.selectOption('windows-1252');
  await expect(bulk.getByText('Encoding: Windows-1252 (chosen).')).toBeVisible();
  await expect(sample.getByRole('row').nth(1)).toContainText('Düsseldorf');

  await runAndExport(page, app, 'kunden-ansi.csv', { words: 'semicolon-separated, decimal comma, Windows-1252, CRLF line ends', encoding: 'windows-1252' });
});

test('a UTF-16 LE file (Excel\'s "Unicode Text", tab-separated): read by its byte order mark, every cell round-trips', async ({ page, app }) => {
  test.setTimeout(180_000);
  const file = iconv.encode(ROWS.map((r) => r.join('\t')).join('\r\n') + '\r\n', 'utf-16le', { addBOM: true });
  expect([file[0], file[1], file[3]]).toEqual([0xff, 0xfe, 0x00]);
  const bulk = await openBulk(page);
  await bulk.getByLabel('Open a CSV file').setInputFiles({ name: 'kunden-unicode.txt', mimeType: 'text/plain', buffer: file });
  const encoding = bulk.getByLabel('Encoding');
  await expect(encoding).toHaveValue('utf-16le');
  await expect(bulk.getByText('Encoding: UTF-16 LE (byte order mark).')).toBeVisible();
  const sample = bulk.getByRole('table', { name: 'First rows of the CSV' });
  await expect(sample.getByRole('columnheader', { name: 'Straße' })).toBeVisible();
  await expect(sample.getByRole('row').nth(3)).toContainText('Müller & Söhne GmbH');

  // Read as Windows-1252, the NUL bytes of UTF-16 are named instead of read as text.
  await encoding.selectOption('windows-1252');
  await expect(bulk.getByText('Line 1 holds NUL bytes, which Windows-1252 text does not (UTF-16 text does)', { exact: false })).toBeVisible();
  await expect(sample).toHaveCount(0);
  await encoding.selectOption('utf-16le');
  await expect(sample.getByRole('columnheader', { name: 'Straße' })).toBeVisible();

  await runAndExport(page, app, 'kunden-unicode.txt', { words: 'tab-separated, decimal point, UTF-16 LE with byte-order mark, CRLF line ends', encoding: 'utf-8' });
});
