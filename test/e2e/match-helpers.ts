// Steps every bulk-match spec takes: open the Bulk tab, paste a CSV and read its columns, run it,
// and read the CSV export back from disk (the file the analyst gets, BOM or not).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { expect } from './fixtures';

/**
 * A bulk export's rows, read as it was written: it keeps the input file's delimiter, BOM and
 * encoding (issue 27), so UTF-16 is told by its BOM, a single-byte code page is named by the caller,
 * and the delimiter is the one the header line uses.
 */
export function readExportedCsv(path: string, encoding: 'utf-8' | 'windows-1252' = 'utf-8'): string[][] {
  const bytes = readFileSync(path);
  const text =
    bytes[0] === 0xff && bytes[1] === 0xfe ? iconv.decode(bytes, 'utf-16le') : bytes[0] === 0xfe && bytes[1] === 0xff ? iconv.decode(bytes, 'utf-16be') : iconv.decode(bytes, encoding);
  const head = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0]!.replace(/"[^"]*"/g, '');
  const delimiter = [',', ';', '\t', '|'].reduce((best, d) => (head.split(d).length > head.split(best).length ? d : best), ',');
  return parse(text, { delimiter, bom: true }) as string[][];
}

/** Match → Bulk (CSV); the tab panel. */
export async function openBulk(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Match' }).click();
  await page.getByRole('tab', { name: 'Bulk (CSV)' }).click();
  return page.getByRole('tabpanel', { name: 'Bulk (CSV)' });
}

/** Pastes `csv` and reads its columns (the name column is suggested from "Company"). */
export async function pasteCsv(page: Page, csv: string): Promise<Locator> {
  const bulk = await openBulk(page);
  await bulk.getByLabel('…or paste CSV').fill(csv);
  await bulk.getByRole('button', { name: 'Read columns' }).click();
  await expect(bulk.getByLabel('Company name')).toHaveValue('Company');
  return bulk;
}

/** Runs the columns read and waits for the job to finish. */
export async function matchAll(page: Page, bulk: Locator, heading: RegExp = /Pasted CSV\s+Finished/): Promise<void> {
  await bulk.getByRole('button', { name: 'Match all rows' }).click();
  await expect(page.getByRole('heading', { name: heading })).toBeVisible({ timeout: 30_000 });
}

/** Export CSV, then the newest file of that name read back: its header and rows. */
export async function exportedCsv(page: Page, dataDir: string, name: RegExp = /^Download .*\.csv$/): Promise<{ header: string[]; rows: string[][]; col(name: string): number }> {
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const link = page.getByRole('link', { name }).last();
  await expect(link).toBeVisible();
  const [header, ...rows] = readExportedCsv(join(dataDir, 'exports', (await link.getAttribute('download'))!));
  if (!header) throw new Error('The exported CSV is empty (no header line)');
  return { header, rows, col: (n: string) => header.indexOf(n) };
}
