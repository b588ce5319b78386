// Issue 39 #3: several industry divisions picked in the facets and turned into service conditions
// count the same companies live as the facet view shows (they once became `industry_code in` the
// division numbers, and the live count said no companies match). Browser mode against the embedded
// sandbox (seed 42, 25,000 companies); the expected count comes from the sandbox's own data.
import type { Page } from '@playwright/test';
import { generateCompanies } from '../../src/sandbox/dataset';
import { expect, FIRST_SEARCH_MS, test } from './fixtures';
import { loadAll, searchMoreEmployeesThan } from './load-all-helpers';

const fmt = new Intl.NumberFormat('en-US');
const big = generateCompanies(42, 25_000).filter((c) => (c.employee_count ?? 0) > 10_000);
const divisionOf = (code: string) => code.slice(0, 2);

const snapshotRows = (page: Page) => page.getByTestId('snapshot-rows');
const liveCount = (page: Page) => page.getByTestId('live-count');
const inPageLocale = (page: Page, n: number) => page.evaluate((x) => new Intl.NumberFormat().format(x), n);

test.use({ viewport: { width: 1440, height: 900 } });

test('three industry divisions turned into service conditions: the live count is the facet view count', async ({ page }) => {
  test.setTimeout(180_000); // signs in, loads ~2,800 rows, then one live count
  await expect(page.getByRole('heading', { level: 1, name: 'Search companies' })).toBeVisible();
  await searchMoreEmployeesThan(page, 10_000, big.length);
  await loadAll(page, big.length);

  // Pick the first three divisions the facet lists.
  const divisions = page.getByRole('complementary', { name: 'Facets' }).getByRole('region', { name: 'Industry division' });
  const buttons = divisions.getByRole('button');
  await expect(buttons.nth(2)).toBeVisible();
  const chosen: string[] = [];
  for (let i = 0; i < 3; i++) {
    const code = /^(\d{2}) /.exec((await buttons.nth(i).textContent()) ?? '')?.[1];
    expect(code).toBeDefined();
    chosen.push(code!);
    await buttons.nth(i).click();
    await expect(buttons.nth(i)).toHaveAttribute('aria-pressed', 'true');
  }
  const inView = big.filter((c) => chosen.includes(divisionOf(c.industry_code))).length;
  expect(inView).toBeGreaterThan(0);
  expect(inView).toBeLessThan(big.length);
  await expect(snapshotRows(page)).toContainText(`of ${fmt.format(inView)}`);

  // Into the builder: the search's condition, then one industry condition that the service answers.
  await page.getByRole('button', { name: 'Turn these facet choices into service conditions' }).click();
  await expect(page.getByLabel('Attribute of condition 2')).toHaveValue('industry_code');
  await expect(page.getByLabel('Attribute of condition 3')).toHaveCount(0);
  await expect(liveCount(page)).toHaveText(`about ${await inPageLocale(page, inView)} companies match`, { timeout: FIRST_SEARCH_MS });
});
