// The analyst's work survives: leaving a screen and coming back, and restarting the app on the same
// data dir. What runs is what is shown: Next follows the applied search, the JSON shown is what runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { generateCompanies } from '../../src/sandbox/dataset';
import { EXPECTED_CONSOLE_ERROR, expect, FIRST_SEARCH_MS, guardedTest, startHost, stopHost, test } from './fixtures';
import { idCell, shownIds } from './grid-helpers';
import { expectAllSaved } from './settled';

const companies = generateCompanies(42, 25_000);
const za = companies.filter((c) => c.country === 'ZA');
const no = companies.filter((c) => c.country === 'NO');
const body = (country: string) => ({ filters: { and: [{ attribute: 'country', relation: 'equals', value: country }] } });

const pager = (page: Page) => page.getByRole('navigation', { name: 'Result pages' });
const range = (page: Page) => page.getByTestId('rows-range');
const searchButton = (page: Page) => page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search', exact: true });
const bodyEditor = (page: Page) => page.getByLabel('Request body (JSON)');

async function searchFor(page: Page, country: string, pageSize: number) {
  await bodyEditor(page).fill(JSON.stringify(body(country)));
  await page.getByLabel('Page size').fill(String(pageSize));
  await searchButton(page).click();
  // A busy machine: the first search also signs in and builds the sandbox's data set.
  await expect(range(page)).toContainText(`Rows 1–${pageSize} of`, { timeout: 2 * FIRST_SEARCH_MS });
}

