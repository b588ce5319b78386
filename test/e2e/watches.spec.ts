// Watches end to end in Chromium (issue 29), browser mode against the embedded sandbox over HTTP:
// a saved search (Germany, 500 to 5,000 employees: 490 companies) and a list of 20 companies
// (scores and news) are watched, checked once (the baseline), the sandbox's data moves one epoch on
// (POST __control/evolution/step), and the second checks report exactly the companies that entered
// and left the search (computed from the sandbox's own evolution code, which agrees with its change
// log) and every logged rating change, news item and big score move of the listed companies. Then:
// the notification's words, the inbox, Open the company, Mark read and the nav's count, the export
// of the changes read back with exceljs (rows and About sheet), and axe.
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { DataChange } from '../../src/sandbox/evolution/changes';
import { expectNoAxeViolations } from './a11y';
import { listFromIds } from './esg-run-helpers';
import { expect, FIRST_SEARCH_MS } from './fixtures';
import { controlCall as control, sandboxUp, steeredTest } from './steered-host';
import { DE_500_5000, expectSearch, readChangesWorkbook } from './watches-expected';

const test = steeredTest;
test.use({ viewport: { width: 1440, height: 900 } });

const SEARCH_NAME = 'DE 500-5000';
const LIST_NAME = 'Portfolio A';
const body = DE_500_5000;
// Per 1,000 companies and epoch: high, so one epoch changes a few dozen of the 490 and several of the 20.
const RATES = { added: 40, removed: 40, field: 100, score: 200, rating: 200, news: 200, commitment: 100 };
const expected = expectSearch(body, RATES);
const n = (v: number) => v.toLocaleString('en-US');
const companies = (k: number) => `${n(k)} ${k === 1 ? 'company' : 'companies'}`;

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
/** Changes a workbook's rows stand for: an address move's row (field "address") is one per part that moved. */
const changesIn = (rows: Array<{ field: string | null; newValue: unknown }>) => rows.reduce((k, r) => k + (r.field === 'address' ? String(r.newValue).split('; ').length : 1), 0);
const card = (page: Page, name: string) => page.getByRole('list', { name: 'Your watches' }).getByRole('listitem', { name });
const lastCheck = (page: Page, name: string) => card(page, name).getByTestId('watch-last-check');

async function openWhatChanged(page: Page) {
  await nav(page).getByRole('button', { name: /^What changed/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'What changed' })).toBeVisible();
}

/** Check now on a card, then wait for its last check to read as finished. */
async function checkNow(page: Page, name: string, done: RegExp) {
  await card(page, name).getByRole('button', { name: `Check now: ${name}` }).click();
  await expect(lastCheck(page, name)).toHaveText(done, { timeout: 120_000 });
}

