// Issue 27, "export what you see" on a list: the list view sorted and filtered, Export view… in JSON
// (the list's own columns), NDJSON (all fields) and CSV, each read back from disk: the view's rows in
// its order, the columns asked for, and the .about.json sidecar naming the list, filter and sort.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { generateCompanies } from '../../src/sandbox/dataset';
import { LIST_EXPORT_HEADERS } from '../../src/shared/lists/list-export-columns';
import { readCsv } from '../main/features/export/readback';
import { expectNoAxeViolations } from './a11y';
import { exportAs } from './export-dialog-helpers';
import { expect, test } from './fixtures';
import { loadAll, searchMoreEmployeesThan } from './load-all-helpers';

const fmt = new Intl.NumberFormat('en-US');
const companies = generateCompanies(42, 25_000);
const big = companies.filter((c) => (c.employee_count ?? 0) > 30_000);
// The list filter matches name, country, city, industry or id (case-insensitive substring).
const TEXT = 'de';
const matches = (c: (typeof big)[number]) =>
  [c.name, c.country, c.country_name, c.address?.city, c.industry_label, c.company_id].some((v) => typeof v === 'string' && v.toLowerCase().includes(TEXT));
const view = big.filter(matches);

async function saveBigAsList(page: Page): Promise<Locator> {
  await searchMoreEmployeesThan(page, 30_000, big.length);
  await loadAll(page, big.length);
  await page.getByRole('button', { name: `Save all ${fmt.format(big.length)} as list…` }).click();
  const save = page.getByRole('form', { name: `Save all ${fmt.format(big.length)} as list` });
  await save.getByLabel('Name of the new list').fill('Large');
  await save.getByRole('button', { name: 'Create list' }).click();
  await page.getByRole('button', { name: 'Open list' }).click();
  return page.getByRole('region', { name: 'Large' });
}


const aboutOf = (path: string) => (JSON.parse(readFileSync(`${path}.about.json`, 'utf8')) as { about: Record<string, unknown> }).about;

test.use({ viewport: { width: 1440, height: 900 } });

test('export a sorted, filtered list view in JSON, NDJSON and CSV with its columns or all fields, read back', async ({ page, app }) => {
  test.setTimeout(180_000);
  expect(view.length).toBeGreaterThan(3);
  expect(view.length).toBeLessThan(big.length);
  const list = await saveBigAsList(page);
  const table = list.getByRole('table', { name: 'Companies in Large' });
  await table.getByRole('button', { name: 'Employees' }).click();
  await table.getByRole('button', { name: 'Employees' }).click();
  await list.getByLabel('Filter this list').fill(TEXT);
  await expect(list.getByTestId('list-rows')).toHaveText(`Rows 1–${Math.min(50, view.length)} of ${view.length}`);

  await list.getByRole('button', { name: 'Export view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export the view of list “Large”' });
  await expect(dialog.getByTestId('view-export-summary')).toHaveText(
    `This export writes ${view.length} rows (the filtered view of a ${fmt.format(big.length)}-company list), the list’s ${LIST_EXPORT_HEADERS.length} columns.`,
  );
  await expectNoAxeViolations(page, 'the list view export dialog');
  const employees = new Map(big.map((c) => [c.company_id, c.employee_count ?? 0]));
  const inViewOrder = (ids: unknown[]) => {
    expect(new Set(ids)).toEqual(new Set(view.map((c) => c.company_id)));
    const counts = ids.map((id) => employees.get(String(id))!);
    expect(counts).toEqual([...counts].sort((a, b) => b - a)); // employees, descending
  };

  const jsonPath = await exportAs(dialog, app.dataDir, 'JSON', { columns: /^The list’s columns/, again: true });
  const json = JSON.parse(readFileSync(jsonPath, 'utf8')) as Record<string, unknown>[];
  expect(Object.keys(json[0]!)).toEqual([...LIST_EXPORT_HEADERS]);
  inViewOrder(json.map((r) => r['Company ID']));
  expect(aboutOf(jsonPath)).toMatchObject({ List: 'Large', Filter: TEXT, Sort: 'employees, descending (empty cells last)', Rows: view.length });

  const ndjsonPath = await exportAs(dialog, app.dataDir, 'NDJSON', { columns: /^All fields/, again: true });
  const records = readFileSync(ndjsonPath, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  inViewOrder(records.map((r) => r.company_id));
  const first = big.find((c) => c.company_id === records[0]!.company_id)!;
  expect(records[0]).toMatchObject({ name: first.name, employee_count: first.employee_count, esg: {} });
  expect(records[0]!.added_to_list).toMatch(/^\d{4}-\d\d-\d\dT/);
  expect(String(aboutOf(ndjsonPath).Columns)).toMatch(/^all fields of the stored records/);

  await dialog.getByRole('radio', { name: 'CSV', exact: true }).check();
  await dialog.getByRole('radio', { name: 'Data tools' }).check();
  const csvPath = await exportAs(dialog, app.dataDir, 'CSV', { columns: /^The list’s columns/, again: true });
  const [header, ...rows] = await readCsv(csvPath);
  expect(header).toEqual([...LIST_EXPORT_HEADERS]);
  inViewOrder(rows.map((r) => r[1]));
  expect(rows.map((r) => r[0])).toEqual(json.map((r) => r.Name));
});
