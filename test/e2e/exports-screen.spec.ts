// One Exports screen (issue 27), browser mode: a bulk-match export and an ESG workbook appear on the
// Exports screen with file, size, rows, source and time; Export again writes a second file; Remove
// from list removes the row and leaves the file; the list outlives a restart of the app on the same
// data dir.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { generateCompanies } from '../../src/sandbox/dataset';
import { expectNoAxeViolations } from './a11y';
import { EXPECTED_CONSOLE_ERROR, expect, guardedTest, startHost, stopHost } from './fixtures';
import { matchAll, pasteCsv } from './match-helpers';

const companies = generateCompanies(42, 25_000);
const [a, b, c] = companies.slice(0, 3);
const CSV = `Company,Country\n${[a, b, c].map((x) => `"${x!.name}",${x!.country}`).join('\n')}\n`;

const jobs = (page: Page) => page.getByRole('list', { name: 'Export jobs' }).getByRole('listitem');
const openExports = async (page: Page) => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Exports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Exports' })).toBeVisible();
};
/** Size in bytes or kB, rows, time: "3 rows · 812 bytes · Nov 25, 2026, 4:05 PM". */
const FACTS = /\d+ rows? · [\d.,]+\s?(bytes|kB|MB) · \w+ \d+, \d{4}/;

guardedTest('a match and an ESG export on the Exports screen: facts, Export again, Remove from list, kept over a restart', async ({ page }) => {
  guardedTest.setTimeout(180_000);
  // The host is stopped on purpose: until the page is sent to the new one, it tries to reconnect.
  guardedTest.info().annotations.push({ type: EXPECTED_CONSOLE_ERROR, description: 'ERR_CONNECTION_REFUSED' });
  guardedTest.info().annotations.push({ type: EXPECTED_CONSOLE_ERROR, description: 'ERR_CONNECTION_RESET' });
  const dataDir = mkdtempSync(join(tmpdir(), 'firmscope-e2e-exports-'));
  const exportsDir = join(dataDir, 'exports');
  let host: Awaited<ReturnType<typeof startHost>> | undefined;
  try {
    host = await startHost(dataDir);
    await page.goto(host.url);

    // A bulk match of three companies, exported as CSV from the Bulk panel.
    const bulk = await pasteCsv(page, CSV);
    await matchAll(page, bulk);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const matchLink = page.getByRole('link', { name: /^Download .*-matched-.*\.csv$/ });
    await expect(matchLink).toBeVisible();
    const matchFile = (await matchLink.getAttribute('download'))!;

    // The ESG workbook of one company, from the ESG screen.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'ESG', exact: true }).click();
    await page.getByRole('textbox', { name: 'Company ID', exact: true }).fill(a!.company_id);
    await page.getByRole('button', { name: 'Open company' }).click();
    await page.getByRole('button', { name: 'Export ESG…' }).click();
    // The export is named after what the dialog shows: wait for the name (a busy CI machine may
    // still be looking it up, and the export would then be named by the id, as shown).
    const esgDialog = page.getByRole('dialog', { name: `Export ESG of ${a!.name}`, exact: true });
    await expect(esgDialog).toBeVisible({ timeout: 30_000 });
    await esgDialog.getByRole('button', { name: 'Start ESG export' }).click();
    const esgLink = esgDialog.getByRole('link', { name: /^Download esg-.*\.xlsx$/ });
    await expect(esgLink).toBeVisible({ timeout: 30_000 });
    const esgFile = (await esgLink.getAttribute('download'))!;
    await esgDialog.getByRole('button', { name: 'Close' }).click();

    await openExports(page);
    await expect(jobs(page)).toHaveCount(2);
    const matchRow = page.getByRole('listitem', { name: matchFile, exact: true });
    await expect(matchRow).toContainText('CSV · Finished');
    await expect(matchRow).toContainText('Bulk match of');
    await expect(matchRow).toContainText(FACTS);
    await expect(matchRow).toContainText('3 rows');
    await expect(matchRow.getByRole('link', { name: `Download ${matchFile}`, exact: true })).toBeVisible();
    const esgRow = page.getByRole('listitem', { name: esgFile, exact: true });
    await expect(esgRow).toContainText('Excel (XLSX) · Finished');
    await expect(esgRow).toContainText(`ESG of company ${a!.name}`);
    await expect(esgRow).toContainText(FACTS);
    await expectNoAxeViolations(page, 'the Exports screen with a match and an ESG export');

    // Export again: the same bulk job and format, to a second file.
    await matchRow.getByRole('button', { name: `Export again: ${matchFile}` }).click();
    await expect(jobs(page)).toHaveCount(3);
    const again = jobs(page).filter({ hasText: 'Bulk match of' }).filter({ hasNotText: matchFile }).first();
    const againFile = (await again.getByRole('link', { name: /^Download (?!.*\.about\.json$)/ }).getAttribute('download'))!;
    expect(againFile).not.toBe(matchFile);
    expect(existsSync(join(exportsDir, againFile))).toBe(true);
    expect(existsSync(join(exportsDir, matchFile))).toBe(true);

    // Remove from list: the row goes, the file stays.
    await esgRow.getByRole('button', { name: `Remove from list: ${esgFile} (the file stays)` }).click();
    await expect(jobs(page)).toHaveCount(2);
    await expect(page.getByRole('listitem', { name: esgFile, exact: true })).toHaveCount(0);
    expect(existsSync(join(exportsDir, esgFile))).toBe(true);

    // A restart on the same data dir lists the same exports.
    await stopHost(host.child);
    host = await startHost(dataDir);
    await page.goto(host.url);
    await openExports(page);
    await expect(jobs(page)).toHaveCount(2);
    await expect(page.getByRole('listitem', { name: matchFile, exact: true })).toContainText(FACTS);
    await expect(page.getByRole('listitem', { name: againFile, exact: true })).toContainText('Bulk match of');
    await expect(page.getByRole('listitem', { name: esgFile, exact: true })).toHaveCount(0);
  } finally {
    if (host) await stopHost(host.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
