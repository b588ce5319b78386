// Lists in Chromium against the embedded sandbox (seed 42, 25,000 companies): selected rows become a
// list, a loaded result set is saved as a list, pasted ids (one malformed) make a list with names
// from the service; rename, duplicate, delete; the list view sorted and exported (an export job, also
// on the Exports screen), the file read back.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { generateCompanies } from '../../src/sandbox/dataset';
import { readCsv, readXlsx } from '../main/features/export/readback';
import { expectNoAxeViolations } from './a11y';
import { expect, test } from './fixtures';
import { loadAll, searchMoreEmployeesThan } from './load-all-helpers';

const fmt = new Intl.NumberFormat('en-US');
const companies = generateCompanies(42, 25_000);
const big = companies.filter((c) => (c.employee_count ?? 0) > 30_000);
const byEmployees = [...big].sort((a, b) => (b.employee_count ?? 0) - (a.employee_count ?? 0));

async function searchBig(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Search companies' })).toBeVisible();
  await searchMoreEmployeesThan(page, 30_000, big.length);
}

/** Opens "Add to list"/"Save as list", names a new list and creates it; returns the outcome line. */
async function createNamed(page: Page, button: string, name: string) {
  await page.getByRole('button', { name: button }).click();
  const form = page.getByRole('form', { name: button.replace(/…$/, '') });
  await form.getByLabel('Name of the new list').fill(name);
  await form.getByRole('button', { name: 'Create list' }).click();
  await expect(form).toHaveCount(0);
}

test.use({ viewport: { width: 1440, height: 900 } });

