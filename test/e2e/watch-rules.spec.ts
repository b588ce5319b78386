// Alerts that explain themselves (issue 38), in Chromium against the embedded sandbox whose data moves
// one epoch: a saved search (Germany, 500 to 5,000 employees) is watched with the rule "Employees: 10 %
// or more", set in the Watch dialog and shown in words on its card; after the epoch the check keeps
// exactly the employee changes of 10 % or more (computed from the sandbox's own evolution code), every
// other field change, and every company that entered or left; a company's several field changes are
// one row; each company that left says why; a company opened from its change shows its record; and
// the changes workbook reads back as columns (fields of entered and left companies, reasons, field
// changes as company, field, old, new; an address move one row).
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
import { expect, FIRST_SEARCH_MS } from './fixtures';
import { controlCall as control, sandboxUp, steeredTest } from './steered-host';
import { DE_500_5000, expectSearch, readChangesWorkbook } from './watches-expected';
import { join } from 'node:path';

const test = steeredTest;
test.use({ viewport: { width: 1440, height: 900 } });

const NAME = 'DE 500-5000, big moves';
const RATES = { added: 40, removed: 40, field: 200 };
const expected = expectSearch(DE_500_5000, RATES);
const pct = (a: unknown, b: unknown) => (typeof a === 'number' && typeof b === 'number' ? (a === 0 ? (b === 0 ? 0 : Infinity) : (Math.abs(b - a) / Math.abs(a)) * 100) : Infinity);
// Independent truth: the rule as the analyst reads it, and every other field as it moved.
const kept = new Map([...expected.fieldMoves].map(([id, moves]) => [id, moves.filter((m) => m.field !== 'employee_count' || pct(m.old, m.new) >= 10 - 1e-9)] as const).filter(([, m]) => m.length > 0));
const employeeKept = new Set([...kept].filter(([, m]) => m.some((x) => x.field === 'employee_count')).map(([id]) => id));
const employeeAll = new Set([...expected.fieldMoves].filter(([, m]) => m.some((x) => x.field === 'employee_count')).map(([id]) => id));

const card = (page: Page) => page.getByRole('list', { name: 'Your watches' }).getByRole('listitem', { name: NAME });
const inbox = (page: Page) => page.getByRole('region', { name: 'Changes' });

async function checkNow(page: Page, done: RegExp) {
  await card(page).getByRole('button', { name: `Check now: ${NAME}` }).click();
  await expect(card(page).getByTestId('watch-last-check')).toHaveText(done, { timeout: 120_000 });
}

