// Focus in the filter builder, by keyboard (issue 26, item 12): after "Remove condition" focus goes
// to the next condition's first field (the previous one's after the last), never to <body>; the
// attribute field and the relation and value pickers select their text on focus, so typing
// replaces it (no Ctrl+A first).
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
import { expect, test } from './fixtures';

const attribute = (page: Page, n: number) => page.getByRole('combobox', { name: `Attribute of condition ${n}`, exact: true });
const relation = (page: Page, n: number) => page.getByRole('combobox', { name: `Relation of condition ${n}`, exact: true });
const value = (page: Page, n: number) => page.getByRole('combobox', { name: `Value of condition ${n}`, exact: true });

test('Remove condition keeps focus in the builder; the pickers select their text on focus', async ({ page }) => {
  test.setTimeout(120_000);
  await expect(page.getByRole('heading', { level: 1, name: 'Search companies' })).toBeVisible();
  const conditions: Array<[string, string]> = [
    ['country', 'FR'],
    ['city', 'Paris'],
    ['legal_form', 'SA'],
  ];
  for (const [i, [attr, v]] of conditions.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Add condition' }).click();
    await attribute(page, i + 1).fill(attr);
    await value(page, i + 1).fill(v);
  }
  await expect(page.getByRole('listitem', { name: /^Condition \d$/ })).toHaveCount(3);

  // Remove the first by keyboard: the next condition (now the first) takes focus.
  await page.getByRole('button', { name: 'Remove condition 1' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listitem', { name: /^Condition \d$/ })).toHaveCount(2);
  await expect(attribute(page, 1)).toBeFocused();
  await expect(attribute(page, 1)).toHaveValue('city');
  // Its text is selected: typing replaces it.
  await page.keyboard.type('name');
  await expect(attribute(page, 1)).toHaveValue('name');

  // Tab to the relation: typing replaces "equals" (no Ctrl+A).
  await page.keyboard.press('Tab');
  await expect(relation(page, 1)).toBeFocused();
  await page.keyboard.type('starts with');
  await expect(relation(page, 1)).toHaveValue('starts with');
  // Tab to the value: typing replaces "Paris".
  await page.keyboard.press('Tab');
  await expect(value(page, 1)).toBeFocused();
  await page.keyboard.type('Par');
  await expect(value(page, 1)).toHaveValue('Par');
  await page.keyboard.press('Escape');
  expect(JSON.parse(await page.getByLabel('Request body (JSON)').inputValue()).filters.and[0]).toEqual({ attribute: 'name', relation: 'starts_with', value: 'Par' });


  // A click into an unfocused picker selects its text as well: typing replaces it.
  await page.getByLabel('Request body (JSON)').focus();
  await relation(page, 1).click();
  await expect(relation(page, 1)).toBeFocused();
  await page.keyboard.type('contains');
  await expect(relation(page, 1)).toHaveValue('contains');
  await page.keyboard.press('Escape');

  // Remove the last: the previous condition takes focus, never <body>.
  await page.getByRole('button', { name: 'Remove condition 2' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listitem', { name: /^Condition \d$/ })).toHaveCount(1);
  await expect(attribute(page, 1)).toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
  await expectNoAxeViolations(page, 'the filter builder after removing conditions');
});
