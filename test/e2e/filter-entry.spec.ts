// Filter entry without traps (issue 27), in Chromium against the sandbox (seed 42, 25,000 companies):
// the attribute typed by its label, Enter taking the highlighted suggestion, and a whole NACE section.
import type { Page } from '@playwright/test';
import { generateCompanies } from '../../src/sandbox/dataset';
import { NACE_CLASSES } from '../../src/shared/service/classifications';
import { expectNoAxeViolations } from './a11y';
import { expect, FIRST_SEARCH_MS, test } from './fixtures';
import { shownIds } from './grid-helpers';

const companies = generateCompanies(42, 25_000);
// Two axe scans and a first search (which signs in) each: room for a machine shared by many runs.
test.describe.configure({ timeout: 180_000 });
const searchButton = (page: Page) => page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search', exact: true });
const bodyEditor = (page: Page) => page.getByLabel('Request body (JSON)');
const sentBody = async (page: Page) => JSON.parse(await bodyEditor(page).inputValue()) as unknown;
const range = (page: Page) => page.getByTestId('rows-range');
const ofTotal = (n: number) => new RegExp(`of (${n}|${n.toLocaleString('en-US')})\\b`);
const combo = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });
/** The text of the option the combobox names as highlighted (aria-activedescendant). */
async function highlighted(page: Page, name: string): Promise<string> {
  const id = await combo(page, name).getAttribute('aria-activedescendant');
  expect(id, `${name} highlights an option`).toBeTruthy();
  return page.locator(`[id="${id}"]`).innerText();
}

/** The text of every shown row's cell in the column whose header reads `header`. */
async function shownColumn(page: Page, header: RegExp): Promise<string[]> {
  const grid = page.getByRole('grid', { name: 'Search results' });
  const col = await grid.getByRole('columnheader', { name: header }).getAttribute('aria-colindex');
  return grid.locator(`[role="row"] [role="gridcell"][aria-colindex="${col}"]`).allTextContents();
}

test('attribute typed as its label "Country"; "Germ" + Enter picks Germany: DE is sent and every row is DE', async ({ page }) => {
  const de = companies.filter((c) => c.country === 'DE');
  const attribute = combo(page, 'Attribute of condition 1');
  await attribute.pressSequentially('Country');
  await expect(attribute).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('listitem', { name: 'Condition 1' })).not.toContainText('Unknown attribute');
  await attribute.press('Enter');
  await expect(attribute).toHaveValue('country');

  // Enter takes the suggestion highlighted while typing: no arrow key.
  const value = combo(page, 'Value of condition 1');
  await value.pressSequentially('Germ');
  await expect(value).toHaveAttribute('aria-expanded', 'true');
  await expect(value).toHaveAttribute('aria-autocomplete', 'list');
  expect(await highlighted(page, 'Value of condition 1')).toContain('Germany');
  await expectNoAxeViolations(page, 'the country picker with Germany highlighted');
  await value.press('Enter');
  await expect(value).toHaveValue('DE');
  await expect(page.getByRole('listitem', { name: 'Condition 1' })).toContainText('Germany');
  expect(await sentBody(page)).toEqual({ filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } });

  await searchButton(page).click();
  await expect(range(page)).toContainText(ofTotal(de.length), { timeout: FIRST_SEARCH_MS });
  const countries = await shownColumn(page, /^country$/i);
  expect(countries).toHaveLength(10);
  expect(countries.filter((t) => !/(^|\W)DE(\W|$)/.test(t.trim()))).toEqual([]);
  expect(new Set(await shownIds(page))).toEqual(new Set(de.slice(0, 10).map((c) => c.company_id)));
});

test('a NACE section: C Manufacturing picked for "equals" becomes "is one of" its classes; results are the sandbox companies of divisions 10–33', async ({ page }) => {
  const inC = (code: string) => code.slice(0, 2) >= '10' && code.slice(0, 2) <= '33';
  const classesOfC = NACE_CLASSES.map(([code]) => code).filter(inC).sort();
  const manufacturers = companies.filter((c) => inC(c.industry_code));
  expect(classesOfC.length).toBeGreaterThan(1);
  expect(manufacturers.length).toBeGreaterThan(10);

  await combo(page, 'Attribute of condition 1').pressSequentially('Industry code');
  const value = combo(page, 'Value of condition 1');
  await value.pressSequentially('Manuf');
  expect(await highlighted(page, 'Value of condition 1')).toMatch(/^C Manufacturing/);
  await value.press('Enter');

  // No single code names a section: the condition became a list of its classes, and says so.
  await expect(combo(page, 'Relation of condition 1')).toHaveValue('is one of');
  const row = page.getByRole('listitem', { name: 'Condition 1' });
  await expect(row.getByRole('status')).toHaveText(`Section C has no single code that "equals" can match: this condition now sends "is one of" with its ${classesOfC.length} classes.`);
  expect(await sentBody(page)).toEqual({ filters: { and: [{ attribute: 'industry_code', relation: 'in', value: classesOfC }] } });

  // One chip for the section; its codes open on demand.
  const chips = page.getByRole('list', { name: 'Values of condition 1' });
  await expect(chips.getByRole('listitem')).toHaveCount(1);
  await expect(chips.getByRole('listitem')).toContainText('C Manufacturing');
  const toggle = page.getByRole('button', { name: `${classesOfC.length} codes of section C, condition 1` });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('list', { name: 'Codes of section C, condition 1' }).getByRole('listitem')).toHaveCount(classesOfC.length);
  await expectNoAxeViolations(page, 'a NACE section chip with its codes open');

  await searchButton(page).click();
  await expect(range(page)).toContainText(ofTotal(manufacturers.length), { timeout: FIRST_SEARCH_MS });
  // The sandbox's own count of section C companies, and the first of them, in its order (the industry
  // column is off screen in the grid's first columns; the ids name the companies).
  expect(new Set(await shownIds(page))).toEqual(new Set(manufacturers.slice(0, 10).map((c) => c.company_id)));
});