/** The inbox rows shown for one watch and one kind: their company ids. */
async function inboxIds(page: Page, watch: string, kind: string): Promise<string[]> {
  const inbox = page.getByRole('region', { name: 'Changes' });
  await inbox.getByLabel('Watch', { exact: true }).selectOption({ label: watch });
  for (const box of await inbox.getByRole('group', { name: /^Kinds of change/ }).getByRole('checkbox').all()) await box.uncheck();
  await inbox.getByRole('checkbox', { name: kind, exact: true }).check();
  await expect(inbox.getByTestId('inbox-summary')).not.toHaveText('Reading the changes…');
  const rows = inbox.getByTestId('change-row');
  await expect(async () => expect(new Set(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-kind'))))).toEqual(new Set((await rows.count()) ? [kindOf(kind)] : []))).toPass();
  return rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-company-id')!));
}
const KIND_BY_LABEL: Record<string, string> = { 'Entered the search': 'entered', 'Left the search': 'left', 'Field changed': 'field', 'ESG score moved': 'score', 'ESG rating changed': 'rating', 'New news': 'news' };
const kindOf = (label: string) => KIND_BY_LABEL[label];

async function dialogCost(dialog: Locator, text: string | RegExp) {
  await expect(dialog.getByTestId('watch-cost')).toHaveText(text, { timeout: 30_000 });
}

test('watch a saved search and a list, check, let the data move, see what changed, open, mark read, export', async ({ page, host }) => {
  test.setTimeout(300_000); // two ESG refreshes of 40 cells, two loads of 490 rows and axe scans on a busy machine
  expect(expected.before).toBe(490);
  expect(expected.entered.size + expected.left.size).toBeGreaterThan(0);

  await expect(page.getByRole('heading', { level: 1, name: 'Search companies' })).toBeVisible();
  await sandboxUp(host.control);
  await control(host.control, '/esg/pace', { method: 'PUT', body: JSON.stringify({ sessionMs: 300 }) });
  await control(host.control, '/evolution', { method: 'PUT', body: JSON.stringify({ rates: RATES }) });
  const listed = (await control<{ result: Array<{ company_id: string; name: string }> }>(host.control, '/esg/companies?kind=known&limit=20')).result;

  // A saved search, watched from its entry: the dialog names it, preselects nothing costly and says the cost.
  await page.getByLabel('Request body (JSON)').fill(JSON.stringify(body));
  await page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('rows-range')).toContainText('of 490', { timeout: FIRST_SEARCH_MS });
  await page.getByLabel('Name for this search').fill(SEARCH_NAME);
  await page.getByRole('button', { name: 'Save search' }).click();
  await page.getByRole('button', { name: `Watch saved search ${SEARCH_NAME}…` }).click();
  const searchDialog = page.getByRole('dialog', { name: `Watch saved search ‘${SEARCH_NAME}’` });
  await expect(searchDialog.getByLabel('Name')).toHaveValue(SEARCH_NAME);
  await expect(searchDialog.getByLabel('When to check')).toHaveValue('manual');
  await expect(searchDialog.getByLabel('Also check when the app starts')).not.toBeChecked();
  await dialogCost(searchDialog, 'About 3 requests per check; checked only when you click Check now; daily budget 2,000.');
  await searchDialog.getByLabel('When to check').selectOption({ label: 'Daily at a time' });
  await dialogCost(searchDialog, 'About 3 requests per check; 3 per day at this schedule; daily budget 2,000.');
  await expectNoAxeViolations(page, 'the Watch… dialog of a saved search');
  await searchDialog.getByLabel('When to check').selectOption({ label: 'Only when I click Check now' });
  await searchDialog.getByRole('button', { name: 'Create watch' }).click();
  await expect(page.getByText(`Watching ‘${SEARCH_NAME}’: only when you click Check now.`)).toBeVisible();

  // A list of 20, watched from its toolbar: no module ticked; scores and news chosen.
  await listFromIds(page, LIST_NAME, listed.map((c) => c.company_id));
  const listView = page.getByRole('region', { name: LIST_NAME });
  await listView.getByRole('button', { name: `Watch list ${LIST_NAME}…` }).click();
  const listDialog = page.getByRole('dialog', { name: `Watch list ‘${LIST_NAME}’` });
  const modules = listDialog.getByRole('group', { name: 'ESG modules to check for 20 companies' });
  for (const m of ['News', 'Commitments', 'Scores']) await expect(modules.getByRole('checkbox', { name: m })).not.toBeChecked();
  await dialogCost(listDialog, 'Choose at least one ESG module to see what a check costs.');
  await modules.getByRole('checkbox', { name: 'Scores' }).check();
  await modules.getByRole('checkbox', { name: 'News' }).check();
  await dialogCost(listDialog, 'About 160 requests per check; checked only when you click Check now; daily budget 2,000.');
  await listDialog.getByRole('button', { name: 'Create watch' }).click();
  await listView.getByRole('button', { name: 'Open What changed' }).click();

  // Both on the screen, in words, with their cost; the first checks only record what is there.
  await expect(page.getByRole('heading', { level: 1, name: 'What changed' })).toBeVisible();
  await expect(card(page, SEARCH_NAME)).toContainText(`Saved search ‘${SEARCH_NAME}’`);
  // Until its first check counts the pages, a search's cost per check is said to be unknown.
  await expect(card(page, SEARCH_NAME)).toContainText('Cost: not known yet: the first check counts the pages of the search');
  await expect(card(page, LIST_NAME)).toContainText(`List ‘${LIST_NAME}’ (news, scores)`);
  await expect(card(page, LIST_NAME)).toContainText('Cost: about 160 requests per check');
  await checkNow(page, SEARCH_NAME, /: baseline recorded \(\d+ requests?\)/);
  await expect(card(page, SEARCH_NAME)).toContainText('Cost: about 3 requests per check');
  await checkNow(page, LIST_NAME, /: baseline recorded \([\d,]+ requests?\)/);
  await expect(page.getByTestId('watch-budget')).toHaveText(/^Checks used [\d,]+ of the 2,000-request daily budget today; only scheduled checks wait/);

  // One data epoch later: what the sandbox's change log says moved.
  const step = await control<{ epoch: number }>(host.control, '/evolution/step', { method: 'POST', body: JSON.stringify({ epochs: 1 }) });
  expect(step.epoch).toBe(1);
  const log = (await control<{ changes: DataChange[] }>(host.control, '/changes?since=0&until=1')).changes;
  // Our replay of the epoch is the sandbox's own: the same companies were added, removed and edited.
  expect(new Set(log.filter((c) => ['added', 'removed', 'field'].includes(c.kind)).map((c) => c.company_id))).toEqual(expected.touched);

  // The search: exactly the companies that entered and left, and the notification says so in words.
  await checkNow(page, SEARCH_NAME, /: [\d,]+ changes? \(\d+ requests?\)/);
  const status = page.getByTestId('check-finished');
  if (expected.entered.size) await expect(status).toContainText(`${companies(expected.entered.size)} entered ‘${SEARCH_NAME}’`);
  if (expected.left.size) await expect(status).toContainText(`${n(expected.left.size)} left`);
  // Browser mode says it in the app's notices too (Electron notifies natively).
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(`‘${SEARCH_NAME}’`);
  expect(new Set(await inboxIds(page, SEARCH_NAME, 'Entered the search'))).toEqual(expected.entered);
  expect(new Set(await inboxIds(page, SEARCH_NAME, 'Left the search'))).toEqual(expected.left);
  // Each company that left says why (issue 38): removed from the service's data, or the condition it now fails.
  const removed = new Set(log.filter((c) => c.kind === 'removed').map((c) => c.company_id));
  for (const id of expected.left) {
    const leftRow = page.locator(`[data-testid="change-row"][data-kind="left"][data-company-id="${id}"]`);
    await expect(leftRow).toContainText(removed.has(id) ? 'No longer in the service’s data.' : 'No longer matches: ');
  }
  expect(new Set(await inboxIds(page, SEARCH_NAME, 'Field changed'))).toEqual(expected.changed);

  // The list: every logged rating change and news item of its companies, every score move well above 5 points.
  await checkNow(page, LIST_NAME, /: [\d,]+ changes? \([\d,]+ requests?\)|: no changes/);
  const ids = new Set(listed.map((c) => c.company_id));
  const mine = log.filter((c) => ids.has(c.company_id));
  const ratings = mine.filter((c) => c.kind === 'rating');
  const news = mine.filter((c) => c.kind === 'news');
  const bigMoves = mine.filter((c) => c.kind === 'score' && Math.abs(Number(c.new) - Number(c.old)) >= 5.5);
  expect(ratings.length + news.length + bigMoves.length, 'the epoch moved something in the list').toBeGreaterThan(0);

  // The list's changes in the export: read back, every logged change is there.
  const listWorkbook = await exportChanges(page, host.dataDir, LIST_NAME);
  const { rows: listRows, about: listAbout } = await readChangesWorkbook(listWorkbook);
  for (const r of ratings) expect(listRows.some((x) => x.change === 'ESG rating changed' && x.companyId === r.company_id && x.oldValue === r.old && x.newValue === r.new), `rating of ${r.name}`).toBe(true);
  for (const id of new Set(news.map((c) => c.company_id))) {
    expect(listRows.filter((x) => x.change === 'New news' && x.companyId === id).length, `news of ${id}`).toBe(news.filter((c) => c.company_id === id).length);
  }
  for (const s of bigMoves) expect(listRows.some((x) => x.change === 'ESG score moved' && x.companyId === s.company_id && x.field === s.field), `${s.field} score of ${s.name}`).toBe(true);
  for (const x of listRows.filter((r) => r.change === 'ESG score moved')) expect(Math.abs(Number(x.newValue) - Number(x.oldValue))).toBeGreaterThanOrEqual(5 - 1e-9);
  expect(listRows.filter((x) => x.module === 'commitments')).toEqual([]);
  expect(listAbout.get('Watch')).toBe(LIST_NAME);
  expect(String(listAbout.get('Compared from check'))).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
  expect(String(listAbout.get('Compared to check'))).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);

  // The search's workbook: the same entered and left companies, the watch and both check times on About.
  const searchWorkbook = await exportChanges(page, host.dataDir, SEARCH_NAME);
  const { rows: searchRows, about } = await readChangesWorkbook(searchWorkbook);
  expect(new Set(searchRows.filter((r) => r.change === 'Entered the search').map((r) => r.companyId))).toEqual(expected.entered);
  expect(new Set(searchRows.filter((r) => r.change === 'Left the search').map((r) => r.companyId))).toEqual(expected.left);
  expect(about.get('Watch')).toBe(SEARCH_NAME);
  expect(about.get('Target')).toBe(`Saved search ‘${SEARCH_NAME}’`);
  // Both checks are named (minutes: here they may be the same minute); the baseline is the one compared from.
  for (const k of ['Compared from check', 'Compared to check']) expect(String(about.get(k))).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
  expect(Number(about.get('Changes'))).toBe(searchRows.length);
  await page.getByRole('region', { name: 'Changes' }).getByLabel('Watch', { exact: true }).selectOption({ label: 'All watches' });
  for (const box of await page.getByRole('group', { name: /^Kinds of change/ }).getByRole('checkbox').all()) await box.uncheck();
  const unreadNav = nav(page).getByRole('button', { name: /^What changed/ });
  await expect(unreadNav).toHaveAccessibleName(`What changed, ${n(changesIn(searchRows) + listRows.length)} unread`);

  // Mark read: the row loses its mark and the nav's count goes down by one.
  const firstUnread = page.getByTestId('change-row').filter({ has: page.getByRole('button', { name: /^Mark read: / }) }).first();
  await firstUnread.getByRole('button', { name: /^Mark read: / }).click();
  await expect(unreadNav).toHaveAccessibleName(`What changed, ${n(changesIn(searchRows) + listRows.length - 1)} unread`);
  await expectNoAxeViolations(page, 'the What changed screen with its inbox');

  // Open a company from a change: the ESG screen names it.
  const newsRow = page.getByTestId('change-row').filter({ hasText: 'New news' }).first();
  const row = (await newsRow.count()) ? newsRow : page.getByTestId('change-row').first();
  const name = (await row.locator('.change__company').textContent())!;
  await row.getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ESG' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();

  // The inbox's filters survive navigation.
  await openWhatChanged(page);
  await expect(page.getByRole('region', { name: 'Changes' }).getByLabel('Watch', { exact: true })).toHaveValue('');

  // A company opened from its change stands alone: the change is said, and its record (or that it is gone) shown.
  const [leaver] = [...expected.left];
  if (leaver) {
    const leftRow = page.locator(`[data-testid="change-row"][data-kind="left"][data-company-id="${leaver}"]`);
    await leftRow.locator('.change__company').click();
    await expect(page.getByTestId('company-record-from')).toContainText('Opened from What changed: Left the search: No longer');
    await expect(removed.has(leaver) ? page.getByTestId('company-record-gone') : page.getByTestId('company-record')).toBeVisible();
    await expectNoAxeViolations(page, 'a company opened from a change, with its record');
  }
});

/** Export changes (XLSX) of one watch (chosen in the inbox); the file's path in browser mode's exports folder. */
async function exportChanges(page: Page, dataDir: string, watch: string): Promise<string> {
  const inbox = page.getByRole('region', { name: 'Changes' });
  await inbox.getByLabel('Watch', { exact: true }).selectOption({ label: watch });
  await inbox.getByRole('button', { name: `Export changes (XLSX): the changes of ${watch}` }).click();
  const link = inbox.getByRole('group', { name: `Export the changes of ${watch}` }).getByRole('link', { name: /^Download / });
  await expect(link).toBeVisible({ timeout: 30_000 });
  return join(dataDir, 'exports', (await link.getAttribute('download'))!);
}
