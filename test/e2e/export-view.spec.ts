// Export what you see (issue 27), browser mode against the embedded sandbox (seed 42, 25,000
// companies): load all, text filter + a facet + a sort, then Export view… in CSV, XLSX, JSON and
// NDJSON; every file read back from disk holds the view's rows in its order (the grid's, and the
// sandbox's own data filtered and sorted the same way) at the visible columns in grid order, and the
// XLSX About sheet records the search, the snapshot time and the view.
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { generateCompanies } from '../../src/sandbox/dataset';
import { collectColumns, flattenRecord } from '../../src/shared/search/flatten';
import { defaultOrder } from '../../src/renderer/ui/grid/column-prefs';
import { readXlsx } from '../main/features/export/readback';
import { expectNoAxeViolations } from './a11y';
import { exportAs } from './export-dialog-helpers';
import { expect, test } from './fixtures';
import { loadAll, searchMoreEmployeesThan } from './load-all-helpers';
import { chooseFacet, shownIds } from './grid-helpers';

const fmt = new Intl.NumberFormat('en-US');
const companies = generateCompanies(42, 25_000);
const big = companies.filter((c) => (c.employee_count ?? 0) > 10_000);
const CITY = 'Stuttgart';
/** Words as the workspace's text index splits them (unicode61: letters and digits, case and accents folded). */
const words = (v: unknown) => (typeof v === 'string' ? v.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(/[^\p{L}\p{N}]+/u) : []);
const textMatch = (c: (typeof companies)[number]) =>
  [c.name, c.city, c.website_domain, c.industry_label].some((v) => words(v).some((w) => w.startsWith(CITY.toLowerCase())));
// The view: Germany, "Stuttgart", revenue descending (companies without revenue last, ties in service order).
const view = big
  .filter((c) => c.country === 'DE' && textMatch(c))
  .map((c, seq) => ({ c, seq }))
  .sort((a, b) => {
    const ra = typeof a.c.revenue === 'number' ? a.c.revenue : null;
    const rb = typeof b.c.revenue === 'number' ? b.c.revenue : null;
    if (ra === null || rb === null) return ra === rb ? a.seq - b.seq : ra === null ? 1 : -1;
    return rb - ra || a.seq - b.seq;
  })
  .map(({ c }) => c);
const viewIds = view.map((c) => c.company_id);
// The grid shows the columns of the rows on screen (all of the view here), name and id first.
const columns = defaultOrder(collectColumns(view as unknown as Record<string, unknown>[]));

test.use({ viewport: { width: 1440, height: 900 } });

async function loadAndNarrow(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Search companies' })).toBeVisible();
  await searchMoreEmployeesThan(page, 10_000, big.length);
  await loadAll(page, big.length);

  await page.getByRole('searchbox', { name: 'Filter loaded rows' }).fill(CITY);
  const german = big.filter((c) => c.country === 'DE').length;
  const cityRows = big.filter(textMatch);
  await expect(page.getByTestId('snapshot-rows')).toContainText(`of ${fmt.format(cityRows.length)}`);
  await chooseFacet(page, 'Country', 'Germany (DE)', cityRows.filter((c) => c.country === 'DE').length);
  await page.getByLabel('Sort by').selectOption('revenue');
  await page.getByLabel('Direction').selectOption('desc');
  expect(german).toBeGreaterThan(view.length);
  await expect(page.getByTestId('snapshot-rows')).toHaveText(`Rows 1–${view.length} of ${view.length}`);
  // The grid renders the rows in view (virtualised): they are the view's first rows, in its order.
  await expect.poll(async () => {
    const ids = await shownIds(page);
    return ids.length >= 5 && ids.join() === viewIds.slice(0, ids.length).join();
  }).toBe(true);
}


/** What the About sheet and the `.about.json` sidecar both record of this view (label -> value). */
function expectViewAbout(about: (label: string) => unknown): void {
  expect(String(about('Search'))).toMatch(/employee/i);
  expect(String(about('Snapshot loaded at'))).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d \(UTC[+-]\d\d:\d\d\)$/);
  expect(about('Snapshot rows')).toBe(big.length);
  expect(about('Text filter')).toBe(`“${CITY}”`);
  expect(about('Facets')).toBe('Country: DE');
  expect(String(about('Sort'))).toMatch(/\(revenue\), descending$/);
  expect(about('Rows')).toBe(view.length);
  expect(about('Columns')).toBe(`chosen columns, in grid order: ${columns.join(', ')}`);
}

/** The sidecar CSV, JSON and NDJSON get instead of an About sheet: `<file>.about.json`, read back. */
function readSidecar(path: string, format: string): (label: string) => unknown {
  const doc = JSON.parse(readFileSync(`${path}.about.json`, 'utf8')) as { file: string; format: string; about: Record<string, unknown> };
  expect(doc.file).toBe(basename(path));
  expect(doc.format).toBe(format);
  expect(JSON.stringify(doc)).not.toMatch(/https?:|secret/i); // the profile's name only
  return (label) => doc.about[label];
}

