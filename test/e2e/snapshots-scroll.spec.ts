// The Scroll view of a loaded snapshot in Chromium against the embedded sandbox (seed 42, 25,000
// companies): one continuous list over the whole view, rows fetched in blocks as they come into
// view; the end of the list holds the last rows of the snapshot (service order, then sorted with
// empty values last), and facet choices narrow it.
import type { Page } from '@playwright/test';
import { generateCompanies } from '../../src/sandbox/dataset';
import { expectNoAxeViolations } from './a11y';
import { expect, test } from './fixtures';
import { loadAll, searchMoreEmployeesThan } from './load-all-helpers';

const fmt = new Intl.NumberFormat('en-US');
const companies = generateCompanies(42, 25_000);
const big = companies.filter((c) => (c.employee_count ?? 0) > 10_000);
const hasRevenue = (c: (typeof big)[number]) => typeof c.revenue === 'number';
const byRevenue = big.filter(hasRevenue).sort((a, b) => (b.revenue as number) - (a.revenue as number));
const withoutRevenue = big.filter((c) => !hasRevenue(c));
const german = big.filter((c) => c.country === 'DE');

const scroller = (page: Page) => page.getByTestId('snapshot-scroller');
/** Row `n` (1-based) of the scroll view, once its data has arrived. */
const row = (page: Page, n: number) => scroller(page).locator(`[role="row"][aria-rowindex="${n + 1}"]:not([aria-busy])`);

test.use({ viewport: { width: 1440, height: 900 } });

test('the scroll view shows every row of the snapshot down to the last, sorted and narrowed', async ({ page }) => {
  test.setTimeout(300_000);
  expect(withoutRevenue.length + byRevenue.length).toBe(big.length);
  await expect(page.getByRole('heading', { level: 1, name: 'Search companies' })).toBeVisible();
  await searchMoreEmployeesThan(page, 10_000, big.length);
  await loadAll(page, big.length);

  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Scroll' }).click();
  await expect(scroller(page)).toHaveAttribute('aria-rowcount', String(big.length + 1));
  await expect(row(page, 1)).toHaveAttribute('data-company-id', big[0]!.company_id);
  // The end of the list, by keyboard: the last rows of the snapshot in the service's order.
  await scroller(page).focus();
  await page.keyboard.press('End');
  await expect(row(page, big.length)).toHaveAttribute('data-company-id', big[big.length - 1]!.company_id);
  await expect(row(page, big.length - 1)).toHaveAttribute('data-company-id', big[big.length - 2]!.company_id);
  await expectNoAxeViolations(page, 'the scroll view at its end');

  // Sorted by revenue, descending: the view starts again at the top; empty revenues come last.
  await page.getByLabel('Sort by').selectOption('revenue');
  await page.getByLabel('Direction').selectOption('desc');
  await expect(row(page, 1)).toHaveAttribute('data-company-id', byRevenue[0]!.company_id);
  await expect(row(page, 2)).toHaveAttribute('data-company-id', byRevenue[1]!.company_id);
  await scroller(page).evaluate((el) => (el.scrollTop = el.scrollHeight));
  const last = withoutRevenue.length ? withoutRevenue[withoutRevenue.length - 1] : byRevenue[byRevenue.length - 1];
  await expect(row(page, big.length)).toHaveAttribute('data-company-id', last!.company_id);

  // A facet choice narrows the list to its rows.
  const facets = page.getByRole('complementary', { name: 'Facets' });
  await facets.getByRole('button', { name: `Germany (DE) ${fmt.format(german.length)} companies` }).click();
  await expect(scroller(page)).toHaveAttribute('aria-rowcount', String(german.length + 1));
  await expect(row(page, 1)).toHaveAttribute('data-company-id', german.filter(hasRevenue).sort((a, b) => (b.revenue as number) - (a.revenue as number))[0]!.company_id);

  // Back to the paged view.
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Pages' }).click();
  await expect(page.getByTestId('snapshot-page')).toBeVisible();
  await expect(scroller(page)).toHaveCount(0);
});
