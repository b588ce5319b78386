// Match E2E against browser mode with the embedded sandbox (seed 42, 25,000 companies): single match
// from the form, open the best result, go on to its ESG news; and a small bulk run from pasted CSV.
import type { Page } from '@playwright/test';
import { loadDataset } from '../../src/sandbox/dataset';
import { ManualClock } from '../../src/sandbox/clock';
import { EsgEngine } from '../../src/sandbox/esg/engine';
import { expectNoAxeViolations } from './a11y';
import { expect, test } from './fixtures';

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
  await form.getByLabel('Country').fill(target.country);
  // The exact JSON that will be sent, built live from the form.
  await expect.poll(async () => JSON.parse((await body.inputValue()) || 'null')).toEqual({ name: target.name, website: target.website, country: target.country });

  await form.getByRole('button', { name: 'Find matches' }).click();
  const results = page.getByRole('table', { name: 'Match results' });
  await expect(results).toBeVisible();
  const first = results.getByRole('row').nth(1);
  await expect(first).toContainText(target.company_id);
  await expect(first.getByRole('cell').nth(1)).toHaveText(/^\d+%$/);

  await first.getByRole('button', { name: `Open details of ${target.name}` }).click();
  const detail = page.getByRole('region', { name: target.name });
  await expect(detail).toBeVisible();
  await expect(detail.getByRole('heading', { level: 2, name: target.name })).toBeFocused();
  await expectNoAxeViolations(page, 'match results with a company open');
  await expect(detail).toContainText(target.company_id);

  await detail.getByRole('button', { name: 'Open ESG news' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ESG' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Company ${target.company_id}` })).toBeVisible();
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
  await expect(rows.nth(1)).toContainText(target.company_id);
  await page.getByRole('button', { name: 'Reset body to the form' }).click();
  await expect.poll(async () => JSON.parse(await body.inputValue())).toEqual({ name: 'placeholder' });
});

test('bulk match of pasted CSV: statuses with line numbers, retry and export', async ({ page }) => {
  const good = dataset.companies.filter((c) => c.website && !/[",;]/.test(c.name)).slice(0, 4);
  const csv = ['Company;Web;Country', ...good.slice(0, 2).map((c) => `${c.name};${c.website};${c.country}`), ';nobody.example;DE', 'Too;many;columns;here', ...good.slice(2).map((c) => `${c.name};${c.website};${c.country}`)].join('\n');
  await openMatch(page);
  await page.getByRole('tab', { name: 'Bulk (CSV)' }).click();
  const bulk = page.getByRole('tabpanel', { name: 'Bulk (CSV)' });
  await bulk.getByLabel('…or paste CSV').fill(csv);
  await bulk.getByRole('button', { name: 'Read columns' }).click();
  // Suggested mapping from the header names.
  await expect(bulk.getByLabel('Company name')).toHaveValue('Company');
  await expect(bulk.getByLabel('Website')).toHaveValue('Web');
  await bulk.getByLabel('Country').selectOption('Country');
  await bulk.getByRole('button', { name: 'Match all rows' }).click();

  await expect(page.getByRole('heading', { name: /Pasted CSV\s+Finished/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('6 of 6 rows done · 4 matched · 0 no match · 0 errors · 2 invalid', { exact: false })).toBeVisible();
  const table = page.getByRole('table', { name: 'Bulk match rows' });
  await expect(table.getByRole('row').filter({ hasText: 'Line 4: Company name is required.' })).toContainText('Invalid');
  await expect(table.getByRole('row').filter({ hasText: 'Line 5: wrong number of columns' })).toContainText('Invalid');
  await expect(table.getByRole('row').filter({ hasText: good[3].name })).toContainText('Matched');
  await expect(page.getByRole('button', { name: 'Retry 0 failed rows' })).toBeDisabled();
  await expectNoAxeViolations(page, 'a finished bulk match');

  await page.getByRole('button', { name: 'Export CSV' }).click();
  const link = page.getByRole('link', { name: /Download .*-matched\.csv/ });
  await expect(link).toBeVisible();
  await expect(page.getByText(/Saved .*-matched\.csv \(6 rows\)/)).toBeVisible();

  // Open a matched row's company from the bulk table.
  await table.getByRole('button', { name: 'Open details of the match for line 2' }).click();
  await expect(page.getByRole('region', { name: good[0].name })).toContainText(good[0].company_id);

  // Switching to the single form and back keeps the finished job on screen.
  await page.getByRole('tab', { name: 'One company' }).click();
  await expect(page.getByRole('form', { name: 'Match one company' })).toBeVisible();
  await page.getByRole('tab', { name: 'Bulk (CSV)' }).click();
  await expect(table.getByRole('row').filter({ hasText: good[3].name })).toContainText('Matched');
});
