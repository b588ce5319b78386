// Exports from the UI (browser mode): the page on screen as CSV, and every page up to a row limit as
// Excel, followed on the Exports screen; each file is read back from disk.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { readXlsx } from '../main/features/export/readback';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
import { expect, FIRST_SEARCH_MS, test } from './fixtures';
import { shownIds as gridIds } from './grid-helpers';

/** Searches `country equals <code>` and returns the company ids of page 1 (10 rows). */
async function searchCountry(page: Page, code: string): Promise<string[]> {
  await page.getByLabel('Attribute of condition 1').fill('country');
  await page.getByLabel('Relation of condition 1').fill('equals');
  await page.getByLabel('Value of condition 1').fill(code);
  await page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('rows-range')).toContainText('Rows 1–10 of', { timeout: FIRST_SEARCH_MS });
  return gridIds(page);
}

test('export the current page as CSV from the results and check the file', async ({ page, app }) => {
  await expect(page.getByRole('heading', { level: 1, name: 'Search companies' })).toBeVisible();
  const shownIds = await searchCountry(page, 'ZA');
  expect(shownIds).toHaveLength(10);

  await page.getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export results' });
  await expect(dialog).toBeVisible();
  // Excel first: no CSV form keeps every value through a double-click (issue 39 #1).
  await expect(dialog.getByRole('radio', { name: 'Excel (XLSX)' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'CSV' }).check();
  await expect(dialog.getByRole('radio', { name: 'This page (10 rows)' })).toBeChecked();
  await expect(dialog.getByTestId('opened-note')).toContainText('Opened by double-click');
  await expectNoAxeViolations(page, 'the export dialog');
  await dialog.getByRole('radio', { name: /^All pages/ }).check();
  await expect(dialog.getByRole('status').filter({ hasText: 'This export fetches' })).toContainText(/fetches [\d,]+ rows in \d+ pages of 200/);
  await dialog.getByRole('radio', { name: 'This page (10 rows)' }).check();
  // Custom CSV (comma, no BOM by default here): formula protection is on; turning it off says what that risks.
  // The presets themselves are driven in export-csv-presets.spec.ts.
  await dialog.getByRole('radio', { name: 'Custom' }).check();
  const prefix = dialog.getByRole('checkbox', { name: /Protect against formulas/ });
  await expect(prefix).toBeChecked();
  await prefix.uncheck();
  await expect(dialog.getByRole('alert')).toContainText('Formula protection is off');
  await prefix.check();
  await dialog.getByRole('button', { name: 'Start export' }).click();

  // The result replaces the form at the top of the dialog, in view, named after the query and the time.
  await expect(dialog.getByRole('heading', { name: 'Export finished' })).toBeInViewport();
  const download = dialog.getByRole('link', { name: /^Download companies-ZA-page-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/ });
  await expect(download).toBeInViewport();
  const fileName = (await download.getAttribute('download'))!;
  const file = join(app.dataDir, 'exports', fileName);
  const onDisk = readFileSync(file, 'utf8');
  const [header, ...rows] = parse(onDisk) as string[][];
  // Visible columns in grid order (name first), raw field names and values.
  expect(header!.slice(0, 2)).toEqual(['name', 'company_id']);
  expect(rows.map((r) => r[1])).toEqual(shownIds);
  expect(new Set(rows.map((r) => r.length))).toEqual(new Set([header!.length]));

  const [saved] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(saved.suggestedFilename()).toBe(fileName);
  expect(readFileSync(await saved.path(), 'utf8')).toBe(onDisk);
});

test('export all pages as Excel with a row limit, follow it on the Exports screen and read the file', async ({ page, app }) => {
  const firstIds = await searchCountry(page, 'DE');

  await page.getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export results' });
  await dialog.getByRole('radio', { name: 'Excel (XLSX)' }).check();
  await dialog.getByRole('radio', { name: /^All pages/ }).check();
  await dialog.getByRole('radio', { name: /^All fields/ }).check();
  await expect(dialog.getByLabel('Row limit')).toHaveValue('1,000,000');
  await dialog.getByLabel('Row limit').fill('450');
  await expect(dialog.getByRole('status').filter({ hasText: 'This export fetches' })).toContainText('fetches 450 rows in 3 pages of 200');
  await dialog.getByRole('button', { name: 'Start export' }).click();
  await dialog.getByRole('button', { name: 'Open Exports' }).click();

  const job = page.getByRole('list', { name: 'Export jobs' }).getByRole('listitem').first();
  await expect(job).toHaveAttribute('data-export-state', 'done', { timeout: 30_000 });
  await expect(job).toContainText('450 of 450 rows');
  await expect(job).toContainText('Stopped at the row limit of 450 rows');
  const link = job.getByRole('link', { name: /^Download companies-DE-\d{4}-\d{2}-\d{2}-\d{4}\.xlsx$/ });
  await expect(link).toBeVisible();
  await expectNoAxeViolations(page, 'the Exports screen with a finished export');

  const rows = await readXlsx(join(app.dataDir, 'exports', (await link.getAttribute('download'))!));
  const [header, ...data] = rows as string[][];
  expect(header![0]).toBe('company_id');
  expect(header).toContain('address.city');
  expect(data).toHaveLength(450);
  const ids = data.map((r) => r[0]);
  expect(ids.slice(0, 10)).toEqual(firstIds);
  expect(new Set(ids).size).toBe(450);
});
