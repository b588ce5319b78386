// Restart brings back the whole view of a loaded snapshot (issue 26, item 8): its text filter, facet
// choices (chips and pressed facets), sort, page, the Scroll view and the row it was scrolled to, after
// the host is restarted on the same data dir (as state.spec.ts restarts it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { generateCompanies } from '../../src/sandbox/dataset';
import { expectNoAxeViolations } from './a11y';
import { EXPECTED_CONSOLE_ERROR, expect, FIRST_SEARCH_MS, guardedTest, startHost, stopHost } from './fixtures';
import { loadAll } from './load-all-helpers';
import { chooseFacet } from './grid-helpers';
import { expectAllSaved } from './settled';

const fmt = new Intl.NumberFormat('en-US');
const companies = generateCompanies(42, 25_000);
const german = companies.filter((c) => c.country === 'DE');
const hamburg = german.filter((c) => c.city === 'Hamburg');
const shown = hamburg.filter((c) => c.legal_form === 'GmbH' || c.legal_form === 'SE');
// Sorted by founding year, newest first; the service order breaks ties (a stable sort keeps it).
const sorted = [...shown].sort((a, b) => b.founding_year - a.founding_year);
const TOP_ROW = 101;

const scroller = (page: Page) => page.getByTestId('snapshot-scroller');
/** Row `n` (1-based) of the scroll view, once its data has arrived. */
const row = (page: Page, n: number) => scroller(page).locator(`[role="row"][aria-rowindex="${n + 1}"]:not([aria-busy])`);
const forms = (page: Page) => page.getByRole('complementary', { name: 'Facets' }).getByRole('region', { name: 'Legal form' });
const chips = (page: Page) => page.getByRole('list', { name: 'Facet choices' });

guardedTest.use({ viewport: { width: 1440, height: 900 } });

guardedTest('a restart brings back the snapshot view: text filter, facets, sort, page, Scroll view and its row', async ({ page }) => {
  guardedTest.setTimeout(300_000);
  // The host is stopped on purpose: until the page is sent to the new one, it tries to reconnect.
  guardedTest.info().annotations.push({ type: EXPECTED_CONSOLE_ERROR, description: 'ERR_CONNECTION_REFUSED' });
  guardedTest.info().annotations.push({ type: EXPECTED_CONSOLE_ERROR, description: 'ERR_CONNECTION_RESET' });
  expect(shown.length).toBeGreaterThan(TOP_ROW + 20);
  expect(shown.length).toBeLessThanOrEqual(200);
  const dataDir = mkdtempSync(join(tmpdir(), 'firmscope-e2e-snapshots-restart-'));
  let host: Awaited<ReturnType<typeof startHost>> | undefined;
  try {
    host = await startHost(dataDir);
    await page.goto(host.url);
    await page.getByLabel('Request body (JSON)').fill(JSON.stringify({ filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } }));
    await page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByTestId('rows-range')).toContainText(`of ${fmt.format(german.length)}`, { timeout: FIRST_SEARCH_MS });
    await loadAll(page, german.length);

    // The analyst's view: text, two facets, a sort, page 2, then the Scroll view at row 101.
    await page.getByLabel('Filter loaded rows').fill('Hamburg');
    await expect(page.getByTestId('snapshot-rows')).toContainText(`of ${fmt.format(hamburg.length)}`);
    await chooseFacet(page, 'Legal form', 'GmbH', hamburg.filter((c) => c.legal_form === 'GmbH').length);
    await chooseFacet(page, 'Legal form', 'SE', hamburg.filter((c) => c.legal_form === 'SE').length);
    await expect(page.getByTestId('snapshot-rows')).toContainText(`of ${fmt.format(shown.length)}`);
    await page.getByLabel('Sort by').selectOption('founding_year');
    await page.getByLabel('Direction').selectOption('desc');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByTestId('snapshot-page')).toHaveText('Page 2 of 2');
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Scroll' }).click();
    await expect(row(page, 1)).toHaveAttribute('data-company-id', sorted[0]!.company_id);
    await scroller(page).evaluate((el, top) => (el.scrollTop = top), (TOP_ROW - 1) * 30);
    await expect(row(page, TOP_ROW)).toHaveAttribute('data-company-id', sorted[TOP_ROW - 1]!.company_id);
    await expectAllSaved(page); // the row is kept once scrolling settles, then saved with the screen state

    await stopHost(host.child);
    host = await startHost(dataDir);
    await page.goto(host.url);

    // Everything comes back.
    await expect(page.getByText(/^Snapshot of .*: [\d,]+ rows/)).toContainText(`${fmt.format(german.length)} rows`, { timeout: FIRST_SEARCH_MS });
    await expect(page.getByLabel('Filter loaded rows')).toHaveValue('Hamburg');
    await expect(chips(page)).toContainText('Legal form: GmbH');
    await expect(chips(page)).toContainText('Legal form: SE');
    await expect(forms(page).getByRole('button', { name: /^GmbH / })).toHaveAttribute('aria-pressed', 'true');
    await expect(forms(page).getByRole('button', { name: /^SE / })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByLabel('Sort by')).toHaveValue('founding_year');
    await expect(page.getByLabel('Direction')).toHaveValue('desc');
    await expect(page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Scroll' })).toHaveAttribute('aria-pressed', 'true');
    await expect(scroller(page)).toHaveAttribute('aria-rowcount', String(shown.length + 1));
    // Scrolled back to the row at the top: row 101 in view, the first rows scrolled away.
    await expect(row(page, TOP_ROW)).toHaveAttribute('data-company-id', sorted[TOP_ROW - 1]!.company_id);
    await expect(row(page, TOP_ROW)).toBeInViewport();
    expect(await scroller(page).evaluate((el) => el.scrollTop)).toBeGreaterThanOrEqual((TOP_ROW - 2) * 30);
    await expectNoAxeViolations(page, 'the snapshot view restored after a restart');
    // The paged view is back on its page too.
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Pages' }).click();
    await expect(page.getByTestId('snapshot-page')).toHaveText('Page 2 of 2');
  } finally {
    if (host) await stopHost(host.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