test('lists from selected rows, a loaded result set and pasted ids; rename, duplicate, delete; export read back', async ({ page, app }) => {
  // Six axe scans and two exports: minutes on a busy machine.
  test.setTimeout(900_000);
  expect(big.length).toBeGreaterThan(100);
  expect(byEmployees[0]!.employee_count).toBeGreaterThan(byEmployees[1]!.employee_count ?? 0);
  await searchBig(page);

  // Selected rows of the service page -> a new list, named by the analyst.
  const grid = page.getByRole('grid', { name: 'Search results' });
  for (const n of [1, 2, 3]) await grid.getByLabel(`Select row ${n}`, { exact: true }).check();
  await createNamed(page, 'Add 3 selected to a list…', 'Picked three');
  await expect(page.getByText('Created “Picked three”: 3 companies added. The list has 3 companies.')).toBeVisible();

  // The whole loaded result set -> "Save all N as list" (no filter or facet: the view is all of it).
  await loadAll(page, big.length);
  await expect(page.getByRole('button', { name: /shown as list/ })).toHaveCount(0);
  await page.getByRole('button', { name: `Save all ${fmt.format(big.length)} as list…` }).click();
  await expectNoAxeViolations(page, 'the snapshot view with the save-as-list form open');
  const save = page.getByRole('form', { name: `Save all ${fmt.format(big.length)} as list` });
  await save.getByLabel('Name of the new list').fill('Picked three');
  await save.getByRole('button', { name: 'Create list' }).click();
  // A taken name is said next to the name field; nothing is lost.
  await expect(save.getByText('A list named "Picked three" already exists in this profile. Choose another name.')).toBeVisible();
  await save.getByLabel('Name of the new list').fill('Very large employers');
  await save.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByText(`Created “Very large employers”: ${fmt.format(big.length)} companies added.`)).toBeVisible();
  await page.getByRole('button', { name: 'Open list' }).click();

  // The Lists screen opens on that list: names, not ids; ESG columns wait for a run.
  const view = page.getByRole('region', { name: 'Very large employers' });
  await expect(view.getByRole('heading', { level: 2, name: 'Very large employers' })).toBeVisible();
  await expect(view.getByTestId('list-rows')).toHaveText(`Rows 1–50 of ${fmt.format(big.length)}`);
  const table = view.getByRole('table', { name: 'Companies in Very large employers' });
  await expect(table.getByRole('row').nth(1)).toContainText(big[0]!.name);
  await expect(table.getByRole('row').nth(1)).toContainText('—');
  await expect(page.getByRole('list', { name: 'Your lists' })).toContainText(`Very large employers${fmt.format(big.length)} companies`);
  await expectNoAxeViolations(page, 'the Lists screen with a list open');

  // Sort by employees (descending) and filter; then back to all rows.
  await table.getByRole('button', { name: 'Employees' }).click();
  await table.getByRole('button', { name: 'Employees' }).click();
  await expect(table.getByRole('columnheader', { name: /Employees/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByRole('row').nth(1)).toContainText(byEmployees[0]!.name);
  await view.getByLabel('Filter this list').fill(byEmployees[1]!.name);
  await expect(view.getByTestId('list-rows')).toHaveText(/^Rows 1–\d+ of \d+$/);
  await expect(table.getByRole('row').nth(1)).toContainText(byEmployees[1]!.name);
  await view.getByLabel('Filter this list').fill('');
  await expect(view.getByTestId('list-rows')).toHaveText(`Rows 1–50 of ${fmt.format(big.length)}`);

  // Export the sorted view (a job like the search export: its row, then Download) and read the file
  // back: every company, in view order, names and ids.
  await view.getByRole('button', { name: 'Export CSV' }).click();
  const download = view.getByRole('link', { name: /^Download (?!.*\.about\.json$)/ });
  await expect(download).toBeVisible({ timeout: 30_000 });
  const csvName = (await download.getAttribute('download'))!;
  expect(csvName).toMatch(/^Very large employers-.*\.csv$/);
  const job = view.getByRole('listitem', { name: csvName });
  await expect(job).toContainText('List “Very large employers” · CSV · Finished');
  await expect(job).toContainText(`${fmt.format(big.length)} of ${fmt.format(big.length)} rows · took`);
  await expectNoAxeViolations(page, 'the list view with a finished export');
  const rows = await readCsv(join(app.dataDir, 'exports', csvName));
  expect(rows[0]!.slice(0, 3)).toEqual(['Name', 'Company ID', 'Country']);
  expect(rows).toHaveLength(big.length + 1);
  expect(rows[1]!.slice(0, 2)).toEqual([byEmployees[0]!.name, byEmployees[0]!.company_id]);
  expect(new Set(rows.slice(1).map((r) => r[1]))).toEqual(new Set(big.map((c) => c.company_id)));
  await view.getByRole('button', { name: 'Export Excel' }).click();
  await expect(view.getByRole('link', { name: /^Download .*\.xlsx$/ })).toBeVisible({ timeout: 30_000 });
  const xlsxName = (await view.getByRole('link', { name: /^Download (?!.*\.about\.json$)/ }).getAttribute('download'))!;
  const book = await readXlsx(join(app.dataDir, 'exports', xlsxName));
  expect(book).toHaveLength(big.length + 1);
  expect(book[1]!.slice(0, 2)).toEqual([byEmployees[0]!.name, byEmployees[0]!.company_id]);
  // Both list exports are on the Exports screen too, named after the list.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Exports' }).click();
  const exportJobs = page.getByRole('list', { name: 'Export jobs' });
  await expect(exportJobs.getByRole('listitem', { name: xlsxName })).toContainText('List “Very large employers” · Excel (XLSX) · Finished');
  await expect(exportJobs.getByRole('listitem', { name: csvName })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Lists' }).click();

  // Pasted ids with a malformed one: reported by line, then the valid ones make a list with names.
  const pasted = [companies[7], companies[11]];
  const form = page.getByRole('form', { name: 'New list from pasted ids' });
  await form.getByLabel('List name').fill('Pasted');
  await form.getByLabel('Company ids').fill(`${pasted[0]!.company_id}\nnot-a-uuid\n${pasted[1]!.company_id}`);
  await form.getByRole('button', { name: 'Create list' }).click();
  await expect(form.getByText('Line 2: “not-a-uuid” is not a company id.')).toBeVisible();
  await expectNoAxeViolations(page, 'the pasted-ids form reporting a malformed id');
  await form.getByRole('button', { name: 'Create with the 2 valid ids, skip the others' }).click();
  await expect(form.getByText('Created “Pasted” with 2 companies.')).toBeVisible();
  const pastedView = page.getByRole('region', { name: 'Pasted' });
  await expect(pastedView.getByRole('table')).toContainText(pasted[0]!.name);
  await expect(pastedView.getByRole('table')).toContainText(pasted[1]!.name);

  // Rename, duplicate, delete (with a confirmation).
  const lists = page.getByRole('list', { name: 'Your lists' });
  await lists.getByRole('button', { name: 'Rename Pasted' }).click();
  await lists.getByLabel('New name for Pasted').fill('Pasted by hand');
  await lists.getByRole('button', { name: 'Save name' }).click();
  await expect(lists.getByRole('button', { name: 'Pasted by hand', exact: true })).toBeVisible();
  await lists.getByRole('button', { name: 'Duplicate Pasted by hand' }).click();
  await expect(lists.getByRole('button', { name: 'Pasted by hand (copy)', exact: true })).toBeVisible();
  await expect(lists).toContainText('Pasted by hand (copy)2 companies');
  await lists.getByRole('button', { name: 'Delete Pasted by hand (copy)' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Delete the list “Pasted by hand (copy)” (2 companies)?');
  await expectNoAxeViolations(page, 'the Lists screen asking to confirm a delete');
  await confirm.getByRole('button', { name: 'Delete list' }).click();
  await expect(lists.getByRole('button', { name: 'Pasted by hand (copy)', exact: true })).toHaveCount(0);
  await expect(lists.getByRole('listitem')).toHaveCount(3);

  // The open list and its view survive leaving the screen.
  await page.keyboard.press('Alt+1');
  await page.keyboard.press('Alt+3');
  await expect(page.getByRole('region', { name: 'Pasted by hand' })).toBeVisible();
});
