// A bulk file saved with lone CR line ends (Excel's "CSV (Macintosh)"), ';' as delimiter, with a
// stray quote in one name, goes through the real UI against the sandbox: the check before the run
// sees every record, the run keeps every one (rows in = rows out + rows reported unreadable), and the
// export read back from disk has every row with the analyst's own cells. Before the fix, only the
// first record came out and nothing said so.
import { loadDataset } from '../../src/sandbox/dataset';
import { expect, test } from './fixtures';
import { exportedCsv, openBulk } from './match-helpers';

const good = loadDataset(42, 400).companies.filter((c) => c.website && !/[",;]/.test(c.name)).slice(0, 4);

test('a CR-only file with a stray quote: every record in is a row out, the bad one reported with its cells', async ({ page, app }) => {
  test.setTimeout(120_000);
  const rows = [
    ['ref', 'Company', 'Web'],
    ['M1', good[0]!.name, good[0]!.website!],
    ['M2', good[1]!.name, good[1]!.website!],
    ['M3', 'Bäckerei "Zum Löwen" GmbH', 'loewen.example'], // a stray quote: unreadable as CSV
    ['M4', good[2]!.name, good[2]!.website!],
    ['M5', good[3]!.name, good[3]!.website!],
  ];
  const file = Buffer.from(rows.map((r) => r.join(';')).join('\r') + '\r', 'utf8');

  const bulk = await openBulk(page);
  await bulk.getByLabel('Open a CSV file').setInputFiles({ name: 'mac-export.csv', mimeType: 'text/csv', buffer: file });
  await expect(bulk.getByLabel('Company name')).toHaveValue('Company');
  await expect(bulk.getByLabel('Website')).toHaveValue('Web');
  await expect(bulk.getByText('Checked all 5 rows: 1 row cannot be read as it is')).toBeVisible();
  await bulk.getByRole('button', { name: 'Match all rows' }).click();

  await expect(page.getByRole('heading', { name: /mac-export\.csv\s+Finished/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('5 of 5 rows done · 4 matched · 0 no match · 0 errors · 1 invalid', { exact: false })).toBeVisible();
  const table = page.getByRole('table', { name: 'Bulk match rows' });
  await expect(table.getByRole('row').filter({ hasText: 'Line 4: a quote appears inside an unquoted value' })).toContainText('Invalid');

  const { header, rows: out, col } = await exportedCsv(page, app.dataDir);
  expect(header.slice(0, 3)).toEqual(['ref', 'Company', 'Web']);
  // Every record of the file, in order, with the analyst's own cells as they were.
  expect(out.map((r) => r.slice(0, 3))).toEqual(rows.slice(1));
  expect(out.map((r) => r[col('match.line')])).toEqual(['2', '3', '4', '5', '6']);
  expect(out.map((r) => r[col('match.status')])).toEqual(['matched', 'matched', 'invalid', 'matched', 'matched']);
  expect(out.filter((r) => r[col('match.status')] === 'matched').map((r) => r[col('match.company_id')])).toEqual(good.map((c) => c.company_id));
});
