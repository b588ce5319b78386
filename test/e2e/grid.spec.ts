// A grid an analyst can read, in Chromium at 1440x900 against the embedded sandbox (seed 42): labelled
// headers, name first, revenue formatted, the filter panel folding (kept across navigation and a
// reload), the detail panel over the grid, "Page X of Y" and keyboard paging of the service's pages
// (Alt+Right / Alt+Left, J / K in the grid) with the focus kept in the grid, checked against the data.
import type { Page } from '@playwright/test';
import { generateCompanies } from '../../src/sandbox/dataset';
import { expectNoAxeViolations } from './a11y';
import { expect, FIRST_SEARCH_MS, test } from './fixtures';
import { shownIds } from './grid-helpers';
import { expectAllSaved } from './settled';

const companies = generateCompanies(42, 25_000);
const german = companies.filter((c) => c.country === 'DE');
const PAGE = 10;
const pages = Math.ceil(german.length / PAGE);
const fmt = new Intl.NumberFormat('en-US');
const pageIds = (p: number) => new Set(german.slice((p - 1) * PAGE, p * PAGE).map((c) => c.company_id));

const pager = (page: Page) => page.getByRole('navigation', { name: 'Result pages' });
const pageNumber = (page: Page) => page.getByTestId('page-number');
const grid = (page: Page) => page.getByRole('grid', { name: 'Search results' });
const focusInGrid = (page: Page) => page.evaluate(() => document.activeElement?.closest('[role="grid"]') !== null);

test.use({ viewport: { width: 1440, height: 900 } });

async function searchGermany(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Search companies' })).toBeVisible();
  await page.getByLabel('Request body (JSON)').fill(JSON.stringify({ filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } }));
  await page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('rows-range')).toHaveText(`Rows 1–10 of ${fmt.format(german.length)}`, { timeout: FIRST_SEARCH_MS });
}

