// Saved and recent searches panel and the live match count, in browser mode against the embedded sandbox
// (seed 42, 25,000 companies). Expected results come from the sandbox's own data and filter code.
import type { Page } from '@playwright/test';
import type { RequestLogEntry } from '../../src/shared/bridge/groups/diagnostics';
import { generateCompanies } from '../../src/sandbox/dataset';
import { compileSearch, parseSearchBody } from '../../src/sandbox/search-filters';
import { expectNoAxeViolations } from './a11y';
import { expect, FIRST_SEARCH_MS, test } from './fixtures';
import { shownIds } from './grid-helpers';

const companies = generateCompanies(42, 25_000);
const matching = (body: unknown) => companies.filter(compileSearch(parseSearchBody(body)));

const dach = {
  filters: {
    and: [
      { attribute: 'country', relation: 'in', value: ['AT', 'CH'] },
      { attribute: 'employee_count', relation: 'greater_than', value: 500 },
    ],
  },
};
const za = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'ZA' }] } };
const DACH_WORDS = 'Country is one of Austria, Switzerland and Employees greater than 500';

const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name, exact: true }).click();
const bodyEditor = (page: Page) => page.getByLabel('Request body (JSON)');
const searchButton = (page: Page) => page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search', exact: true });
const liveCount = (page: Page) => page.getByTestId('live-count');
const range = (page: Page) => page.getByTestId('rows-range');
const panel = (page: Page) => page.getByRole('region', { name: 'Saved and recent searches' });
const columnHeader = (page: Page, name: string) => page.getByRole('columnheader', { name, exact: true });
const formatted = (page: Page, n: number) => page.evaluate((x) => new Intl.NumberFormat().format(x), n);
const searchRequests = (page: Page) =>
  page.evaluate(async () => {
    const r = await window.firmscope.diagnostics.requestLog();
    return r.ok ? r.value.filter((e) => e.path.includes('/search/')) : [];
  }) as Promise<RequestLogEntry[]>;

