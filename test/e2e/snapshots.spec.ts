// The results workbench in Chromium against the embedded sandbox (seed 42, 25,000 companies): load
// all, sort by revenue descending (checked against the sandbox's own data), facet by country, chip
// removal, facet choices into service conditions, keyboard paging.
import type { Page } from '@playwright/test';
import { generateCompanies } from '../../src/sandbox/dataset';
import { expectNoAxeViolations } from './a11y';
import { expect, test } from './fixtures';
import { loadAll, searchMoreEmployeesThan } from './load-all-helpers';
import { rowIdCell } from './grid-helpers';

const fmt = new Intl.NumberFormat('en-US');
const companies = generateCompanies(42, 25_000);
const big = companies.filter((c) => (c.employee_count ?? 0) > 10_000);
const byRevenue = big.filter((c) => typeof c.revenue === 'number').sort((a, b) => (b.revenue as number) - (a.revenue as number));
const german = big.filter((c) => c.country === 'DE');
const pages = Math.ceil(big.length / 100);

const snapshotPage = (page: Page) => page.getByTestId('snapshot-page');
const snapshotRows = (page: Page) => page.getByTestId('snapshot-rows');
const firstRow = (page: Page) => page.locator('[role="grid"] [role="row"][aria-rowindex="2"]');
/** The whole company id of the first row (the cell shows it shortened). */
const firstId = (page: Page) => rowIdCell(page, 2);

async function searchBig(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Search companies' })).toBeVisible();
  await searchMoreEmployeesThan(page, 10_000, big.length);
}

test.use({ viewport: { width: 1440, height: 900 } });

