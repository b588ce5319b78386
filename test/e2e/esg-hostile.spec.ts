// Hostile ESG content end to end in the browser (issue 28). The steered sandbox serves built-in
// hostile answers (PUT __control/esg/hostile, docs/sandbox.md): `content` (javascript:/file:/data:
// links, HTML in headlines, formulas, RTL overrides, 1e999 scores), `huge` (5 MB strings), `deep`
// (100,000 levels). A run stores them, the ESG screen shows them, the workbook is read back with
// exceljs: nothing runs or opens, nothing crashes, no formula, no unsafe link.
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
import { listFromIds, openRuns } from './esg-run-helpers';
import { expect } from './fixtures';
import { controlCall as control, sandboxUp, steeredTest } from './steered-host';

const test = steeredTest;
test.use({ viewport: { width: 1440, height: 900 } });

type Company = { company_id: string; name: string };
const BIDI = /[\u202A-\u202E\u2066-\u2069]/;

/** The ESG screen on this company, its News tab selected (the screen keeps the last tab). */
async function openCompany(page: Page, id: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'ESG', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ESG' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Company ID', exact: true }).fill(id);
  await page.getByRole('button', { name: 'Open company' }).click();
  await page.getByRole('tab', { name: /^News/ }).click();
}

/** Every link whose scheme (as the browser resolves it) is not http(s), anywhere in the page. */
const unsafeLinks = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].map((a) => a.href).filter((h) => !['http:', 'https:'].includes(new URL(h, location.href).protocol)));
/** What an injected element or script would leave behind. */
const injected = (page: Page) =>
  page.evaluate(() => ({
    hostile: (window as unknown as { __hostile?: unknown }).__hostile ?? null,
    imgs: document.querySelectorAll('img[src="x"], iframe, svg[onload], [onerror], [onload]').length,
    bidi: /[\u202A-\u202E\u2066-\u2069]/.test(document.body.innerText),
  }));

