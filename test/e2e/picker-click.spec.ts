// A picker opens its list on a click, as a select does (issue 39 #6), in Chromium: the attribute
// picker shows every attribute, and a click on one sets it.
import { expect, test } from './fixtures';

test('a click on a picker opens its whole list; a click on an option picks it', async ({ page }) => {
  await expect(page.getByRole('heading', { level: 1, name: 'Search companies' })).toBeVisible();
  const attribute = page.getByRole('combobox', { name: 'Attribute of condition 1' });
  await attribute.click();
  await expect(attribute).toHaveAttribute('aria-expanded', 'true');
  const list = page.getByRole('listbox', { name: 'Attributes to choose, condition 1' });
  expect(await list.getByRole('option').count()).toBeGreaterThan(5);
  await list.getByRole('option', { name: /^Country/ }).click();
  await expect(attribute).toHaveValue('country');
  await expect(attribute).toHaveAttribute('aria-expanded', 'false');
});