test('load all, sort by revenue, facet by country, chips, conditions from facets, keyboard paging', async ({ page }) => {
  // Signs in, loads ~2,800 rows and browses them: more than the default minute on a busy machine.
  test.setTimeout(300_000);
  expect(big.length).toBeGreaterThan(1_000);
  expect(german.length).toBeGreaterThan(10);
  await searchBig(page);
  await expect(page.getByText('Sorting applies to the loaded set only')).toBeVisible();

  await loadAll(page, big.length);
  await expect(snapshotPage(page)).toHaveText(`Page 1 of ${pages}`);
  await expect(snapshotRows(page)).toHaveText(`Rows 1–100 of ${fmt.format(big.length)}`);
  // Service order until a sort is chosen.
  await expect(firstId(page)).toHaveAttribute('title', big[0]!.company_id);

  await page.getByLabel('Sort by').selectOption('revenue');
  await page.getByLabel('Direction').selectOption('desc');
  await expect(firstId(page)).toHaveAttribute('title', byRevenue[0]!.company_id);
  await expect(rowIdCell(page, 3)).toHaveAttribute('title', byRevenue[1]!.company_id);
  await page.getByRole('button', { name: 'Last', exact: true }).click();
  await expect(snapshotPage(page)).toHaveText(`Page ${pages} of ${pages}`);
  // Companies without revenue come last, even sorted descending.
  // The page label moves at once while the previous page's rows stay until the last page's arrive:
  // wait for the grid to hold exactly the last page's rows before reading its last one.
  const lastIndex = big.length - (pages - 1) * 100;
  expect(lastIndex).toBeLessThan(100);
  await expect(rowIdCell(page, lastIndex + 2)).toHaveCount(0);
  const lastRowId = await rowIdCell(page, lastIndex + 1).getAttribute('title');
  expect(companies.find((c) => c.company_id === lastRowId)?.revenue ?? null).toBeNull();
  await page.getByRole('button', { name: 'First', exact: true }).click();
  await expect(snapshotPage(page)).toHaveText(`Page 1 of ${pages}`);

  // Facet by country: counts from the sandbox's data; a click narrows and shows a removable chip.
  const facets = page.getByRole('complementary', { name: 'Facets' });
  const de = facets.getByRole('button', { name: `Germany (DE) ${fmt.format(german.length)} companies` });
  await expect(de).toBeVisible();
  await de.click();
  await expect(de).toHaveAttribute('aria-pressed', 'true');
  await expect(snapshotRows(page)).toContainText(`of ${fmt.format(german.length)}`);
  await expect(firstId(page)).toHaveAttribute('title', german.filter((c) => typeof c.revenue === 'number').sort((a, b) => (b.revenue as number) - (a.revenue as number))[0]!.company_id);
  const chips = page.getByRole('list', { name: 'Facet choices' });
  await expect(chips).toContainText('Country: Germany (DE)');
  await expectNoAxeViolations(page, 'the snapshot view with a facet chosen');

  // The facet choices become a service condition in the builder.
  await page.getByRole('button', { name: 'Turn these facet choices into service conditions' }).click();
  await expect(page.getByLabel('Attribute of condition 2')).toHaveValue('country');
  await expect(page.getByLabel('Value of condition 2')).toHaveValue('DE');

  await chips.getByRole('button', { name: 'Remove Country: Germany (DE)' }).click();
  await expect(chips).toHaveCount(0);

  // Industry facets by code and name; the facets fold away to give the grid their width, and stay
  // folded after leaving the screen.
  await expect(facets.getByRole('region', { name: 'Industry division' }).getByRole('button').first()).toHaveText(/^\d{2} [A-Z][a-z]/);
  const gridWidth = () => page.locator('.snapshot__main').evaluate((g) => g.getBoundingClientRect().width);
  const narrow = await gridWidth();
  await page.getByRole('button', { name: 'Hide facets' }).click();
  await expect(facets).toBeHidden();
  expect(await gridWidth()).toBeGreaterThan(narrow + 150);
  await page.keyboard.press('Alt+3');
  await expect(page.getByRole('heading', { level: 1, name: 'Lists' })).toBeVisible();
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('button', { name: 'Show facets' })).toHaveAttribute('aria-expanded', 'false');
  await expect(facets).toBeHidden();
  await page.getByRole('button', { name: 'Show facets' }).click();
  await expect(facets).toBeVisible();
  await expect(snapshotRows(page)).toHaveText(`Rows 1–100 of ${fmt.format(big.length)}`);

  // Keyboard paging: Alt+Right / Alt+Left, and J / K inside the grid; focus stays in the grid.
  await firstRow(page).locator('[role="gridcell"][aria-colindex="2"]').click();
  await page.keyboard.press('Alt+ArrowRight');
  await expect(snapshotPage(page)).toHaveText(`Page 2 of ${pages}`);
  // Still sorted by revenue descending: page 2 starts with the 101st highest revenue.
  const revenueOf = async () => {
    const id = await firstId(page).getAttribute('title');
    return companies.find((c) => c.company_id === id)?.revenue;
  };
  await expect.poll(revenueOf).toBe(byRevenue[100]!.revenue);
  await page.keyboard.press('j');
  await expect(snapshotPage(page)).toHaveText(`Page 3 of ${pages}`);
  await expect.poll(revenueOf).toBe(byRevenue[200]!.revenue);
  expect(await page.evaluate(() => document.activeElement?.closest('[role="grid"]') !== null)).toBe(true);
  await page.keyboard.press('k');
  await expect(snapshotPage(page)).toHaveText(`Page 2 of ${pages}`);
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(snapshotPage(page)).toHaveText(`Page 1 of ${pages}`);
  expect(await page.evaluate(() => document.activeElement?.closest('[role="grid"]') !== null)).toBe(true);

  // Text filter over the loaded rows (FTS): a distinctive word of one company's name.
  const target = byRevenue[0]!;
  await page.getByLabel('Filter loaded rows').fill(target.name);
  await expect(snapshotRows(page)).not.toContainText(`of ${fmt.format(big.length)}`);
  await expect(firstId(page)).toHaveAttribute('title', target.company_id);
});
