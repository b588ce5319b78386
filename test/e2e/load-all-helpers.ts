// The two steps most workbench specs start with: a search of the sandbox's larger employers, and
// Load all of its results into the workspace.
import type { Page } from '@playwright/test';
import { expect, FIRST_SEARCH_MS } from './fixtures';

const fmt = new Intl.NumberFormat('en-US');

/** Searches "employee_count greater than `min`" on the Search screen and waits for its `rows` results. */
export async function searchMoreEmployeesThan(page: Page, min: number, rows: number): Promise<void> {
  await page.getByRole('combobox', { name: 'Attribute of condition 1', exact: true }).fill('employee_count');
  await page.getByRole('combobox', { name: 'Relation of condition 1', exact: true }).fill('greater_than');
  await page.getByLabel('Value of condition 1 (number)').fill(String(min));
  await page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('rows-range')).toContainText(`of ${fmt.format(rows)}`, { timeout: FIRST_SEARCH_MS });
}

/** Load all of the search shown, and waits until the snapshot holds its `rows` rows. */
export async function loadAll(page: Page, rows: number): Promise<void> {
  await page.getByRole('button', { name: `Load all ${fmt.format(rows)} results` }).click();
  await expect(page.getByText(/^Snapshot of .*: [\d,]+ rows/)).toContainText(`${fmt.format(rows)} rows`, { timeout: 60_000 });
}