test('hostile ESG content: nothing runs or opens, nothing crashes, missing scores show as –, the workbook holds no formula or unsafe link', async ({ page, host }) => {
  test.setTimeout(180_000);
  const dialogs: string[] = [];
  const popups: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  // Popups of this page only: the axe scans open blank pages of their own in the context.
  page.on('popup', (p) => popups.push(p.url()));

  await sandboxUp(host.control);
  const [content, huge, deep] = (await control<{ result: Company[] }>(host.control, '/esg/companies?kind=known&limit=3')).result;
  for (const [c, kind] of [[content, 'content'], [huge, 'huge'], [deep, 'deep']] as const) {
    await control(host.control, '/esg/hostile', { method: 'PUT', body: JSON.stringify({ company_id: c!.company_id, kind }) });
  }

  // A run over the three stores what it can; the deep company's cells fail, saying why.
  await listFromIds(page, 'Hostile', [content, huge, deep].map((c) => c!.company_id));
  await openRuns(page);
  await page.getByRole('combobox', { name: 'List' }).selectOption({ label: 'Hostile (3 companies)' });
  await page.getByRole('button', { name: 'Refresh ESG', exact: true }).click();
  const runDialog = page.getByRole('dialog', { name: 'Refresh ESG for Hostile' });
  await runDialog.getByRole('button', { name: 'Continue' }).click();
  await runDialog.getByRole('button', { name: 'Start run' }).click();
  await expect(page.getByTestId('run-state')).toHaveText(/Finished/, { timeout: 90_000 });
  await expect(page.getByTestId('count-failed').locator('strong')).toHaveText('3');

  // The content company: the stored news, then a live request.
  await openCompany(page, content!.company_id);
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('list', { name: 'news items' })).toBeVisible();
  await panel.getByRole('button', { name: /^Request news/ }).click();
  const news = panel.getByRole('list', { name: 'news items' });
  await expect(news.getByRole('listitem')).toHaveCount(6);
  // HTML shows as text; only the one https link is a link.
  await expect(news).toContainText('<img src=x onerror="window.__hostile=1">');
  await expect(news).toContainText('<script>window.__hostile=2</script>');
  await expect(news.getByRole('link')).toHaveCount(1);
  await expect(news.getByRole('link')).toHaveAttribute('href', 'https://news.example.org/hostile-rtl');
  // RTL overrides are gone and the headline is isolated, so the text around it keeps its order.
  const rtl = news.locator('bdi', { hasText: 'Before gnp.exe after, then an open override tail' });
  await expect(rtl).toBeVisible();
  expect(await rtl.evaluate((el) => getComputedStyle(el).unicodeBidi)).toBe('isolate');
  expect(await unsafeLinks(page)).toEqual([]);
  expect(await injected(page)).toEqual({ hostile: null, imgs: 0, bidi: false });
  await expectNoAxeViolations(page, 'ESG news of a hostile company');

  // Clicking the headline that had a javascript: URL does nothing but stay here.
  await news.getByText('<img src=x onerror=').click();
  await page.getByRole('tab', { name: /Commitments/ }).click();
  await panel.getByRole('button', { name: /^Request commitments/ }).click();
  const commitments = panel.getByRole('table', { name: /^Commitments of / });
  await expect(commitments.getByRole('row')).toHaveCount(4);
  await expect(commitments).toContainText('<script>window.'); // the status, humanised, as text
  await expect(commitments.getByRole('link')).toHaveCount(1);
  expect(await unsafeLinks(page)).toEqual([]);

  // Scores: 1e999, -1e999 and "NaN" show as missing.
  await page.getByRole('tab', { name: /Scores/ }).click();
  await panel.getByRole('button', { name: /^Request scores/ }).click();
  await expect(page.getByTestId('esg-score-governance')).toContainText('42');
  for (const k of ['overall', 'environmental', 'social']) await expect(page.getByTestId(`esg-score-${k}`)).toHaveText(/^–/);
  await expect(page.getByTestId('esg-rating')).toHaveText('<img src=x onerror="window.__hostile=4">');
  expect(await injected(page)).toEqual({ hostile: null, imgs: 0, bidi: false });
  await expectNoAxeViolations(page, 'ESG scores of a hostile company');

  // The workbook of this company, downloaded from the UI and read back.
  await page.getByRole('button', { name: 'Export ESG…' }).click();
  const exportDialog = page.getByRole('dialog', { name: /^Export ESG of / });
  await exportDialog.getByRole('button', { name: 'Start ESG export' }).click();
  const download = exportDialog.getByRole('link', { name: /^Download esg-.*\.xlsx$/ });
  await expect(download).toBeVisible({ timeout: 30_000 });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(join(host.dataDir, 'exports', (await download.getAttribute('download'))!));
  const titles: string[] = [];
  wb.eachSheet((ws) =>
    ws.eachRow((row) =>
      row.eachCell((cell) => {
        const where = `${ws.name}!${cell.address}`;
        expect(cell.type, where).not.toBe(ExcelJS.ValueType.Formula);
        expect(cell.type, where).not.toBe(ExcelJS.ValueType.Hyperlink);
        if (typeof cell.value === 'number') expect(Number.isFinite(cell.value), where).toBe(true);
        if (typeof cell.value === 'string' && ws.name === 'News') titles.push(cell.value);
      }),
    ),
  );
  expect(titles).toEqual(expect.arrayContaining(['=HYPERLINK("http://evil.example","click me")', '+SUM(1,2) plus first', '-1+1 minus first', 'javascript:window.__hostile=3']));
  // The export keeps the service's text exactly, bidi controls included (only the screen drops them).
  expect(titles.some((t) => BIDI.test(t))).toBe(true);
  await exportDialog.getByRole('button', { name: 'Close' }).click();

  // The huge company: the headline shows clamped, the screen keeps working.
  await openCompany(page, huge!.company_id);
  await expect(panel.getByRole('list', { name: 'news items' })).toContainText('characters in all'); // as stored by the run
  await panel.getByRole('button', { name: /^Request news/ }).click();
  await expect(panel.getByRole('list', { name: 'news items' })).toContainText('characters in all; the export has the full text');
  await page.getByRole('tab', { name: /Commitments/ }).click();
  await panel.getByRole('button', { name: /^Request commitments/ }).click();
  await expect(panel.getByRole('table', { name: /^Commitments of / })).toContainText('Huge commitment'); // the 5 MB description is not a column

  // The deep company: a clear error per module; the rest of the screen works.
  await openCompany(page, deep!.company_id);
  await panel.getByRole('button', { name: /^Request news/ }).click();
  await expect(panel).toContainText(`The ESG news answer for company ${deep!.company_id} is nested more than 64 levels deep`);
  await page.getByRole('tab', { name: /Scores/ }).click();
  await expect(page.getByRole('tab', { name: /Scores/ })).toHaveAttribute('aria-selected', 'true');
  await openCompany(page, content!.company_id);
  await expect(page.getByTestId('esg-company-name')).toContainText(content!.name.slice(0, 10));
  await expectNoAxeViolations(page, 'ESG screen after a hostile error');

  expect(await injected(page)).toEqual({ hostile: null, imgs: 0, bidi: false });
  expect(dialogs).toEqual([]);
  expect(popups).toEqual([]);
});
