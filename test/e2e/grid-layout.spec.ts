// The grid an analyst reads all day (issue 27): the first column (Name) stays in view when scrolling
// sideways, numbers line up on the right, columns resize from the keyboard (Ctrl+Shift+arrows) and the
// width is kept, rows can be compact, and the column chooser finds a column by typing. Widths and
// density survive a reload. Browser mode against the sandbox (seed 42).
import type { Page } from '@playwright/test';
import { generateCompanies } from '../../src/sandbox/dataset';
import { expectNoAxeViolations } from './a11y';
import { expect, FIRST_SEARCH_MS, test } from './fixtures';
import { expectAllSaved } from './settled';

const companies = generateCompanies(42, 25_000);
const german = companies.filter((c) => c.country === 'DE');
const fmt = new Intl.NumberFormat('en-US');

test.use({ viewport: { width: 1280, height: 900 } });

const grid = (page: Page) => page.getByRole('grid', { name: 'Search results' });
const header = (page: Page, name: string) => grid(page).getByRole('columnheader', { name, exact: true });
const firstRow = (page: Page) => grid(page).locator('[role="row"][aria-rowindex="2"]');

async function searchGermany(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Search companies' })).toBeVisible();
  await page.getByLabel('Request body (JSON)').fill(JSON.stringify({ filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } }));
  await page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('rows-range')).toHaveText(`Rows 1–10 of ${fmt.format(german.length)}`, { timeout: FIRST_SEARCH_MS });
}

test('pinned Name, right-aligned numbers, keyboard resize, compact rows, column search; kept after reload', async ({ page }) => {
  test.setTimeout(150_000);
  await searchGermany(page);

  // Scrolled all the way right, the Name column is still mounted and in view at the left edge.
  const scroller = grid(page).locator('.grid__scroll');
  await scroller.evaluate((el) => (el.scrollLeft = el.scrollWidth));
  // Numbers (employees, revenue, founding year: whichever are in view) are right-aligned.
  const numbers = grid(page).locator('[role="gridcell"].grid__cell--num');
  await expect(numbers.first()).toBeVisible();
  expect(await numbers.evaluateAll((cells) => cells.every((c) => getComputedStyle(c).textAlign === 'right'))).toBe(true);
  await expect(header(page, 'Name')).toBeVisible();
  const nameCell = firstRow(page).locator('[role="gridcell"][aria-colindex="2"]');
  const gridBox = (await scroller.boundingBox())!;
  await expect.poll(async () => Math.round((await nameCell.boundingBox())!.x - gridBox.x)).toBeLessThanOrEqual(46);
  await expect(nameCell).toBeInViewport();
  await scroller.evaluate((el) => (el.scrollLeft = 0));

  // Keyboard resize: focus a Name cell, Ctrl+Shift+Right three times = 48 px wider, said in words.
  const before = (await header(page, 'Name').boundingBox())!.width;
  await nameCell.click();
  for (let i = 0; i < 3; i++) await page.keyboard.press('Control+Shift+ArrowRight');
  await expect(page.getByRole('status').filter({ hasText: /Name column: \d+ pixels wide/ })).toBeVisible();
  await expect.poll(async () => Math.round((await header(page, 'Name').boundingBox())!.width)).toBe(Math.round(before + 48));
  await page.keyboard.press('Control+Shift+ArrowLeft');
  await expect.poll(async () => Math.round((await header(page, 'Name').boundingBox())!.width)).toBe(Math.round(before + 32));

  // Compact rows: shorter rows, the button says it is on.
  const tall = (await firstRow(page).boundingBox())!.height;
  await page.getByRole('button', { name: 'Compact rows' }).click();
  await expect(page.getByRole('button', { name: 'Compact rows' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await firstRow(page).boundingBox())!.height).toBeLessThan(tall);

  // The column chooser finds "Revenue" by typing part of it.
  await page.getByRole('button', { name: /^Columns \(/ }).click();
  const chooser = page.getByRole('group', { name: 'Grid columns' });
  await chooser.getByLabel('Find a column').fill('reven');
  await expect(chooser.getByRole('checkbox')).toHaveCount(1);
  await expect(chooser.getByRole('checkbox', { name: 'Revenue' })).toBeChecked();
  await expect(chooser.getByRole('status')).toHaveText(/^1 of \d+ columns match$/);
  await expectNoAxeViolations(page, 'the grid, compact, with the column chooser open');
  await page.keyboard.press('Escape');
  await expectAllSaved(page);

  await page.reload();
  await expect(page.getByTestId('rows-range')).toHaveText(`Rows 1–10 of ${fmt.format(german.length)}`, { timeout: FIRST_SEARCH_MS });
  await expect(page.getByRole('button', { name: 'Compact rows' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => Math.round((await header(page, 'Name').boundingBox())!.width)).toBe(Math.round(before + 32));
});
