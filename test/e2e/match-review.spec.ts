// Bulk-match review E2E against browser mode with the embedded sandbox (seed 42): match a pasted
// CSV, move the threshold slider, review the queue by keyboard (accept, pick the 2nd candidate,
// reject), export and read the decisions back, then add the accepted rows to a new list.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { loadDataset } from '../../src/sandbox/dataset';
import { expectNoAxeViolations } from './a11y';
import { expect, test } from './fixtures';
import { readExportedCsv } from './match-helpers';

// A prefix of the host's dataset (generation is per index), enough to pick known companies.
const dataset = loadDataset(42, 400);
const plain = dataset.companies.filter((c) => c.website && !/[",;]/.test(c.name));
// Name and website: confidence 0.95, accepted on their own. Name only: 0.7, waits for review.
const sure = plain.slice(0, 3);
const unsure = plain.slice(3, 6);

async function counts(page: Page) {
  return (await page.getByRole('region', { name: 'Review matches' }).getByRole('status').first().textContent())?.trim();
}

test('bulk match review: slider, keyboard decisions, decisions in the export, accepted rows to a list', async ({ page, app }) => {
  // Two axe scans and a bulk run: generous on a loaded CI machine.
  test.setTimeout(300_000);
  const csv = ['ref,Company,Web', ...sure.map((c, i) => `S${i + 1},${c.name},${c.website}`), ...unsure.map((c, i) => `U${i + 1},${c.name},`)].join('\n');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Match' }).click();
  await page.getByRole('tab', { name: 'Bulk (CSV)' }).click();
  const bulk = page.getByRole('tabpanel', { name: 'Bulk (CSV)' });
  await bulk.getByLabel('…or paste CSV').fill(csv);
  await bulk.getByRole('button', { name: 'Read columns' }).click();
  await expect(bulk.getByLabel('Company name')).toHaveValue('Company');
  await expect(bulk.getByLabel('Website')).toHaveValue('Web');
  await bulk.getByRole('button', { name: 'Match all rows' }).click();
  await expect(page.getByRole('heading', { name: /Pasted CSV\s+Finished/ })).toBeVisible({ timeout: 30_000 });

  const review = page.getByRole('region', { name: 'Review matches' });
  await expect(review).toBeVisible();
  // Default threshold 80 %: the three name-only rows wait, the three with a website are accepted.
  const slider = review.getByRole('slider', { name: /Accept automatically at or above/ });
  await expect(slider).toHaveValue('80');
  await expect.poll(() => counts(page)).toBe('3 waiting for review · 3 auto-accepted · 0 accepted · 0 picked another · 0 rejected');
  const queue = review.getByRole('grid', { name: 'Review queue' });
  await expect(queue.getByRole('row')).toHaveCount(4);

  // The slider moves the line: at 60 % nothing waits, at 96 % everything does; back to 80 %.
  await slider.fill('60');
  await expect.poll(() => counts(page)).toBe('0 waiting for review · 6 auto-accepted · 0 accepted · 0 picked another · 0 rejected');
  await expect(review.getByText('Nothing waits for review.')).toBeVisible();
  await slider.fill('96');
  await expect.poll(() => counts(page)).toBe('6 waiting for review · 0 auto-accepted · 0 accepted · 0 picked another · 0 rejected');
  await slider.fill('80');
  await expect.poll(() => counts(page)).toBe('3 waiting for review · 3 auto-accepted · 0 accepted · 0 picked another · 0 rejected');
  await expect(review.getByText(/A accept · R reject · 1–9 pick that candidate/)).toBeVisible();
  await expectNoAxeViolations(page, 'the bulk review queue');

  // Keyboard: arrows move the active row; A accepts it, 2 picks its second candidate, R rejects.
  await queue.focus();
  const rows = queue.getByRole('row');
  await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(2)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(rows.nth(1)).toContainText(unsure[0]!.name);
  await page.keyboard.press('a');
  await expect.poll(() => counts(page)).toBe('2 waiting for review · 3 auto-accepted · 1 accepted · 0 picked another · 0 rejected');
  // The accepted row left the queue: the next one is active, with its candidates beside the queue.
  await expect(rows.nth(1)).toContainText(unsure[1]!.name);
  const candidates = review.getByRole('complementary', { name: /Candidates for line 6/ });
  const second = candidates.getByRole('button', { name: /^Pick candidate 2: / });
  const pickedLabel = ((await second.getAttribute('aria-label')) ?? '').replace(/^Pick candidate 2: /, '');
  await page.keyboard.press('2');
  await expect.poll(() => counts(page)).toBe('1 waiting for review · 3 auto-accepted · 1 accepted · 1 picked another · 0 rejected');
  await expect(rows.nth(1)).toContainText(unsure[2]!.name);
  await page.keyboard.press('r');
  await expect.poll(() => counts(page)).toBe('0 waiting for review · 3 auto-accepted · 1 accepted · 1 picked another · 1 rejected');
  // Decided rows can still be changed: they are listed under "Decided".
  await review.getByLabel('Show in review').selectOption('decided');
  await expect(queue.getByRole('row')).toHaveCount(7);
  await expect(queue.getByRole('row').filter({ hasText: unsure[2]!.name })).toContainText('Rejected');
  await expectNoAxeViolations(page, 'the decided rows of the review');

  // The export records every decision next to every input row and column.
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const link = page.getByRole('link', { name: /^Download companies-matched-.*\.csv$/ });
  await expect(link).toBeVisible();
  const [header, ...out] = readExportedCsv(join(app.dataDir, 'exports', (await link.getAttribute('download'))!));
  const col = (name: string) => header!.indexOf(name);
  expect(header!.slice(0, 3)).toEqual(['ref', 'Company', 'Web']);
  expect(out.map((r) => r[0])).toEqual(['S1', 'S2', 'S3', 'U1', 'U2', 'U3']);
  expect(out.map((r) => r[col('match.decision')])).toEqual(['auto-accepted', 'auto-accepted', 'auto-accepted', 'accepted', 'picked', 'rejected']);
  // match.* is the company the decision accepts; candidate.* the service's best candidate.
  expect(out.slice(0, 3).map((r) => r[col('match.company_id')])).toEqual(sure.map((c) => c.company_id));
  expect(out[3]![col('match.company_id')]).toBe(out[3]![col('candidate.company_id')]);
  // Picked: another candidate than the best, named as the review showed it.
  expect(out[4]![col('match.company_id')]).not.toBe(out[4]![col('candidate.company_id')]);
  expect(pickedLabel.startsWith(out[4]![col('match.company.name')]!)).toBe(true);
  // Rejected: no company in match.*, the best candidate kept apart.
  expect(out[5]![col('match.company_id')]).toBe('');
  expect(out[5]![col('candidate.company_id')]).not.toBe('');

  // Only accepted rows join the list (3 auto + 1 accepted + 1 picked; the rejected one stays out).
  const toList = review.getByRole('form', { name: 'Add accepted rows to a list' });
  await toList.getByLabel('New list name').fill('Reviewed suppliers');
  await toList.getByRole('button', { name: 'Add 5 accepted to list' }).click();
  await expect(toList.getByRole('status')).toContainText('5 companies added to “Reviewed suppliers”');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Lists' }).click();
  await expect(page.getByText('Reviewed suppliers').first()).toBeVisible();
});