test('labelled headers, formatted revenue, folding filters, detail over the grid, keyboard paging keeps the focus', async ({ page }) => {
  // Signs in, pages, reloads and runs an axe scan: several minutes on a machine shared by the team.
  test.setTimeout(240_000);
  expect(pages).toBeGreaterThan(5);
  await searchGermany(page);

  // "Page 1 of N" from the service's count; no Last (the service's tokens cannot jump), First disabled.
  await expect(pageNumber(page)).toHaveText(`Page 1 of ${fmt.format(pages)}`);
  await expect(pager(page).getByRole('button', { name: 'Last' })).toHaveCount(0);
  await expect(pager(page).getByRole('button', { name: 'First' })).toBeDisabled();
  await expect(pager(page).getByRole('button', { name: 'Next' })).toHaveAttribute('title', /Alt\+Right.*J/);
  await expect(pager(page).getByRole('button', { name: 'Previous' })).toHaveAttribute('title', /Alt\+Left.*K/);

  // The filter panel takes at most a third of the width while results are shown.
  const layout = (await page.locator('.search-layout').boundingBox())!;
  const filters = (await page.locator('#search-filters').boundingBox())!;
  expect(filters.width).toBeLessThanOrEqual(layout.width / 3 + 1);

  // Headers: catalogue labels, the field name in the title; Name first, the id shortened with copy.
  const firstHeader = page.locator('[role="columnheader"][aria-colindex="2"]');
  await expect(firstHeader).toHaveText('Name');
  await expect(firstHeader).toHaveAttribute('title', /^name/);
  await expect(page.locator('[role="columnheader"][aria-colindex="3"]')).toHaveText('Company ID');
  const ids = await shownIds(page);
  expect(new Set(ids)).toEqual(pageIds(1));
  const row1 = german.find((c) => c.company_id === ids[0])!;
  const firstRowCells = page.locator('[role="grid"] [role="row"][aria-rowindex="2"] [role="gridcell"]');
  await expect(firstRowCells.nth(1)).toHaveText(row1.name.replace(/\s+/g, ' ').trim());
  await expect(firstRowCells.nth(2)).toContainText(`${row1.company_id.slice(0, 8)}…`);
  await expect(firstRowCells.nth(2)).not.toContainText(row1.company_id);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
  await page.getByRole('button', { name: 'Copy company ID of row 1', exact: true }).click();
  await expect(page.getByText(`Copied company ID ${row1.company_id}.`)).toBeVisible();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(row1.company_id);

  // Revenue: scroll the (column-virtualised) grid until its header is mounted, then read a cell.
  const revenueHeader = page.getByRole('columnheader', { name: 'Revenue (USD)' });
  for (let step = 0; step < 40 && (await revenueHeader.count()) === 0; step++) {
    await page.locator('.grid__scroll').evaluate((el) => el.scrollBy({ left: 200 }));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  }
  await expect(revenueHeader).toHaveAttribute('title', /^revenue/);
  await expect(page.getByRole('columnheader', { name: 'Employees' })).toHaveCount(1);
  const revenueCol = await revenueHeader.getAttribute('aria-colindex');
  const withRevenue = ids.map((id) => german.find((c) => c.company_id === id)!).findIndex((c) => typeof c.revenue === 'number');
  expect(withRevenue).toBeGreaterThanOrEqual(0);
  const company = german.find((c) => c.company_id === ids[withRevenue])!;
  const revenueCell = page.locator(`[role="grid"] [role="row"][aria-rowindex="${withRevenue + 2}"] [role="gridcell"][aria-colindex="${revenueCol}"]`);
  // Formatted by the browser's own Intl in the analyst's locale (Node's ICU may differ in detail).
  const money = (opts: Intl.NumberFormatOptions) =>
    page.evaluate(([n, o]) => new Intl.NumberFormat(navigator.language, { style: 'currency', currency: 'USD', ...o }).format(n), [company.revenue!, opts] as const);
  await expect(revenueCell).toHaveText(await money({ notation: 'compact', maximumFractionDigits: 1 }));
  await expect(revenueCell).toHaveAttribute('title', await money({ maximumFractionDigits: 0 }));
  if ((await page.evaluate(() => navigator.language)) === 'en-US') {
    await expect(revenueCell).toHaveText(/^\$\d{1,3}(\.\d)?[KMB]$/);
    await expect(revenueCell).toHaveAttribute('title', `$${fmt.format(company.revenue!)}`);
  }
  expect(await revenueCell.textContent()).not.toBe(String(company.revenue));
  await page.locator('.grid__scroll').evaluate((el) => el.scrollTo({ left: 0 }));

  // Keyboard paging on the service's pages: J in the grid, Alt+Right; the focus stays in the grid.
  await page.locator('[role="grid"] [role="row"][aria-rowindex="4"] [role="gridcell"][aria-colindex="2"]').click();
  await page.keyboard.press('j');
  await expect(pageNumber(page)).toHaveText(`Page 2 of ${fmt.format(pages)}`);
  await expect.poll(async () => new Set(await shownIds(page))).toEqual(pageIds(2));
  await expect.poll(() => focusInGrid(page)).toBe(true);
  await expect(page.locator(':focus')).toHaveAttribute('data-cell', '0:1');
  await page.keyboard.press('Alt+ArrowRight');
  await expect(pageNumber(page)).toHaveText(`Page 3 of ${fmt.format(pages)}`);
  await expect.poll(async () => new Set(await shownIds(page))).toEqual(pageIds(3));
  await expect.poll(() => focusInGrid(page)).toBe(true);
  await page.keyboard.press('k');
  await expect(pageNumber(page)).toHaveText(`Page 2 of ${fmt.format(pages)}`);
  await page.keyboard.press('Alt+ArrowRight');
  await expect(pageNumber(page)).toHaveText(`Page 3 of ${fmt.format(pages)}`);
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(pageNumber(page)).toHaveText(`Page 2 of ${fmt.format(pages)}`);
  await expect.poll(async () => new Set(await shownIds(page))).toEqual(pageIds(2));
  await expect.poll(() => focusInGrid(page)).toBe(true);
  // J typed in a field is text, not paging.
  await page.getByLabel('Page size').press('j');
  await expect(pageNumber(page)).toHaveText(`Page 2 of ${fmt.format(pages)}`);
  await pager(page).getByRole('button', { name: 'First' }).click();
  await expect(pageNumber(page)).toHaveText(`Page 1 of ${fmt.format(pages)}`);
  await expect.poll(async () => new Set(await shownIds(page))).toEqual(pageIds(1));

  // Fold the filters: the grid gets the width; the fold survives leaving the screen and a reload.
  const gridBefore = (await grid(page).boundingBox())!.width;
  await page.getByRole('button', { name: 'Hide filters' }).click();
  await expect(page.getByRole('form', { name: 'Search filters' })).toBeHidden();
  await expect.poll(async () => (await grid(page).boundingBox())!.width).toBeGreaterThan(gridBefore + 200);
  await page.keyboard.press('Alt+4');
  await expect(page.getByRole('heading', { level: 1, name: 'ESG' })).toBeVisible();
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('button', { name: 'Show filters (1 condition)' })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('form', { name: 'Search filters' })).toBeHidden();
  await expectAllSaved(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Search companies' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show filters (1 condition)' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Search filters' })).toBeHidden();
  await expect(pageNumber(page)).toHaveText(`Page 1 of ${fmt.format(pages)}`, { timeout: FIRST_SEARCH_MS });

  // The detail panel lies over the grid: the grid keeps its width and several columns stay readable.
  const wide = (await grid(page).boundingBox())!;
  await page.locator('[role="grid"] [role="row"][aria-rowindex="2"] [role="gridcell"][aria-colindex="2"]').dblclick();
  const detail = page.getByRole('complementary');
  await expect(detail).toBeVisible();
  await expect.poll(async () => (await grid(page).boundingBox())!.width).toBeCloseTo(wide.width, 0);
  const detailLeft = (await detail.boundingBox())!.x;
  const headers = await page.locator('[role="columnheader"]').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right));
  expect(headers.filter((right) => right <= detailLeft).length).toBeGreaterThanOrEqual(5);
  await expectNoAxeViolations(page, 'the grid with folded filters and the detail panel open');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Show filters (1 condition)' }).click();
  await expect(page.getByRole('form', { name: 'Search filters' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hide filters' })).toHaveAttribute('aria-expanded', 'true');
});
