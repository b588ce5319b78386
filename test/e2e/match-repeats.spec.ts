// Repeated rows of a bulk file (issue 26, item 11), through the real UI against the sandbox: the
// check before the run lists the rows that repeat an earlier one (same key, or same name and
// country), the key column can be changed, the rows table says which line a row repeats, and the
// export names it in match.duplicate_of, with the earlier row's match. That the repeat is not sent
// again is proven against the sandbox in test/main/features/match/sandbox-repeats.test.ts.
import { loadDataset } from '../../src/sandbox/dataset';
import { expectNoAxeViolations } from './a11y';
import { expect, test } from './fixtures';
import { exportedCsv, openBulk } from './match-helpers';

const good = loadDataset(42, 400).companies.filter((c) => c.website && !/[",;]/.test(c.name)).slice(0, 3);

test('repeats flagged before the run, in the rows table and in the export', async ({ page, app }) => {
  test.setTimeout(120_000);
  const rows = [
    ['ref', 'Company', 'Web', 'Country'],
    ['K1', good[0]!.name, good[0]!.website!, good[0]!.country], // 2
    ['K2', good[1]!.name, good[1]!.website!, good[1]!.country], // 3
    ['K3', good[2]!.name, good[2]!.website!, good[2]!.country], // 4
    ['K1', good[0]!.name, good[0]!.website!, good[0]!.country], // 5: same ref as line 2
    ['K9', `  ${good[1]!.name.toUpperCase()}`, good[1]!.website!, good[1]!.country.toLowerCase()], // 6: same name and country as line 3
  ];
  const bulk = await openBulk(page);
  await bulk.getByLabel('…or paste CSV').fill(rows.map((r) => r.join(',')).join('\n'));
  await bulk.getByRole('button', { name: 'Read columns' }).click();
  await expect(bulk.getByLabel('Key column')).toHaveValue('ref');
  await expect(bulk.getByLabel('Country')).toHaveValue('Country');

  await expect(bulk.getByText('2 rows repeat an earlier row: line 5 = line 2, line 6 = line 3', { exact: false })).toBeVisible();
  const repeats = bulk.getByRole('list', { name: 'Rows that repeat an earlier row' });
  await expect(repeats.getByRole('listitem')).toHaveText(['Line 5 = line 2 (same ref “K1”)', `Line 6 = line 3 (same name and country: “${good[1]!.name.toUpperCase()}, ${good[1]!.country.toLowerCase()}”)`]);
  await expect(bulk.getByText('2 repeats are matched once with the earlier row (no second request).', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page, 'the bulk check listing repeated rows');

  // Without a key column only the same name and country count.
  await bulk.getByLabel('Key column').selectOption('');
  await expect(bulk.getByText('2 rows repeat an earlier row', { exact: false })).toBeVisible();
  await expect(repeats.getByRole('listitem').first()).toHaveText(/^Line 5 = line 2 \(same name and country/);
  // Back to ref as the key column.
  await bulk.getByLabel('Key column').selectOption('ref');
  await expect(repeats.getByRole('listitem').first()).toHaveText('Line 5 = line 2 (same ref “K1”)');

  await bulk.getByRole('button', { name: 'Match all rows' }).click();
  await expect(page.getByRole('heading', { name: /Pasted CSV\s+Finished/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('5 of 5 rows done · 5 matched', { exact: false })).toBeVisible();
  const table = page.getByRole('table', { name: 'Bulk match rows' });
  await expect(table.getByRole('row').filter({ hasText: 'Repeats line 2' })).toContainText(good[0]!.name);
  await expect(table.getByRole('row').filter({ hasText: 'Repeats line 3' })).toContainText('Matched');

  const { rows: out, col } = await exportedCsv(page, app.dataDir);
  expect(col('match.duplicate_of')).toBeGreaterThan(0);
  expect(out.map((r) => r.slice(0, 4))).toEqual(rows.slice(1));
  expect(out.map((r) => r[col('match.duplicate_of')])).toEqual(['', '', '', '2', '3']);
  // A repeat has the earlier row's match.
  expect(out.map((r) => r[col('match.company_id')])).toEqual([good[0], good[1], good[2], good[0], good[1]].map((c) => c!.company_id));
});
