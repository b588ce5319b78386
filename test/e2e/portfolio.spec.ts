// Portfolio ESG in Chromium against the embedded sandbox (seed 42, 25,000 companies, 4 s sessions):
// search, load all, save the 50 companies as a list, refresh all three modules for it, watch the
// board fill live (cells turn complete as the sessions end), then open a company from the board and
// read its score card, news and commitments by name, from what the run stored; last, export the list's
// ESG as one workbook and read it back (sheets, rows, ids, names).
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { loadDataset } from '../../src/sandbox/dataset';
import { EsgEngine } from '../../src/sandbox/esg/engine';
import { realClock } from '../../src/sandbox/clock';
import { expectNoAxeViolations } from './a11y';
import { expect, test } from './fixtures';
import { largestEmployers, searchLargestEmployers } from './largest-employers';

const { threshold, top: portfolio } = largestEmployers(50);
const CELLS = portfolio.length * 3;
// A company the sandbox's ESG sources know (so all three modules complete with data).
const esg = new EsgEngine(loadDataset(42, 25_000), realClock);
const known = portfolio.filter((c) => esg.isKnown(c.company_id));

test.use({ viewport: { width: 1440, height: 900 } });

test('search, load all, a list of 50, refresh all three modules, watch the board fill, read a company by name, export the workbook', async ({ page, app }) => {
  // 150 module requests with 4 s sessions, four axe scans: minutes on a busy machine.
  test.setTimeout(600_000);
  expect(known.length).toBeGreaterThan(0);
  await searchLargestEmployers(page, 50, threshold);

  // Load all -> save the loaded set as a list -> open it.
  await page.getByRole('button', { name: 'Load all 50 results' }).click();
  await expect(page.getByText(/^Snapshot of .*: [\d,]+ rows/)).toContainText('50 rows', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Save all 50 as list…' }).click();
  const save = page.getByRole('form', { name: 'Save all 50 as list' });
  await save.getByLabel('Name of the new list').fill('Largest 50 employers');
  await save.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByText('Created “Largest 50 employers”: 50 companies added.')).toBeVisible();
  await page.getByRole('button', { name: 'Open list' }).click();
  const view = page.getByRole('region', { name: 'Largest 50 employers' });
  await expect(view.getByTestId('list-rows')).toHaveText('Rows 1–50 of 50');

  // Refresh ESG: 150 module requests is costly, so no module is ticked; tick all three, then confirm the cost.
  await view.getByRole('button', { name: 'Refresh ESG', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Refresh ESG for Largest 50 employers' });
  for (const m of ['News', 'Commitments', 'Scores']) {
    await expect(dialog.getByRole('checkbox', { name: m })).not.toBeChecked();
    await dialog.getByRole('checkbox', { name: m }).check();
  }
  await expect(dialog).toContainText('150 module requests');
  await expectNoAxeViolations(page, 'the list view with the Refresh ESG dialog open');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByTestId('refresh-esg-confirm')).toContainText('Refresh news, commitments and scores for “Largest 50 employers” (50 companies): 150 module requests');
  await dialog.getByRole('button', { name: 'Start run' }).click();

  // The board: one row per company by name, three cells each, filling live.
  await expect(page.getByRole('heading', { level: 1, name: 'ESG runs' })).toBeVisible();
  const board = page.getByRole('table', { name: 'ESG board: Largest 50 employers' });
  await expect(board).toBeVisible();
  await expect(board).toHaveAttribute('aria-rowcount', '51');
  // Names first (the list's order), the id secondary.
  const firstName = await board.getByRole('rowheader').first().getByRole('button').textContent();
  const first = portfolio.find((c) => c.name === firstName);
  expect(first, `"${firstName}" is a company of the list`).toBeDefined();
  await expect(board.getByRole('rowheader').first()).toContainText(first!.company_id);
  const progress = page.getByRole('progressbar', { name: 'Progress' });
  await expect(progress).toHaveAttribute('aria-valuemax', String(CELLS));
  // Live: while the run is under way some cells are past queued but not all are done...
  await expect(board.locator('[data-state="processing"], [data-state="requesting"]').first()).toBeVisible({ timeout: 60_000 });
  const midway = Number(await progress.getAttribute('aria-valuenow'));
  expect(midway).toBeLessThan(CELLS);
  await expectNoAxeViolations(page, 'the live board during a run');
  // ...and cells turn complete as their sessions end, without a reload.
  await expect(board.locator('[data-state="complete"]').first()).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('run-state')).toHaveText('Finished', { timeout: 300_000 });
  // Done means complete with data: the companies the ESG sources do not know are said apart, not counted as done.
  const done = known.length * 3;
  const notFound = CELLS - done;
  const pct = Math.floor((done / CELLS) * 100);
  await expect(progress).toHaveAttribute('aria-valuenow', String(done));
  await expect(page.getByTestId('board-progress')).toHaveText(`${done} of ${CELLS} cells done (${pct} %)${notFound ? ` · ${notFound} not found` : ''}`);
  await expect(page.getByTestId('count-complete')).toContainText(`Complete ${done}`);
  await expect(page.getByTestId('count-failed')).toContainText('Failed 0');
  const summary = done === CELLS ? `Finished: all of ${CELLS} cells done.` : `Finished: ${Math.floor(pct / 10) * 10} % of ${CELLS} cells done, ${notFound} not found.`;
  await expect(page.getByRole('status').filter({ hasText: summary })).toHaveCount(1);

  // Open a company from the board: the ESG screen names it and shows what the run stored.
  const company = known[0]!;
  const row = board.locator(`[role="row"][data-company-id="${company.company_id}"]`);
  await row.scrollIntoViewIfNeeded();
  for (const m of ['news', 'commitments', 'scores']) await expect(row.locator(`[data-module="${m}"]`)).toHaveAttribute('data-state', 'complete');
  await row.getByRole('button', { name: company.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ESG' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: company.name, exact: true })).toBeVisible();

  // News (the default tab): headlines with source and date, stored by the run.
  await expect(page.getByRole('tab', { name: /^News \(stored, \d+\)/ })).toBeVisible();
  await expect(page.getByText(/^Stored by an ESG run on /)).toBeVisible();
  await expect(page.getByRole('list', { name: 'news items' }).getByRole('listitem').first()).toBeVisible();

  // Commitments: a table named after the company.
  await page.getByRole('tab', { name: /^Commitments/ }).click();
  await expect(page.getByRole('table', { name: `Commitments of ${company.name}` })).toBeVisible();

  // Scores: the score card by name, with the rating and the four bars; one refresh so far.
  await page.getByRole('tab', { name: /^Scores/ }).click();
  const card = page.getByRole('region', { name: `ESG score of ${company.name}` });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('esg-rating')).not.toBeEmpty();
  const shownRating = await card.getByTestId('esg-rating').textContent();
  await expect(card.getByTestId('esg-score-overall')).toHaveText(/^\d/);
  await expect(page.getByText('Score history: one refresh so far')).toBeVisible();
  await expectNoAxeViolations(page, 'a company opened from the board, scores');

  // Back in by name: the companies with stored ESG (folded while a company is open), found by typing.
  const finder = page.locator('details.esg-stored');
  await finder.locator('summary', { hasText: 'Companies with stored ESG' }).click();
  const storedList = page.getByRole('list', { name: 'Companies with stored ESG' });
  await expect(storedList.getByRole('listitem')).toHaveCount(known.length);
  const other = known.at(-1)!;
  await finder.getByLabel('Find by name or ID').fill(other.name.slice(0, 12));
  await expect(storedList.getByRole('listitem').filter({ hasNotText: other.name.slice(0, 12) })).toHaveCount(0);
  // The typed text survives leaving the screen (the panel comes back folded: a company is open).
  await page.keyboard.press('Alt+3');
  await page.keyboard.press('Alt+4');
  await expect(finder.getByLabel('Find by name or ID')).toHaveValue(other.name.slice(0, 12));
  await finder.locator('summary', { hasText: 'Companies with stored ESG' }).click();
  await storedList.getByText(other.name, { exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: other.name, exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: /\(stored, \d+\)/ }).first()).toBeVisible();
  await expectNoAxeViolations(page, 'the companies with stored ESG');

  // Export the list's ESG as one workbook and read it back.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Lists' }).click();
  const listView = page.getByRole('region', { name: 'Largest 50 employers' });
  await expect(listView.getByTestId('list-rows')).toHaveText('Rows 1–50 of 50');
  await listView.getByRole('button', { name: 'Export ESG…' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export ESG of list “Largest 50 employers”' });
  await expect(exportDialog.getByRole('radio', { name: /^Excel workbook/ })).toBeChecked();
  await exportDialog.getByRole('button', { name: 'Start ESG export' }).click();
  await expect(exportDialog.getByRole('heading', { name: 'ESG export finished' })).toBeVisible({ timeout: 60_000 });
  const link = exportDialog.getByRole('link', { name: /^Download esg-.*\.xlsx$/ });
  const fileName = (await link.getAttribute('download'))!;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(join(app.dataDir, 'exports', fileName));
  expect(wb.worksheets.map((w) => w.name)).toEqual(['Companies', 'Scores', 'News', 'Commitments', 'Analytics', 'About']);
  const sheetRows = (name: string) => {
    const rows: Record<string, unknown>[] = [];
    const ws = wb.getWorksheet(name)!;
    const head = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    ws.eachRow((r, i) => {
      if (i === 1) return;
      const v = (r.values as unknown[]).slice(1);
      rows.push(Object.fromEntries(head.map((h, j) => [h, v[j] ?? null])));
    });
    return rows;
  };
  const nameById = new Map(portfolio.map((c) => [c.company_id, c.name]));
  // Companies: the 50 of the list, by id and name, with the scores the run stored.
  const companiesSheet = sheetRows('Companies');
  expect(companiesSheet).toHaveLength(50);
  expect(new Set(companiesSheet.map((r) => r.company_id))).toEqual(new Set(nameById.keys()));
  for (const r of companiesSheet) expect(r.company_name).toBe(nameById.get(r.company_id as string));
  const knownRow = companiesSheet.find((r) => r.company_id === company.company_id)!;
  expect(typeof knownRow.overall).toBe('number');
  expect(knownRow.rating).toBe(shownRating);
  // Module sheets: every row joins back to a company of the list by id and name; each known company has rows.
  for (const sheet of ['Scores', 'News', 'Commitments']) {
    const rows = sheetRows(sheet);
    expect(rows.length, `${sheet} rows`).toBeGreaterThan(0);
    for (const r of rows) {
      expect(nameById.has(r.company_id as string), `${sheet}: ${String(r.company_id)} is in the list`).toBe(true);
      expect(r.company_name).toBe(nameById.get(r.company_id as string));
    }
    expect(rows.some((r) => r.company_id === company.company_id), `${sheet} has ${company.name}`).toBe(true);
  }
  // Analytics: the numbers behind the list's charts; coverage agrees with the Companies sheet.
  const analyticsRows = sheetRows('Analytics');
  const coverage = (label: string) => analyticsRows.find((r) => r.chart === 'Coverage' && r.label === label)?.companies;
  expect(coverage('Companies')).toBe(50);
  expect(coverage('With scores')).toBe(companiesSheet.filter((r) => typeof r.overall === 'number').length);
  // About: the list, the counts.
  const about = new Map<string, unknown>();
  wb.getWorksheet('About')!.eachRow((r) => about.set(String(r.getCell(1).value), r.getCell(2).value));
  expect(about.get('Companies of')).toBe('List “Largest 50 employers”');
  expect(about.get('Companies')).toBe(50);
  expect(about.get('News rows')).toBe(sheetRows('News').length);
});
