// The Export dialog with the keyboard (issue 39 #6), in Chromium: opened, it holds the focus (its
// checked format); Tab from its last control comes back to its first, Shift+Tab the other way; Escape
// closes it and the focus is on "Export…" again, so the analyst goes on where they were.
import { expect, FIRST_SEARCH_MS, test } from './fixtures';

test('the Export dialog takes the focus, keeps Tab inside, closes on Escape and gives the focus back', async ({ page }) => {
  await expect(page.getByRole('heading', { level: 1, name: 'Search companies' })).toBeVisible();
  await page.getByLabel('Attribute of condition 1').fill('country');
  await page.getByLabel('Relation of condition 1').fill('equals');
  await page.getByLabel('Value of condition 1').fill('ZA');
  await page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('rows-range')).toContainText('Rows 1–10 of', { timeout: FIRST_SEARCH_MS });

  const opener = page.getByRole('button', { name: 'Export…' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Export results' });
  // Its first choice as a form's Tab would land on it: the format that is checked (Excel first, issue 39 #1).
  await expect(dialog.getByRole('radio', { name: 'Excel (XLSX)' })).toBeFocused();
  // Round the dialog once with Tab: the focus never leaves it and comes back to where it started.
  const inside: boolean[] = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    inside.push(await dialog.evaluate((d) => d.contains(document.activeElement)));
  }
  expect(inside.every(Boolean)).toBe(true);
  await page.keyboard.press('Shift+Tab');
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});
