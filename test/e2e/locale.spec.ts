// One locale on every screen (issue 39 #5), with the host (main) in de_DE and UTC and the page in
// en-US and Europe/Berlin, as when the core runs on another machine than the browser:
// - by default every number and country name is in this computer's locale (the host's, the one the
//   CSV presets use), not in the browser's: the grid's count and its country names ("Deutschland",
//   the filter's language) agree;
// - Settings → Numbers and dates switches every screen to en-US after the reload it asks for;
// - a watch set "daily at 08:00" runs at 08:00 in the page's zone: its next check reads 8:00 AM.
// Before, the page wrote numbers in the browser's locale, countries as the service sent them, and a
// schedule time in the host's zone (9:00 AM here).
import type { Page } from '@playwright/test';
import { loadDataset } from '../../src/sandbox/dataset';
import { expectNoAxeViolations } from './a11y';
import { expect, FIRST_SEARCH_MS } from './fixtures';
import { hostIn } from './locale-host';

const test = hostIn({ LANG: 'de_DE.UTF-8', LC_ALL: 'de_DE.UTF-8', TZ: 'UTC' });
test.use({ locale: 'en-US', timezoneId: 'Europe/Berlin' });

const germany = loadDataset(42, 25_000).companies.filter((c) => c.country === 'DE').length;
const SEARCH_NAME = 'German companies';

async function searchGermany(page: Page): Promise<void> {
  await page.getByLabel('Attribute of condition 1').fill('country');
  await page.getByLabel('Relation of condition 1').fill('equals');
  await page.getByLabel('Value of condition 1').fill('DE');
  await page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search', exact: true }).click();
}

const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name, exact: true }).click();

test('numbers and country names follow one locale, chosen in Settings; schedule times are the page’s', async ({ page }) => {
  test.setTimeout(180_000);
  expect(germany).toBeGreaterThan(999); // so the count shows its grouping
  await searchGermany(page);
  const range = page.getByTestId('rows-range');
  await expect(range).toHaveText(`Rows 1–10 of ${new Intl.NumberFormat('de-DE').format(germany)}`, { timeout: FIRST_SEARCH_MS });
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('gridcell', { name: 'Deutschland' }).first()).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: 'Germany', exact: true })).toHaveCount(0);

  await nav(page, 'Settings');
  const locale = page.getByLabel('Language and region');
  await expect(locale).toHaveValue('system');
  await expect(locale.locator('option:checked')).toHaveText('This computer (Deutsch (Deutschland), de-DE)');
  await expectNoAxeViolations(page, 'Settings with Numbers and dates');
  await locale.selectOption('en-US');
  // The page reloads to take the locale up everywhere (it opens on Search); the choice is kept.
  await expect(page.getByRole('heading', { level: 1, name: 'Search companies' })).toBeVisible();
  await nav(page, 'Settings');
  await expect(page.getByLabel('Language and region')).toHaveValue('en-US');

  await nav(page, 'Search');
  await searchGermany(page);
  await expect(range).toHaveText(`Rows 1–10 of ${new Intl.NumberFormat('en-US').format(germany)}`, { timeout: FIRST_SEARCH_MS });
  await expect(grid.getByRole('gridcell', { name: 'Germany', exact: true }).first()).toBeVisible();

  // A watch set daily at 08:00 from a page in Berlin, its core in UTC.
  await page.getByLabel('Name for this search').fill(SEARCH_NAME);
  await page.getByRole('button', { name: 'Save search' }).click();
  await page.getByRole('button', { name: `Watch saved search ${SEARCH_NAME}…` }).click();
  const dialog = page.getByRole('dialog', { name: `Watch saved search ‘${SEARCH_NAME}’` });
  await dialog.getByLabel('When to check').selectOption({ label: 'Daily at a time' });
  await dialog.getByLabel('Time (HH:MM, 24-hour clock, Europe/Berlin time)').fill('08:00');
  await dialog.getByRole('button', { name: 'Create watch' }).click();
  await expect(page.getByText(`Watching ‘${SEARCH_NAME}’: daily at 08:00.`)).toBeVisible();
  await nav(page, 'What changed');
  await expect(page.getByText(/^Next check [A-Z][a-z]{2} \d{1,2}, \d{4}, 8:00\sAM$/)).toBeVisible();
});