test('export the filtered, faceted, sorted snapshot view in CSV, XLSX, JSON and NDJSON and read each back', async ({ page, app }) => {
  test.setTimeout(300_000);
  expect(view.length).toBeGreaterThan(10);
  expect(view.length).toBeLessThanOrEqual(100);
  await loadAndNarrow(page);

  await page.getByRole('button', { name: 'Export view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export the snapshot view' });
  await expect(dialog.getByTestId('view-export-summary')).toHaveText(
    `This export writes ${view.length} rows (the filtered view of a ${fmt.format(big.length)}-row snapshot), ${columns.length} columns.`,
  );
  await expect(dialog).toContainText('sorted by Revenue');
  await expectNoAxeViolations(page, 'the snapshot view export dialog');
  // The dialog opens on XLSX (issue 39 #1). Data tools: commas, no BOM, no formula prefix, so cells read back as the service sent them.
  await expect(dialog.getByRole('radio', { name: 'Excel (XLSX)', exact: true })).toBeChecked();
  await dialog.getByRole('radio', { name: 'CSV', exact: true }).check();
  await dialog.getByRole('radio', { name: 'Data tools' }).check();

  const csvPath = await exportAs(dialog, app.dataDir, 'CSV');
  const [csvHeader, ...csvRows] = parse(readFileSync(csvPath, 'utf8'), { bom: true }) as string[][];
  expect(csvHeader).toEqual(columns);
  expect(csvRows.map((r) => r[csvHeader!.indexOf('company_id')])).toEqual(viewIds);
  expect(csvRows.map((r) => r[csvHeader!.indexOf('name')])).toEqual(view.map((c) => c.name));
  expectViewAbout(readSidecar(csvPath, 'csv'));
  await dialog.getByRole('button', { name: 'Export again' }).click();

  const xlsxPath = await exportAs(dialog, app.dataDir, 'Excel (XLSX)');
  const [xlsxHeader, ...xlsxRows] = (await readXlsx(xlsxPath)) as unknown[][];
  expect(xlsxHeader).toEqual(columns);
  expect(xlsxRows.map((r) => r[columns.indexOf('company_id')])).toEqual(viewIds);
  expect(xlsxRows.map((r) => r[columns.indexOf('revenue')])).toEqual(view.map((c) => c.revenue ?? null));
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(xlsxPath);
  const about = new Map<string, unknown>();
  book.getWorksheet('About')!.eachRow((r) => about.set(String(r.getCell(1).value), r.getCell(2).value));
  expectViewAbout((label) => about.get(label));
  expect(existsSync(`${xlsxPath}.about.json`)).toBe(false); // the About sheet is in the workbook
  await dialog.getByRole('button', { name: 'Export again' }).click();

  for (const [label, format, parseFile] of [
    ['JSON', 'json', (text: string) => JSON.parse(text) as Record<string, unknown>[]],
    ['NDJSON', 'ndjson', (text: string) => text.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>)],
  ] as const) {
    const path = await exportAs(dialog, app.dataDir, label);
    const records = parseFile(readFileSync(path, 'utf8'));
    expectViewAbout(readSidecar(path, format));
    expect(records.map((r) => r.company_id)).toEqual(viewIds);
    // Each record holds the visible columns, nested again (address.city -> address: { city }), in grid order.
    const keys = Object.keys(flattenRecord(records[0]!));
    expect(keys.length).toBeGreaterThan(5);
    expect(keys).toEqual(columns.filter((c) => keys.includes(c)));
    expect(records.map((r) => flattenRecord(r)['address.city'] ?? null)).toEqual(view.map((c) => c.address?.city ?? null));
    await dialog.getByRole('button', { name: 'Export again' }).click();
  }

  // All four are on the Exports screen, named as a snapshot view.
  await dialog.getByRole('button', { name: 'Open Exports' }).click();
  const jobs = page.getByRole('list', { name: 'Export jobs' }).getByRole('listitem');
  await expect(jobs).toHaveCount(4);
  for (const job of await jobs.all()) await expect(job).toContainText(`Snapshot view of`);
  // Each row without an About sheet names its sidecar; in browser mode it is a download of its own,
  // and what downloads is that file: the same About as on disk.
  for (const ext of ['csv', 'json', 'ndjson']) {
    const row = jobs.filter({ hasText: new RegExp(`\\.${ext}\\.about\\.json, a download of its own`) });
    await expect(row).toHaveCount(1);
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: /^Download .+\.about\.json$/ }).click()]);
    const saved = join(app.dataDir, `downloaded-${ext}`);
    await download.saveAs(`${saved}.about.json`);
    expect(download.suggestedFilename()).toMatch(new RegExp(`\\.${ext}\\.about\\.json$`));
    const doc = JSON.parse(readFileSync(`${saved}.about.json`, 'utf8')) as { file: string; format: string; about: Record<string, unknown> };
    expect(doc.format).toBe(ext);
    expectViewAbout((label) => doc.about[label]);
  }
  await expect(jobs.filter({ hasText: 'about.json' })).toHaveCount(3);
});
