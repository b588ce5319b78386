// Match E2E against browser mode with the embedded sandbox (seed 42, 25,000 companies): single match
// from the form, open the best result, go on to its ESG news; and a small bulk run from pasted CSV.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { loadDataset } from '../../src/sandbox/dataset';
import { ManualClock } from '../../src/sandbox/clock';
import { EsgEngine } from '../../src/sandbox/esg/engine';
import { expectNoAxeViolations } from './a11y';
import { expect, test } from './fixtures';
import { readExportedCsv } from './match-helpers';

// A prefix of the host's dataset (generation is per index), enough to pick known companies.
const dataset = loadDataset(42, 400);
const esg = new EsgEngine(dataset, new ManualClock());
const target = dataset.companies.find((c) => c.website && esg.isKnown(c.company_id) && !/[",]/.test(c.name))!;

async function openMatch(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Match' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Match' })).toBeVisible();
}

test('single match from the form, open the result, open its ESG news', async ({ page }) => {
  await openMatch(page);
  const form = page.getByRole('form', { name: 'Match one company' });
  const body = page.getByLabel('Request body (JSON)');

  // Asking without a name explains what is missing, next to the field.
  await form.getByRole('button', { name: 'Find matches' }).click();
  await expect(form.getByText('Company name is required.')).toBeVisible();

  await form.getByLabel('Company name').fill(target.name);
  await form.getByLabel('Website').fill(target.website!);
  // The country by name, as analysts write it: sent as its ISO code, and the field says so.
  const countryInWords = new Intl.DisplayNames(['en'], { type: 'region' }).of(target.country)!;
  await form.getByLabel('Country').fill(countryInWords);
  await expect(form.getByText(`Sent as ${target.country} (${countryInWords}).`)).toBeVisible();
  // The exact JSON that will be sent, built live from the form.
  await expect.poll(async () => JSON.parse((await body.inputValue()) || 'null')).toEqual({ name: target.name, website: target.website, country: target.country });

  await form.getByRole('button', { name: 'Find matches' }).click();
  const results = page.getByRole('table', { name: 'Match results' });
  await expect(results).toBeVisible();
  // Below the form and its JSON, a fresh answer is scrolled into view.
  await expect(page.getByRole('status').filter({ hasText: /candidates?, best first/ })).toBeInViewport();
  const first = results.getByRole('row').nth(1);
  await expect(first.getByTitle(target.company_id)).toHaveText(`${target.company_id.slice(0, 8)}…`);
  await expect(first.getByRole('cell').nth(1)).toHaveText(/^\d+%$/);

  await first.getByRole('button', { name: `Open details of ${target.name}` }).click();
  const detail = page.getByRole('region', { name: target.name });
  await expect(detail).toBeVisible();
  await expect(detail.getByRole('heading', { level: 2, name: target.name })).toBeFocused();
  await expectNoAxeViolations(page, 'match results with a company open');
  await expect(detail).toContainText(target.company_id);

  await detail.getByRole('button', { name: 'Open ESG news' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ESG' })).toBeVisible();
  // The company is named (the id stays visible beside it, secondary).
  await expect(page.getByTestId('esg-company-name')).toContainText(target.name);
  await expect(page.locator('code', { hasText: target.company_id })).toBeVisible();
  await expect(page.getByRole('tab', { name: /News/ })).toHaveAttribute('aria-selected', 'true');
  // News was requested for that company: a processing session (or data already held) is shown.
  await expect(page.getByTestId('esg-status')).toHaveText(/Processing|Complete/, { timeout: 15_000 });
});

test('edited JSON body is sent as written; a bad edit is explained', async ({ page }) => {
  await openMatch(page);
  const body = page.getByLabel('Request body (JSON)');
  await page.getByRole('form', { name: 'Match one company' }).getByLabel('Company name').fill('placeholder');
  await expect(body).not.toHaveValue('');
  await body.fill('{"name": ');
  await page.getByRole('button', { name: 'Find matches' }).click();
  await expect(page.getByText(/The request body is not valid JSON/)).toBeVisible();
  await body.fill(JSON.stringify({ name: target.name, website: target.website, limit: 1 }));
  await page.getByRole('button', { name: 'Find matches' }).click();
  const rows = page.getByRole('table', { name: 'Match results' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  // The short id in the row carries the whole id in its tooltip.
  await expect(rows.nth(1).getByTitle(target.company_id)).toHaveText(`${target.company_id.slice(0, 8)}…`);
  await page.getByRole('button', { name: 'Reset body to the form' }).click();
  await expect.poll(async () => JSON.parse(await body.inputValue())).toEqual({ name: 'placeholder' });
});

test('bulk match of pasted CSV with a key column, malformed rows and an unclosed quote: every row comes back, read from the exported file', async ({ page, app }) => {
  const good = dataset.companies.filter((c) => c.website && !/[",;]/.test(c.name)).slice(0, 4);
  const line = (ref: string, c: (typeof good)[number]) => `${ref};${c.name};${c.website};${c.country}`;
  const csv = [
    'ref;Company;Web;Country', // 1
    line('K1', good[0]!), // 2
    line('K2', good[1]!), // 3
    'K3;;nobody.example;DE', // 4: no name
    'K4;Too;many;columns;here', // 5: wrong field count
    line('K5', good[2]!), // 6
    line('K6', good[3]!), // 7
    'K7;"Never closed;x.example;FR', // 8: the quote swallows the rest
    'K8;Lost One;lost.example;IT', // 9
    'K9;Lost Two;lost2.example;ES', // 10
  ].join('\n');
  await openMatch(page);
  await page.getByRole('tab', { name: 'Bulk (CSV)' }).click();
  const bulk = page.getByRole('tabpanel', { name: 'Bulk (CSV)' });
  await bulk.getByLabel('…or paste CSV').fill(csv);
  await bulk.getByRole('button', { name: 'Read columns' }).click();
  // Suggested mapping from the header names.
  await expect(bulk.getByLabel('Company name')).toHaveValue('Company');
  await expect(bulk.getByLabel('Website')).toHaveValue('Web');
  await bulk.getByLabel('Country').selectOption('Country');
  // Before the run: the rows that cannot be read as they are, with their lines.
  const check = bulk.getByRole('list', { name: 'Rows to check before the run' });
  await expect(bulk.getByText('Checked all 9 rows: 4 rows cannot be read as they are')).toBeVisible();
  await expect(check.getByRole('listitem').filter({ hasText: 'Line 5: wrong number of columns' })).toContainText('wrong number of fields');
  await expect(check.getByRole('listitem').filter({ hasText: 'Line 8: a quote opened here is never closed' })).toContainText('lines 8–10 (3 rows)');
  await expectNoAxeViolations(page, 'the bulk column check');
  await bulk.getByRole('button', { name: 'Match all rows' }).click();

  await expect(page.getByRole('heading', { name: /Pasted CSV\s+Finished/ })).toBeVisible({ timeout: 20_000 });
  // Rows in = rows out: 9 read, 4 matched, 5 reported invalid (none silently gone).
  await expect(page.getByText('9 of 9 rows done · 4 matched · 0 no match · 0 errors · 5 invalid', { exact: false })).toBeVisible();
  const table = page.getByRole('table', { name: 'Bulk match rows' });
  await expect(table.getByRole('row').filter({ hasText: 'Line 4: Company name is required.' })).toContainText('Invalid');
  await expect(table.getByRole('row').filter({ hasText: 'Line 5: wrong number of columns' })).toContainText('Invalid');
  await expect(table.getByRole('row').filter({ hasText: 'Line 10: not read, because the quote opened on line 8' })).toContainText('Invalid');
  await expect(table.getByRole('row').filter({ hasText: good[3]!.name })).toContainText('Matched');
  await expect(page.getByRole('button', { name: 'Retry 0 failed rows' })).toBeDisabled();
  await expectNoAxeViolations(page, 'a finished bulk match');

  await page.getByRole('button', { name: 'Export CSV' }).click();
  const link = page.getByRole('link', { name: /^Download companies-matched-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/ });
  await expect(link).toBeVisible();
  await expect(page.getByText(/Saved .*-matched-.*\.csv \(9 rows/)).toBeVisible();
  // The file on disk: every input row, the analyst's key column first, statuses and matches joined to it.
  // The pasted ";" is kept (issue 27): read with the delimiter the file uses.
  const [header, ...rows] = readExportedCsv(join(app.dataDir, 'exports', (await link.getAttribute('download'))!));
  expect(header!.slice(0, 5)).toEqual(['ref', 'Company', 'Web', 'Country', 'extra fields']);
  expect(rows.map((r) => r[0])).toEqual(['K1', 'K2', 'K3', 'K4', 'K5', 'K6', 'K7', 'K8', 'K9']);
  const col = (name: string) => header!.indexOf(name);
  expect(rows.map((r) => r[col('match.status')])).toEqual(['matched', 'matched', 'invalid', 'invalid', 'matched', 'matched', 'invalid', 'invalid', 'invalid']);
  expect(rows[0]![col('match.company_id')]).toBe(good[0]!.company_id);
  expect(rows[5]![col('match.company_id')]).toBe(good[3]!.company_id);
  expect(rows[3]!.slice(0, 5)).toEqual(['K4', 'Too', 'many', 'columns', 'here']);
  expect(rows[7]!.slice(0, 4)).toEqual(['K8', 'Lost One', 'lost.example', 'IT']);

  // Open a matched row's company from the bulk table.
  await table.getByRole('button', { name: 'Open details of the match for line 2' }).click();
  await expect(page.getByRole('region', { name: good[0]!.name })).toContainText(good[0]!.company_id);

  // Switching to the single form and back keeps the finished job on screen.
  await page.getByRole('tab', { name: 'One company' }).click();
  await expect(page.getByRole('form', { name: 'Match one company' })).toBeVisible();
  // The bulk row's detail stays with the bulk tab; it does not take room beside the single form.
  await expect(page.getByRole('region', { name: good[0]!.name })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Bulk (CSV)' }).click();
  await expect(page.getByRole('region', { name: good[0]!.name })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: good[3]!.name })).toContainText('Matched');
});
