// The service forgets processing sessions (issue 28: a restart of the service; their status answers
// 404): an ESG run in the browser asks each forgotten cell again, once, and finishes with every cell
// complete, nothing failed. Browser mode whose embedded sandbox is steered
// (test/main/features/match/helpers/e2e-host.ts: POST __control/esg/forget).
import type { Page } from '@playwright/test';
import { listFromIds, openRuns } from './esg-run-helpers';
import { expect } from './fixtures';
import { controlCall as control, sandboxUp, steeredTest } from './steered-host';

const test = steeredTest;

const num = async (page: Page, state: string) => Number(((await page.getByTestId(`count-${state}`).locator('strong').textContent()) ?? '').replace(/,/g, ''));

test.use({ viewport: { width: 1440, height: 900 } });

test('every processing session forgotten mid-run: each cell is asked again once and the run finishes complete', async ({ page, host }) => {
  test.setTimeout(180_000);
  await sandboxUp(host.control);
  const known = (await control<{ result: { company_id: string }[] }>(host.control, '/esg/companies?kind=known&limit=10')).result;
  await listFromIds(page, 'Forgetful', known.map((c) => c.company_id));
  // Long first sessions, so every cell is still processing when the service "restarts".
  await control(host.control, '/esg/pace', { method: 'PUT', body: JSON.stringify({ sessionMs: 120_000, sessionJitter: 0 }) });

  await openRuns(page);
  await page.getByRole('combobox', { name: 'List' }).selectOption({ label: 'Forgetful (10 companies)' });
  await page.getByRole('button', { name: 'Refresh ESG', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Refresh ESG for Forgetful' });
  // A small run has every module ticked: scores only.
  await dialog.getByRole('checkbox', { name: 'News' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'Commitments' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'Scores' }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Start run' }).click();

  await expect.poll(() => num(page, 'processing'), { timeout: 60_000 }).toBe(10);
  // The service restarts: it forgets every session; the new ones are quick.
  await control(host.control, '/esg/pace', { method: 'PUT', body: JSON.stringify({ sessionMs: 2_000, sessionJitter: 0 }) });
  expect(await control<{ forgotten: number }>(host.control, '/esg/forget', { method: 'POST', body: '{}' })).toEqual({ forgotten: 10 });

  await expect(page.getByTestId('run-state')).toHaveText('Finished', { timeout: 90_000 });
  expect(await num(page, 'complete')).toBe(10);
  expect(await num(page, 'failed')).toBe(0);
  await expect(page.getByTestId('board-progress')).toHaveText('10 of 10 cells done (100 %)');
  // Each company's module was requested twice: once, then once more after the 404.
  const stats = await control<{ moduleRequests: Record<string, number[]> }>(host.control, '/stats');
  for (const c of known) expect(stats.moduleRequests[`${c.company_id}/scores`]?.length, c.company_id).toBeGreaterThanOrEqual(2);
});