async function hideColumn(page: Page, name: string) {
  await page.getByRole('button', { name: /^Columns \(/ }).click();
  await page.getByRole('group', { name: 'Grid columns' }).getByRole('checkbox', { name }).uncheck();
  await expect(page.getByRole('columnheader', { name })).toHaveCount(0);
}

test.describe.configure({ timeout: 150_000 });

test('leaving Search, ESG and Match and coming back keeps conditions, page, columns, detail and inputs', async ({ page }) => {
  await searchFor(page, 'ZA', 7);
  await pager(page).getByRole('button', { name: 'Next' }).click();
  await expect(range(page)).toHaveText(`Rows 8–14 of ${za.length}`);
  const secondId = (await shownIds(page))[0];
  const second = za.find((c) => c.company_id === secondId)!;
  await idCell(page, second.company_id).dblclick();
  const detail = page.getByRole('complementary');
  await expect(detail).toContainText(second.company_id);
  await hideColumn(page, 'Country name');

  // "Open ESG" from the detail, then back with Alt+1.
  await detail.getByRole('button', { name: 'Open ESG' }).click();
  await expect(page.getByTestId('esg-company-name')).toContainText(second.name);
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('heading', { level: 1, name: 'Search companies' })).toBeVisible();
  await expect(range(page)).toHaveText(`Rows 8–14 of ${za.length}`);
  await expect(pager(page)).toContainText('Page 2');
  await expect(page.getByLabel('Page size')).toHaveValue('7');
  await expect(page.getByLabel('Value of condition 1')).toHaveValue('ZA');
  await expect(page.getByRole('columnheader', { name: 'Country name' })).toHaveCount(0);
  await expect(page.getByRole('complementary')).toContainText(second.company_id);

  // "Match" from the detail; a typed input survives a trip to ESG (whose company panel survives too).
  await page.getByRole('complementary').getByRole('button', { name: 'Match' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Match' })).toBeVisible();
  const matchForm = page.getByRole('form', { name: 'Match one company' });
  await expect(matchForm.getByLabel('Company name')).toHaveValue(second.name);
  await matchForm.getByLabel('City').fill('Typed City');
  await page.keyboard.press('Alt+4');
  await expect(page.getByTestId('esg-company-name')).toContainText(second.name);
  await page.keyboard.press('Alt+2');
  await expect(page.getByRole('form', { name: 'Match one company' }).getByLabel('City')).toHaveValue('Typed City');
  await page.keyboard.press('Alt+1');
  await expect(range(page)).toHaveText(`Rows 8–14 of ${za.length}`);
});

test('Next after unapplied edits continues the applied search; the edits are marked not applied', async ({ page }) => {
  await searchFor(page, 'ZA', 20);
  const first = await shownIds(page); // the rows mounted (the grid is virtualised)
  expect(first.length).toBeGreaterThan(5);
  // Change the page size (and leave the field) and a condition, without pressing Search.
  await page.getByLabel('Page size').fill('25');
  await page.getByLabel('Value of condition 1').fill('NO');
  await expect(page.getByTestId('unapplied-edits')).toBeVisible();
  await pager(page).getByRole('button', { name: 'Next' }).click();
  await expect(pager(page)).toContainText('Page 2');
  await expect(range(page)).toHaveText(`Rows 21–40 of ${za.length}`);
  const next = await shownIds(page);
  expect(next.length).toBeGreaterThan(5);
  expect(next.filter((id) => first.includes(id))).toEqual([]);
  expect(next.every((id) => za.some((c) => c.company_id === id))).toBe(true);
  await expect(page.getByTestId('unapplied-edits')).toBeVisible();
  // Search applies the edits: a new session from page 1 with the new page size.
  await searchButton(page).click();
  await expect(range(page)).toHaveText(`Rows 1–25 of ${no.length}`);
  await expect(page.getByTestId('unapplied-edits')).toHaveCount(0);
});

test('the JSON shown is what runs: broken or unrepresentable JSON turns Search off with the reason', async ({ page }) => {
  await searchFor(page, 'ZA', 10);
  await bodyEditor(page).fill('{"filters": {"and": [ {"attribute": "country",, } ] } }');
  await expect(searchButton(page)).toBeDisabled();
  await expect(page.getByText('Search is off: the request body (JSON) cannot run as shown.')).toBeVisible();
  await expect(page.getByLabel('Value of condition 1')).toBeDisabled();
  await expect(page.getByText('The builder cannot display the body in the JSON editor')).toBeVisible();

  const nested = { filters: { and: [{ or: [body('NO').filters.and[0], body('SE').filters.and[0]] }] } };
  await bodyEditor(page).fill(JSON.stringify(nested));
  await expect(searchButton(page)).toBeDisabled();
  await expect(bodyEditor(page)).toHaveValue(JSON.stringify(nested));
  await expect(range(page)).toHaveText(`Rows 1–10 of ${za.length}`);

  // A body the builder can show runs exactly as shown.
  await bodyEditor(page).fill(JSON.stringify(body('NO')));
  await expect(page.getByLabel('Value of condition 1')).toHaveValue('NO');
  await searchButton(page).click();
  await expect(range(page)).toHaveText(`Rows 1–10 of ${no.length}`);
  expect((await shownIds(page)).every((id) => no.some((c) => c.company_id === id))).toBe(true);
});

guardedTest('a restart on the same data dir restores the last search, its page and columns, the ESG company and the exports', async ({ page }) => {
  guardedTest.setTimeout(180_000);
  // The host is stopped on purpose: until the page is sent to the new one, it tries to reconnect.
  guardedTest.info().annotations.push({ type: EXPECTED_CONSOLE_ERROR, description: 'ERR_CONNECTION_REFUSED' });
  // A kill that lands while the page is loading something (the screens it fetches once idle) resets it.
  guardedTest.info().annotations.push({ type: EXPECTED_CONSOLE_ERROR, description: 'ERR_CONNECTION_RESET' });
  const dataDir = mkdtempSync(join(tmpdir(), 'firmscope-e2e-restart-'));
  let host: Awaited<ReturnType<typeof startHost>> | undefined;
  try {
    host = await startHost(dataDir);
    await page.goto(host.url);
    await searchFor(page, 'ZA', 7);
    await pager(page).getByRole('button', { name: 'Next' }).click();
    await pager(page).getByRole('button', { name: 'Next' }).click();
    await expect(range(page)).toHaveText(`Rows 15–21 of ${za.length}`);
    const third = await shownIds(page);
    await hideColumn(page, 'Country name');
    // An export of this page, listed on the Exports screen.
    await page.getByRole('button', { name: 'Export…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export results' });
    await dialog.getByRole('button', { name: 'Start export' }).click();
    await expect(dialog.getByRole('link', { name: /^Download (?!.*\.about\.json$)/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Alt+4');
    await expect(page.getByRole('heading', { level: 1, name: 'ESG' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Company ID', exact: true }).fill(za[0]!.company_id);
    await page.getByRole('button', { name: 'Open company' }).click();
    await expect(page.getByTestId('esg-company-name')).toContainText(za[0]!.name);
    await expectAllSaved(page);

    await stopHost(host.child);
    host = await startHost(dataDir);
    await page.goto(host.url);
    await expect(range(page)).toHaveText(`Rows 15–21 of ${za.length}`, { timeout: FIRST_SEARCH_MS });
    await expect(pager(page)).toContainText('Page 3');
    expect(await shownIds(page)).toEqual(third);
    await expect(page.getByLabel('Page size')).toHaveValue('7');
    await expect(page.getByLabel('Value of condition 1')).toHaveValue('ZA');
    await expect(page.getByRole('columnheader', { name: 'Name', exact: true })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Country name' })).toHaveCount(0);
    // Previous works from the restored page.
    await pager(page).getByRole('button', { name: 'Previous' }).click();
    await expect(range(page)).toHaveText(`Rows 8–14 of ${za.length}`);

    await page.keyboard.press('Alt+4');
    await expect(page.getByTestId('esg-company-name')).toContainText(za[0]!.name);
    await page.keyboard.press('Alt+6');
    const exports = page.getByRole('list', { name: 'Export jobs' });
    await expect(exports.getByRole('listitem')).toHaveCount(1);
    await expect(exports.getByRole('link', { name: /^Download (?!.*\.about\.json$)/ })).toBeVisible();
  } finally {
    if (host) await stopHost(host.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
