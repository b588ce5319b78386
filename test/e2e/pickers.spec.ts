// Conditions that do not need guessing, in Chromium against the sandbox (seed 42, 25,000 companies):
// a country picked by name, in-list chips by paste, and a service 400 shown on the condition it names.
import type { Locator, Page } from '@playwright/test';
import { generateCompanies } from '../../src/sandbox/dataset';
import { expectNoAxeViolations } from './a11y';
import { expect, FIRST_SEARCH_MS, test } from './fixtures';

const companies = generateCompanies(42, 25_000);
// Three axe scans and a first search (which signs in) each: room for a machine shared by many runs.
test.describe.configure({ timeout: 180_000 });
const searchButton = (page: Page) => page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search', exact: true });
const bodyEditor = (page: Page) => page.getByLabel('Request body (JSON)');
const range = (page: Page) => page.getByTestId('rows-range');
/** "of 1234" as the pager writes a total, with or without digit grouping. */
const ofTotal = (n: number) => new RegExp(`of (${n}|${n.toLocaleString('en-US')})\\b`);

/** The text of every shown row's country cell (the column is found by its header). */
async function shownCountries(page: Page): Promise<string[]> {
  const grid = page.getByRole('grid', { name: 'Search results' });
  const header = grid.getByRole('columnheader', { name: /^country$/i });
  const col = await header.getAttribute('aria-colindex');
  return grid.locator(`[role="row"] [role="gridcell"][aria-colindex="${col}"]`).allTextContents();
}
const codeIn = (text: string, codes: string[]) => codes.some((c) => new RegExp(`(^|\\W)${c}(\\W|$)`).test(text.trim()));

async function paste(target: Locator, text: string) {
  await target.evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test('country picked by name: "Germ" offers Germany, DE is sent, every row is DE', async ({ page }) => {
  const de = companies.filter((c) => c.country === 'DE');
  await page.getByLabel('Attribute of condition 1').fill('country');
  const value = page.getByRole('combobox', { name: 'Value of condition 1' });
  await value.pressSequentially('Germ');
  const list = page.getByRole('listbox', { name: 'Suggested values, condition 1' });
  await expect(list.getByRole('option').first()).toContainText('Germany');
  await expect(value).toHaveAttribute('aria-expanded', 'true');
  await expectNoAxeViolations(page, 'the country picker with its suggestions open');
  await value.press('ArrowDown');
  await expect(value).toHaveAttribute('aria-activedescendant', /.+/);
  await value.press('Enter');
  await expect(value).toHaveValue('DE');
  await expect(page.getByRole('listitem', { name: 'Condition 1' })).toContainText('Germany');
  expect(JSON.parse(await bodyEditor(page).inputValue())).toEqual({ filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } });

  await searchButton(page).click();
  // The total is the sandbox's own count of DE companies; every row on the page is DE.
  await expect(range(page)).toContainText(ofTotal(de.length), { timeout: FIRST_SEARCH_MS });
  const countries = await shownCountries(page);
  expect(countries).toHaveLength(10);
  expect(countries.filter((t) => !codeIn(t, ['DE']))).toEqual([]);
});

test('in-list chips by paste: "AT, CH" is two chips, results are only AT or CH', async ({ page }) => {
  const wanted = companies.filter((c) => c.country === 'AT' || c.country === 'CH');
  expect(wanted.length).toBeGreaterThan(50);
  await page.getByLabel('Attribute of condition 1').fill('country');
  // The relation menu takes a label as typed.
  const relation = page.getByRole('combobox', { name: 'Relation of condition 1' });
  await relation.fill('is one of');
  await relation.press('Tab');
  await expect(relation).toHaveValue('is one of');
  const add = page.getByRole('combobox', { name: 'Add a value to condition 1' });
  await paste(add, 'AT, CH');
  const chips = page.getByRole('list', { name: 'Values of condition 1' }).getByRole('listitem');
  await expect(chips).toHaveCount(2);
  await expect(chips.nth(0)).toContainText('Austria (AT)');
  await expect(chips.nth(1)).toContainText('Switzerland (CH)');
  expect(JSON.parse(await bodyEditor(page).inputValue())).toEqual({ filters: { and: [{ attribute: 'country', relation: 'in', value: ['AT', 'CH'] }] } });

  // Backspace in the empty box removes the last chip; typing and a comma adds it back.
  await add.press('Backspace');
  await expect(chips).toHaveCount(1);
  await add.pressSequentially('CH,');
  await expect(chips).toHaveCount(2);
  await expectNoAxeViolations(page, 'the chips editor');

  await searchButton(page).click();
  await expect(range(page)).toContainText(ofTotal(wanted.length), { timeout: FIRST_SEARCH_MS });
  const countries = await shownCountries(page);
  expect(countries).toHaveLength(10);
  expect(countries.filter((t) => !codeIn(t, ['AT', 'CH']))).toEqual([]);

  // A chip's own remove button, by keyboard.
  await page.getByRole('button', { name: 'Remove AT from condition 1' }).focus();
  await page.keyboard.press('Enter');
  await expect(chips).toHaveCount(1);
  await expect(chips.first()).toContainText('CH');
});

test('a 400 naming a condition field is shown on that condition; problems found here block Search first', async ({ page }) => {
  await page.getByLabel('Attribute of condition 1').fill('country');
  await page.getByRole('combobox', { name: 'Value of condition 1' }).fill('NO');
  await page.getByRole('button', { name: 'Add condition' }).click();

  // An empty value is flagged on its row and Search is off with the reason, before any request.
  await page.getByLabel('Attribute of condition 2').fill('employee_count');
  const value2 = page.getByRole('spinbutton', { name: 'Value of condition 2 (number)' });
  await expect(value2).toHaveAttribute('aria-invalid', 'true');
  await expect(searchButton(page)).toBeDisabled();
  await expect(page.getByTestId('search-blocked-reason')).toHaveText('Search is off until the filters are complete. Fix condition 2: Value is required.');

  // An attribute the catalogue does not know is flagged too.
  await page.getByLabel('Attribute of condition 2').fill('colour');
  await expect(page.getByLabel('Attribute of condition 2')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('listitem', { name: 'Condition 2' })).toContainText('Unknown attribute "colour"');
  await expect(searchButton(page)).toBeDisabled();

  // 2.5 employees passes here (the catalogue's whole-number rule is a hint) but the sandbox answers
  // 400 with field filters.and[1].value: the message lands on condition 2's value.
  await page.getByLabel('Attribute of condition 2').fill('employee_count');
  await value2.fill('2.5');
  await expect(searchButton(page)).toBeEnabled();
  await searchButton(page).click();
  await expect(page.getByRole('form', { name: 'Search filters' }).getByRole('alert')).toContainText('The service rejected this search', { timeout: FIRST_SEARCH_MS });
  const row2 = page.getByRole('listitem', { name: 'Condition 2' });
  await expect(row2.getByTestId('service-error-2')).toHaveText('The service rejected this condition (value): value for "employee_count" must be a whole number');
  await expect(value2).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('listitem', { name: 'Condition 1' }).getByText(/service rejected/)).toHaveCount(0);
  await expectNoAxeViolations(page, 'a condition with the service\'s 400');

  // Fixing the value clears the row's service message (it belongs to the body that was sent).
  await value2.fill('3');
  await expect(row2.getByTestId('service-error-2')).toHaveCount(0);
});
