// Issue 27, "export what you see" on bulk-match results: the Rows table filtered to Matched, Export
// view… in JSON (the table's columns), NDJSON (every field) and CSV, read back from disk: the rows the
// filter shows, in line order, with the table's columns and the .about.json naming input and filter.
import { readFileSync } from 'node:fs';
import { loadDataset } from '../../src/sandbox/dataset';
import { BULK_ROW_HEADERS } from '../../src/shared/match/bulk-row-columns';
import { readCsv } from '../main/features/export/readback';
import { expectNoAxeViolations } from './a11y';
import { exportAs } from './export-dialog-helpers';
import { expect, test } from './fixtures';
import { matchAll, pasteCsv } from './match-helpers';

const plain = loadDataset(42, 400).companies.filter((c) => c.website && !/[",;]/.test(c.name));
const known = plain.slice(0, 3);


test('export the Matched rows of a bulk match in JSON, NDJSON and CSV as the table shows them, read back', async ({ page, app }) => {
  test.setTimeout(180_000);
  // Lines 2 and 4 match (name and website); line 3 has no company name (invalid); line 5 matches too.
  const csv = ['ref,Company,Web', `S1,${known[0]!.name},${known[0]!.website}`, 'S2,,', `S3,${known[1]!.name},${known[1]!.website}`, `S4,${known[2]!.name},${known[2]!.website}`].join('\n');
  await matchAll(page, await pasteCsv(page, csv));
  const table = page.getByRole('region', { name: 'Rows' });
  await table.getByLabel('Show').selectOption({ label: 'Matched' });
  await expect(table.getByRole('table', { name: 'Bulk match rows' }).getByRole('row')).toHaveCount(4);

  await table.getByRole('button', { name: 'Export view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export the bulk-match results' });
  await expect(dialog.getByTestId('view-export-summary')).toHaveText(`This export writes 3 rows (matched of 4), the table’s ${BULK_ROW_HEADERS.length} columns.`);
  await expectNoAxeViolations(page, 'the bulk-match results export dialog');

  const jsonPath = await exportAs(dialog, app.dataDir, 'JSON', { columns: /^The table’s columns/, again: true });
  const json = JSON.parse(readFileSync(jsonPath, 'utf8')) as Record<string, unknown>[];
  expect(Object.keys(json[0]!)).toEqual([...BULK_ROW_HEADERS]);
  expect(json.map((r) => [r.Line, r.Status, r.Name, r['Best match']])).toEqual([
    [2, 'Matched', known[0]!.name, known[0]!.name],
    [4, 'Matched', known[1]!.name, known[1]!.name],
    [5, 'Matched', known[2]!.name, known[2]!.name],
  ]);
  const about = (JSON.parse(readFileSync(`${jsonPath}.about.json`, 'utf8')) as { about: Record<string, unknown> }).about;
  expect(about).toMatchObject({ 'Bulk match of': 'pasted CSV', 'Rows shown': 'Matched', Rows: 3 });

  const ndjsonPath = await exportAs(dialog, app.dataDir, 'NDJSON', { columns: /^All fields/, again: true });
  const records = readFileSync(ndjsonPath, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(records.map((r) => r.line)).toEqual([2, 4, 5]);
  expect(records[0]).toMatchObject({ state: 'matched', input: { name: known[0]!.name, website: known[0]!.website }, best: { company: { company_id: known[0]!.company_id } } });

  await dialog.getByRole('radio', { name: 'CSV', exact: true }).check();
  await dialog.getByRole('radio', { name: 'Data tools' }).check();
  const csvPath = await exportAs(dialog, app.dataDir, 'CSV', { columns: /^The table’s columns/, again: true });
  const [header, ...rows] = await readCsv(csvPath);
  expect(header).toEqual([...BULK_ROW_HEADERS]);
  expect(rows.map((r) => r[0])).toEqual(['2', '4', '5']);

  // On the Exports screen as a results view, its sidecar named.
  await dialog.getByRole('button', { name: 'Open Exports' }).click();
  const jobs = page.getByRole('list', { name: 'Export jobs' }).getByRole('listitem');
  await expect(jobs).toHaveCount(3);
  await expect(jobs.filter({ hasText: 'Bulk match results of pasted CSV (Matched)' })).toHaveCount(3);
  await expect(jobs.filter({ hasText: /\.about\.json, a download of its own/ })).toHaveCount(3);
  await expect(jobs.getByRole('link', { name: /^Download .+\.about\.json$/ })).toHaveCount(3);
});
