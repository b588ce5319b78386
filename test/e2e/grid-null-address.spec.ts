// Columns that tell the truth (issue 26, item 5): in a France search some records have
// `address: null` (the sandbox's first French company among them). The grid shows the address's leaf
// columns (street, postal code, city, country) with the real values, and an empty, not hatched, cell
// for a company without an address; there is no always-empty "Address" column. The loaded snapshot
// offers the same columns to sort by.
import type { Page } from '@playwright/test';
import { generateCompanies } from '../../src/sandbox/dataset';
import { expectNoAxeViolations } from './a11y';
import { expect, FIRST_SEARCH_MS, test } from './fixtures';
import { loadAll } from './load-all-helpers';

const fmt = new Intl.NumberFormat('en-US');
const companies = generateCompanies(42, 25_000);
const french = companies.filter((c) => c.country === 'FR');
const firstPage = french.slice(0, 50);
const noAddress = firstPage.find((c) => c.address === null)!;
const withAddress = firstPage.find((c) => c.address !== null)!;
const LEAVES = ['address.street', 'address.postal_code', 'address.city', 'address.country'];
const KEEP = new Set(['company_id', 'name', 'address.city', 'address.street']);

const panel = (page: Page) => page.getByRole('group', { name: 'Grid columns' });
/** The dotted field names of the grid's columns (each checkbox label's title), in order. */
const columnPaths = (page: Page) => panel(page).locator('label.columns-panel__name').evaluateAll((ls) => ls.map((l) => l.getAttribute('title') ?? ''));

async function cellOf(page: Page, companyId: string, header: string) {
  const col = await page.getByRole('columnheader', { name: header, exact: true }).getAttribute('aria-colindex');
  const row = page.locator('[role="grid"] [role="row"]').filter({ has: page.locator(`[role="gridcell"].grid__cell--id[title="${companyId}"]`) });
  return row.locator(`[role="gridcell"][aria-colindex="${col}"]`);
}

test.use({ viewport: { width: 1440, height: 900 } });

test('a search where some addresses are null shows address leaf columns with values and empty cells', async ({ page }) => {
  test.setTimeout(180_000);
  expect(noAddress).toBeDefined();
  expect(withAddress.address?.city).toBeTruthy();
  await expect(page.getByRole('heading', { level: 1, name: 'Search companies' })).toBeVisible();
  await page.getByLabel('Request body (JSON)').fill(JSON.stringify({ filters: { and: [{ attribute: 'country', relation: 'equals', value: 'FR' }] } }));
  await page.getByLabel('Page size').fill('50');
  await page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('rows-range')).toHaveText(`Rows 1–50 of ${fmt.format(french.length)}`, { timeout: FIRST_SEARCH_MS });

  // The columns: the address's leaves, in the record's order, and no "address" column of its own.
  await page.getByRole('button', { name: /^Columns \(/ }).click();
  const paths = await columnPaths(page);
  expect(paths).not.toContain('address');
  expect(paths.filter((p) => p.startsWith('address.'))).toEqual(LEAVES);
  // Only a few columns shown, so the address cells are in view (the grid mounts the columns in view).
  for (const path of paths.filter((p) => !KEEP.has(p))) await panel(page).locator(`label[title="${path}"]`).getByRole('checkbox').uncheck();
  await page.getByRole('button', { name: /^Columns \(/ }).click();
  await expect(page.getByRole('columnheader', { name: 'Address city', exact: true })).toBeVisible();

  // Real values where there is an address; an empty cell (not hatched as missing) where it is null.
  const city = await cellOf(page, withAddress.company_id, 'Address city');
  await expect(city).toHaveText(withAddress.address!.city);
  await expect(await cellOf(page, withAddress.company_id, 'Street')).toHaveText(withAddress.address!.street);
  const empty = await cellOf(page, noAddress.company_id, 'Address city');
  await expect(empty).toHaveText('');
  await expect(empty).not.toHaveClass(/grid__cell--missing/);
  await expect(await cellOf(page, noAddress.company_id, 'Street')).not.toHaveClass(/grid__cell--missing/);
  await expectNoAxeViolations(page, 'the result grid with null addresses');

  // The loaded snapshot offers the same columns to sort by: the leaves, not "address".
  await loadAll(page, french.length);
  // The options come from the snapshot's first rows, which arrive after its banner.
  const sortBy = page.getByLabel('Sort by');
  const sortOptions = () => sortBy.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  await expect.poll(sortOptions).toEqual(expect.arrayContaining(LEAVES));
  expect(await sortOptions()).not.toContain('address');
  await expect(await cellOf(page, noAddress.company_id, 'Address city')).not.toHaveClass(/grid__cell--missing/);
});