test('a rule set in words, a check that keeps what it says, grouped changes with reasons, a company that stands alone, the workbook as columns', async ({ page, host }) => {
  test.setTimeout(240_000);
  expect(employeeKept.size, 'the epoch moves some employee counts by 10 % or more').toBeGreaterThan(0);
  expect(employeeKept.size, 'and some by less').toBeLessThan(employeeAll.size);
  await sandboxUp(host.control);
  await control(host.control, '/evolution', { method: 'PUT', body: JSON.stringify({ rates: RATES }) });

  await page.getByLabel('Request body (JSON)').fill(JSON.stringify(DE_500_5000));
  await page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('rows-range')).toContainText(`of ${expected.before}`, { timeout: FIRST_SEARCH_MS });
  await page.getByLabel('Name for this search').fill(NAME);
  await page.getByRole('button', { name: 'Save search' }).click();
  await page.getByRole('button', { name: `Watch saved search ${NAME}…` }).click();
  const dialog = page.getByRole('dialog', { name: `Watch saved search ‘${NAME}’` });
  await dialog.getByRole('button', { name: 'Add a rule' }).click();
  await expect(dialog.getByLabel('Field of rule 1')).toHaveValue('employee_count');
  await dialog.getByLabel('Value of rule 1').fill('10');
  await expect(dialog.getByTestId('watch-rules-words')).toHaveText('Employees: alerts on a change of 10 % or more. Other fields: any change.');
  await expectNoAxeViolations(page, 'the Watch… dialog with an alert rule');
  await dialog.getByRole('button', { name: 'Create watch' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^What changed/ }).click();
  await expect(card(page).getByTestId('watch-rules')).toHaveText('Rules: Employees: alerts on a change of 10 % or more. Other fields: any change.');

  await checkNow(page, /: baseline recorded \(\d+ requests?\)/);
  expect((await control<{ epoch: number }>(host.control, '/evolution/step', { method: 'POST', body: JSON.stringify({ epochs: 1 }) })).epoch).toBe(1);
  await checkNow(page, /: [\d,]+ changes? \(\d+ requests?\)/);

  // Field changes: exactly the kept ones, a company with several of them as one row.
  await inbox(page).getByLabel('Watch', { exact: true }).selectOption({ label: NAME });
  await expect(inbox(page).getByTestId('inbox-summary')).not.toHaveText('Reading the changes…');
  const groups = inbox(page).getByTestId('change-group');
  const several = [...kept].filter(([, m]) => m.length > 1).map(([id]) => id);
  await expect(groups).toHaveCount(several.length);
  if (several.length) await expect(groups.first()).toContainText(/ changed|moved \(/);
  const fieldRowIds = await inbox(page).locator('[data-testid="change-row"][data-kind="field"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-company-id')!));
  expect(new Set(fieldRowIds)).toEqual(new Set(kept.keys()));

  // Each company that left says why.
  for (const id of expected.left) await expect(inbox(page).locator(`[data-testid="change-row"][data-kind="left"][data-company-id="${id}"]`)).toContainText(/No longer (in the service’s data\.|matches: )/);
  await expectNoAxeViolations(page, 'the inbox with grouped changes and reasons');

  // The workbook as columns: reasons beside entered and left companies, field changes a row each.
  await inbox(page).getByRole('button', { name: `Export changes (XLSX): the changes of ${NAME}` }).click();
  const link = inbox(page).getByRole('group', { name: `Export the changes of ${NAME}` }).getByRole('link', { name: /^Download / });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const { rows } = await readChangesWorkbook(join(host.dataDir, 'exports', (await link.getAttribute('download'))!));
  expect(new Set(rows.filter((r) => r.change === 'Left the search').map((r) => r.companyId))).toEqual(expected.left);
  for (const r of rows.filter((x) => x.change === 'Left the search')) expect(r.detail).toMatch(/^No longer (in the service’s data\.|matches: )/);
  const employeeRows = rows.filter((r) => r.change === 'Field changed' && r.field === 'employee_count');
  expect(new Set(employeeRows.map((r) => r.companyId))).toEqual(employeeKept);
  for (const r of employeeRows) expect(pct(r.oldValue, r.newValue)).toBeGreaterThanOrEqual(10 - 1e-9);
  // One row per kept field change, a company's address parts that moved together as one "address" row.
  const rowsOf = (m: Array<{ field: string }>) => {
    const address = m.filter((x) => x.field.startsWith('address.')).length;
    return m.length - address + (address > 1 ? 1 : address);
  };
  const fieldRows = rows.filter((r) => r.change === 'Field changed');
  expect(fieldRows.length).toBe([...kept.values()].reduce((n, m) => n + rowsOf(m), 0));
  const moved = [...kept].filter(([, m]) => m.filter((x) => x.field.startsWith('address.')).length > 1).map(([id]) => id);
  expect(new Set(fieldRows.filter((r) => r.field === 'address').map((r) => r.companyId))).toEqual(new Set(moved));
  for (const r of fieldRows.filter((x) => x.field === 'address')) expect(String(r.newValue)).toMatch(/^(street|postal code|city|country): /);

  // A company opened from its change stands alone: the change is said, its record shown.
  const changedId = [...kept.keys()][0]!;
  const row = inbox(page).locator(`[data-company-id="${changedId}"]`).first();
  await row.locator('.change__company').first().click();
  await expect(page.getByTestId('company-record-from')).toContainText('Opened from What changed: Field');
  await expect(page.getByTestId('company-record')).toContainText('Employees');
  await expectNoAxeViolations(page, 'a company opened from a change');
});
