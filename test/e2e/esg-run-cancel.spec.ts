// A cancelled ESG run says so (issue 26, item 6): start a run on a list, cancel it mid-way, and the
// board, the runs list and the live region give the cells done, cancelled and not found apart;
// never "100 %". Browser mode whose embedded sandbox is steered
// (test/main/features/match/helpers/e2e-host.ts): sessions of 3 s to 2 min, so some end before
// the cancel and most do not.
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
import { listFromIds, openRuns } from './esg-run-helpers';
import { expect } from './fixtures';
import { controlCall as control, sandboxUp, steeredTest } from './steered-host';

const test = steeredTest;


const num = async (page: Page, state: string) => Number(((await page.getByTestId(`count-${state}`).locator('strong').textContent()) ?? '').replace(/,/g, ''));

test.use({ viewport: { width: 1440, height: 900 } });

test('a run cancelled mid-way reads "… cancelled" with its count on the board and in the runs list, never 100 % done', async ({ page, host }) => {
  test.setTimeout(240_000);
  // The sandbox starts with the profile's first use: wait until its control answers.
  await sandboxUp(host.control);
  const known = (await control<{ result: { company_id: string }[] }>(host.control, '/esg/companies?kind=known&limit=38')).result;
  const unknown = (await control<{ result: { company_id: string }[] }>(host.control, '/esg/companies?kind=unknown&limit=2')).result;
  await listFromIds(page, 'Cancel me', [...known, ...unknown].map((c) => c.company_id));
  // Sessions of 60 s +/- 95 %: a few end within seconds, most are still processing at the cancel.
  await control(host.control, '/esg/pace', { method: 'PUT', body: JSON.stringify({ sessionMs: 60_000, sessionJitter: 0.95 }) });

  await openRuns(page);
  await page.getByRole('combobox', { name: 'List' }).selectOption({ label: 'Cancel me (40 companies)' });
  await page.getByRole('button', { name: 'Refresh ESG', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Refresh ESG for Cancel me' });
  await dialog.getByRole('checkbox', { name: 'Scores' }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByTestId('refresh-esg-confirm')).toContainText('Refresh scores for “Cancel me” (40 companies): 40 module requests');
  await dialog.getByRole('button', { name: 'Start run' }).click();

  const board = page.getByRole('table', { name: 'ESG board: Cancel me' });
  await expect(board).toHaveAttribute('aria-rowcount', '41');
  // Mid-way: some cells complete, others still processing.
  await expect.poll(() => num(page, 'complete'), { timeout: 90_000 }).toBeGreaterThan(0);
  await expect(board.locator('[data-state="processing"]').first()).toBeVisible();

  await page.getByRole('button', { name: 'Cancel run' }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText(/^Cancel this run\? \d+ cells not yet done stop; what is complete stays stored\./);
  await ask.getByRole('button', { name: 'Cancel the run' }).click();
  await expect(page.getByTestId('run-state')).toHaveText('Cancelled');

  const done = await num(page, 'complete');
  const cancelled = await num(page, 'cancelled');
  const notFound = await num(page, 'not_found');
  expect(notFound).toBe(2);
  expect(cancelled).toBeGreaterThan(0);
  expect(done + cancelled + notFound).toBe(40);
  const pct = Math.floor((done / 40) * 100);
  const words = `${done} of 40 cells done (${pct} %) · ${cancelled} cancelled · 2 not found`;
  await expect(page.getByTestId('board-progress')).toHaveText(words);
  await expect(page.getByTestId('board-progress')).not.toContainText('100 %');
  await expect(page.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', String(done));
  await expect(page.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuetext', words);
  await expect(page.getByRole('status').filter({ hasText: `Cancelled: ${Math.floor(pct / 10) * 10} % of 40 cells done, ${cancelled} cancelled, 2 not found.` })).toHaveCount(1);

  // The runs list says the same.
  const row = page.getByRole('table', { name: 'ESG runs of this profile, newest first' }).getByRole('row').filter({ has: page.getByRole('button', { name: 'Cancel me' }) });
  await expect(row).toContainText('Cancelled');
  await expect(row).toContainText(words);
  await expectNoAxeViolations(page, 'the board and runs list of a cancelled run');
});