async function toggleColumn(page: Page, name: string, visible: boolean) {
  await page.getByRole('button', { name: /^Columns \(/ }).click();
  const box = page.getByRole('group', { name: 'Grid columns' }).getByRole('checkbox', { name, exact: true });
  if (visible) await box.check();
  else await box.uncheck();
  await page.getByRole('button', { name: /^Columns \(/ }).click();
}

test('a search saved with its columns opens from the side panel with conditions, columns and results', async ({ page }) => {
  test.setTimeout(180_000); // two searches, an axe scan and a dozen panel steps on a shared, busy machine
  const expected = matching(dach);
  expect(expected.length).toBeGreaterThan(10);
  await expect(page.getByRole('heading', { level: 1, name: 'Search companies' })).toBeVisible();

  // The panel sits above the builder and the JSON editor, in view without scrolling.
  await expect(panel(page)).toBeInViewport();
  const panelBox = (await panel(page).boundingBox())!;
  const editorBox = (await bodyEditor(page).boundingBox())!;
  expect(panelBox.y).toBeLessThan(editorBox.y);

  // Live count for the edited body equals the sandbox's total.
  await bodyEditor(page).fill(JSON.stringify(dach));
  await expect(liveCount(page)).toHaveText(`about ${await formatted(page, expected.length)} companies match`, { timeout: FIRST_SEARCH_MS });
  const counted = await searchRequests(page);
  expect(counted).toHaveLength(1);
  expect(counted[0]!.path).toMatch(/[?&]page_size=1(&|$)/);

  await searchButton(page).click();
  await expect(range(page)).toHaveText(`Rows 1–10 of ${expected.length}`, { timeout: FIRST_SEARCH_MS });
  const firstIds = await shownIds(page);
  expect(firstIds).toEqual(expected.slice(0, 10).map((c) => c.company_id));
  // No live-count request for the search that is applied: the count on screen is its own.
  await expect(liveCount(page)).toHaveText(`about ${await formatted(page, expected.length)} companies match`);

  // A custom column set, then save.
  await toggleColumn(page, 'Country name', false);
  await expect(columnHeader(page, 'Country name')).toHaveCount(0);
  await page.getByLabel('Name for this search').fill('DACH large');
  await page.getByRole('button', { name: 'Save search' }).click();
  const entry = panel(page).getByRole('listitem').filter({ hasText: 'DACH large' });
  await expect(entry).toContainText(DACH_WORDS);
  await expect(entry).toContainText('10 per page · its own columns');
  // Recent searches read in words too.
  await expect(panel(page).getByRole('list', { name: 'Recent searches' }).getByRole('listitem').first()).toContainText(DACH_WORDS);
  await expectNoAxeViolations(page, 'the Search screen with the saved searches panel');

  // Away and back, then another search with other columns.
  await nav(page, 'Settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Connection settings' })).toBeVisible();
  await nav(page, 'Search');
  await bodyEditor(page).fill(JSON.stringify(za));
  await searchButton(page).click();
  await expect(range(page)).toHaveText(`Rows 1–10 of ${matching(za).length}`);
  await toggleColumn(page, 'Country name', true);
  await expect(columnHeader(page, 'Country name')).toBeVisible();

  // Open the saved search from the panel: its conditions, page size, columns and the same results.
  await panel(page).getByRole('button', { name: 'Open saved search DACH large' }).click();
  await expect(range(page)).toHaveText(`Rows 1–10 of ${expected.length}`);
  expect(JSON.parse(await bodyEditor(page).inputValue())).toEqual(dach);
  await expect(page.getByLabel('Page size')).toHaveValue('10');
  await expect(columnHeader(page, 'Country name')).toHaveCount(0);
  expect(await shownIds(page)).toEqual(firstIds);
  await expect(entry).toHaveAttribute('aria-current', 'true');

  // Rename by keyboard, then delete with confirmation (Keep first).
  await panel(page).getByRole('button', { name: 'Rename saved search DACH large' }).press('Enter');
  const nameInput = panel(page).getByLabel('New name for DACH large');
  await expect(nameInput).toBeFocused();
  await nameInput.fill('Austria and Switzerland, large');
  await nameInput.press('Enter');
  const renamed = panel(page).getByRole('button', { name: 'Rename saved search Austria and Switzerland, large' });
  await expect(renamed).toBeFocused();
  await panel(page).getByRole('button', { name: 'Delete saved search Austria and Switzerland, large' }).click();
  const confirm = panel(page).getByRole('group', { name: 'Delete saved search Austria and Switzerland, large?' });
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Keep' }).click();
  await expect(panel(page).getByRole('button', { name: 'Delete saved search Austria and Switzerland, large' })).toBeFocused();
  await page.keyboard.press('Enter');
  await panel(page).getByRole('group', { name: /^Delete saved search/ }).getByRole('button', { name: 'Delete' }).click();
  await expect(panel(page).getByText('No saved searches yet.')).toBeVisible();

  // Collapsible, and it stays collapsed across navigation.
  const toggle = panel(page).getByRole('button', { name: /^Saved and recent searches/ });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Name for this search')).toBeHidden();
  await nav(page, 'Settings');
  await nav(page, 'Search');
  await expect(panel(page).getByRole('button', { name: /^Saved and recent searches/ })).toHaveAttribute('aria-expanded', 'false');
});

test('with the live count switched off in Settings, editing makes no count request', async ({ page }) => {
  test.setTimeout(120_000);
  await nav(page, 'Settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Connection settings' })).toBeVisible({ timeout: FIRST_SEARCH_MS });
  await page.getByLabel('Profile', { exact: true }).selectOption({ label: 'Sandbox (active)' });
  const box = page.getByLabel('Live match count');
  await expect(box).toBeChecked();
  await box.uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();

  await nav(page, 'Search');
  // Decided before the edit (the saved profile is read): no count can have been scheduled for it.
  await expect(liveCount(page)).toHaveAttribute('data-state', 'off');
  await bodyEditor(page).fill(JSON.stringify(dach));
  // And after it: the live count says it does not count this edit either; nothing was asked.
  await expect(liveCount(page)).toHaveAttribute('data-state', 'off');
  await expect(liveCount(page)).toHaveAttribute('aria-busy', 'false');
  await expect(liveCount(page)).toHaveText('');
  expect(await searchRequests(page)).toEqual([]);

  // Back on: the same edit is counted (the check above could have passed for a broken count otherwise).
  await nav(page, 'Settings');
  await page.getByLabel('Live match count').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();
  await nav(page, 'Search');
  await expect(liveCount(page)).toHaveText(`about ${await formatted(page, matching(dach).length)} companies match`, { timeout: FIRST_SEARCH_MS });
  await expect(liveCount(page)).toHaveAttribute('data-state', 'count');
  expect(await searchRequests(page)).toHaveLength(1);
});
