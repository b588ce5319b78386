// Bulk match survives a crash (browser mode, embedded sandbox seed 42): match a pasted CSV, decide
// two rows, kill the host, start a new one on the same data dir: the job opens again with its
// decisions, is listed under Earlier bulk matches, and is deleted only after the confirmation.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { loadDataset } from '../../src/sandbox/dataset';
import { expectNoAxeViolations } from './a11y';
import { EXPECTED_CONSOLE_ERROR, expect, guardedTest, killHost, startHost, stopHost } from './fixtures';

const dataset = loadDataset(42, 400);
const plain = dataset.companies.filter((c) => c.website && !/[",;]/.test(c.name));
// Name and website: accepted on their own. Name only: waits for review.
const sure = plain.slice(0, 2);
const unsure = plain.slice(2, 5);

const counts = async (page: Page) => (await page.getByRole('region', { name: 'Review matches' }).getByRole('status').first().textContent())?.trim();

async function openBulk(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Match' }).click();
  await page.getByRole('tab', { name: 'Bulk (CSV)' }).click();
  return page.getByRole('tabpanel', { name: 'Bulk (CSV)' });
}

guardedTest('a bulk match and its review decisions come back after the app is killed; deleting it asks first', async ({ page }) => {
  guardedTest.setTimeout(240_000);
  // The host is killed on purpose: until the page is sent to the new one, it tries to reconnect.
  guardedTest.info().annotations.push({ type: EXPECTED_CONSOLE_ERROR, description: 'ERR_CONNECTION_REFUSED' });
  // A kill that lands while the page is loading something (the screens it fetches once idle) resets it.
  guardedTest.info().annotations.push({ type: EXPECTED_CONSOLE_ERROR, description: 'ERR_CONNECTION_RESET' });
  const dataDir = mkdtempSync(join(tmpdir(), 'firmscope-e2e-bulk-restart-'));
  let host: Awaited<ReturnType<typeof startHost>> | undefined;
  try {
    host = await startHost(dataDir);
    await page.goto(host.url);
    const bulk = await openBulk(page);
    const csv = ['ref,Company,Web', ...sure.map((c, i) => `S${i + 1},${c.name},${c.website}`), ...unsure.map((c, i) => `U${i + 1},${c.name},`)].join('\n');
    await bulk.getByLabel('…or paste CSV').fill(csv);
    await bulk.getByRole('button', { name: 'Read columns' }).click();
    await expect(bulk.getByLabel('Company name')).toHaveValue('Company');
    await bulk.getByRole('button', { name: 'Match all rows' }).click();
    await expect(page.getByRole('heading', { name: /Pasted CSV\s+Finished/ })).toBeVisible({ timeout: 60_000 });
    await expect.poll(() => counts(page)).toBe('3 waiting for review · 2 auto-accepted · 0 accepted · 0 picked another · 0 rejected');
    const queue = page.getByRole('grid', { name: 'Review queue' });
    await queue.focus();
    await page.keyboard.press('a');
    await expect.poll(() => counts(page)).toBe('2 waiting for review · 2 auto-accepted · 1 accepted · 0 picked another · 0 rejected');
    await page.keyboard.press('r');
    const decided = '1 waiting for review · 2 auto-accepted · 1 accepted · 0 picked another · 1 rejected';
    await expect.poll(() => counts(page)).toBe(decided);

    // A crash right after the last key: no shutdown, no flush.
    await killHost(host.child);
    host = await startHost(dataDir);
    await page.goto(host.url);
    await openBulk(page);
    await expect(page.getByRole('heading', { name: /Pasted CSV\s+Finished/ })).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => counts(page)).toBe(decided);
    await expect(page.getByRole('region', { name: 'Review matches' }).getByRole('grid', { name: 'Review queue' }).getByRole('row').nth(1)).toContainText(unsure[2]!.name);

    // Earlier bulk matches: listed under the setup; Delete asks, Cancel keeps it, Delete removes it.
    await page.getByRole('button', { name: /^New bulk match/ }).click();
    const history = page.getByRole('region', { name: 'Earlier bulk matches' });
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await expect(history.getByRole('listitem')).toContainText('5 rows · 5 matched · 1 waiting for review · Finished');
    await history.getByRole('button', { name: /^Delete Pasted CSV/ }).click();
    const confirm = history.getByRole('alertdialog');
    await expect(confirm).toContainText('with its 5 rows and your 2 review decisions');
    await expect(confirm.getByRole('button', { name: 'Delete bulk match' })).toBeFocused();
    await expectNoAxeViolations(page, 'earlier bulk matches with the delete confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await history.getByRole('button', { name: /^Open Pasted CSV/ }).click();
    await expect.poll(() => counts(page)).toBe(decided);
    await page.getByRole('button', { name: /^New bulk match/ }).click();
    await history.getByRole('button', { name: /^Delete Pasted CSV/ }).click();
    await history.getByRole('alertdialog').getByRole('button', { name: 'Delete bulk match' }).click();
    await expect(page.getByRole('region', { name: 'Earlier bulk matches' })).toHaveCount(0);

    // Deleted for good: a clean restart does not bring it back.
    await stopHost(host.child);
    host = await startHost(dataDir);
    await page.goto(host.url);
    const again = await openBulk(page);
    await expect(again.getByRole('button', { name: 'Read columns' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'Earlier bulk matches' })).toHaveCount(0);
  } finally {
    if (host) await stopHost(host.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
