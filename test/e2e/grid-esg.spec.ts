// Refresh ESG from the search grid in Chromium against the embedded sandbox (seed 42, 25,000
// companies): tick three rows of a service page, "Refresh ESG for 3 selected" names the run after
// those companies, starts it without a list, and the ESG runs screen shows its board with the three
// companies by name, until the run finishes.
import { generateCompanies } from '../../src/sandbox/dataset';
import { expectNoAxeViolations } from './a11y';
import { expect, FIRST_SEARCH_MS, test } from './fixtures';

const fmt = new Intl.NumberFormat('en-US');
const companies = generateCompanies(42, 25_000);
const big = companies.filter((c) => (c.employee_count ?? 0) > 30_000);

test.use({ viewport: { width: 1440, height: 900 } });

test('ticked grid rows -> Refresh ESG for 3 selected -> the board shows those companies by name', async ({ page }) => {
  test.setTimeout(300_000);
  await expect(page.getByRole('heading', { level: 1, name: 'Search companies' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Attribute of condition 1', exact: true }).fill('employee_count');
  await page.getByRole('combobox', { name: 'Relation of condition 1', exact: true }).fill('greater_than');
  await page.getByLabel('Value of condition 1 (number)').fill('30000');
  await page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('rows-range')).toContainText(`of ${fmt.format(big.length)}`, { timeout: FIRST_SEARCH_MS });

  // Nothing to refresh until rows are ticked.
  await expect(page.getByRole('button', { name: /^Refresh ESG for/ })).toHaveCount(0);
  const grid = page.getByRole('grid', { name: 'Search results' });
  for (const n of [1, 2, 3]) await grid.getByLabel(`Select row ${n}`, { exact: true }).check();
  const picked = big.slice(0, 3);
  for (const [i, c] of picked.entries()) await expect(grid.locator(`[role="row"][aria-rowindex="${i + 2}"]`)).toContainText(c.name);

  await page.getByRole('button', { name: 'Refresh ESG for 3 selected' }).click();
  const label = `${picked[0]!.name}, ${picked[1]!.name} and ${picked[2]!.name}`;
  const dialog = page.getByRole('dialog', { name: `Refresh ESG for ${label}` });
  await expect(dialog).toContainText('Modules to request for 3 companies');
  // Scores only: a short run (three 4 s sessions).
  await dialog.getByRole('checkbox', { name: 'News' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'Commitments' }).uncheck();
  await expect(dialog).toContainText('3 module requests');
  await expectNoAxeViolations(page, 'the search grid with the Refresh ESG dialog for a selection open');
  // A confirmation with the cost comes before anything is sent.
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByTestId('refresh-esg-confirm')).toContainText(`Refresh scores for “${label}” (3 companies): 3 module requests`);
  await dialog.getByRole('button', { name: 'Start run' }).click();

  // The board of that run: one row per ticked company, by name, the id secondary.
  await expect(page.getByRole('heading', { level: 1, name: 'ESG runs' })).toBeVisible();
  const board = page.getByRole('table', { name: `ESG board: ${label}` });
  await expect(board).toBeVisible();
  await expect(board).toHaveAttribute('aria-rowcount', '4');
  const names = await board.getByRole('rowheader').getByRole('button').allTextContents();
  expect(names.sort()).toEqual(picked.map((c) => c.name).sort());
  for (const c of picked) await expect(board.locator(`[role="row"][data-company-id="${c.company_id}"]`)).toContainText(c.name);
  await expect(page.getByTestId('run-state')).toHaveText('Finished', { timeout: 120_000 });
  await expect(page.getByTestId('board-progress')).toHaveText('3 of 3 cells done (100 %)');
});
