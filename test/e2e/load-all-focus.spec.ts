// Load all with the keyboard (issue 39 #6), in Chromium: the button pressed goes away while the rows
// load, and so does "Cancel loading" when they are in; the focus used to fall to the top of the page.
// It now ends on the new snapshot's banner, which says what was loaded, and Tab goes on from there.
import { expect, test } from './fixtures';
import { searchMoreEmployeesThan } from './load-all-helpers';
import { generateCompanies } from '../../src/sandbox/dataset';

const rows = generateCompanies(42, 25_000).filter((c) => (c.employee_count ?? 0) > 20_000).length;
const fmt = new Intl.NumberFormat('en-US');

test('after Load all pressed from the keyboard, the focus is on the loaded snapshot, not the page top', async ({ page }) => {
  await expect(page.getByRole('heading', { level: 1, name: 'Search companies' })).toBeVisible();
  await searchMoreEmployeesThan(page, 20_000, rows);
  const load = page.getByRole('button', { name: `Load all ${fmt.format(rows)} results` });
  await load.focus();
  await page.keyboard.press('Enter');
  const banner = page.locator('.snapshot__banner');
  await expect(banner).toContainText(`${fmt.format(rows)} rows`, { timeout: 60_000 });
  await expect(banner).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner.getByRole('button', { name: 'Refresh' })).toBeFocused();
});
