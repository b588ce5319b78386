// The review queue by keyboard, one model stated on screen: deciding moves to the next row, the
// arrows only move, U or Ctrl+Z undo the last decision. A, ↓, A, ↓, R on six waiting rows decides
// exactly the first, third and fifth; the export read back from disk says so, and undo puts rows back.
import type { Page } from '@playwright/test';
import { loadDataset } from '../../src/sandbox/dataset';
import { expectNoAxeViolations } from './a11y';
import { expect, test } from './fixtures';
import { exportedCsv, matchAll, pasteCsv } from './match-helpers';

// Name only: confidence 0.7, each row waits for review at the default 80 %. File lines 2..7.
const unsure = loadDataset(42, 400).companies.filter((c) => c.website && !/[",;]/.test(c.name)).slice(0, 6);

async function exportedDecisions(page: Page, dataDir: string): Promise<string[]> {
  const { rows, col } = await exportedCsv(page, dataDir);
  return rows.map((r) => `${r[0]} ${r[col('match.decision')]}`);
}

test('A, ↓, A, ↓, R decides exactly the rows the cursor was on; Ctrl+Z and U undo the last decisions', async ({ page, app }) => {
  test.setTimeout(120_000);
  const csv = ['ref,Company', ...unsure.map((c, i) => `U${i + 1},${c.name}`)].join('\n');
  await matchAll(page, await pasteCsv(page, csv));

  const review = page.getByRole('region', { name: 'Review matches' });
  const queue = review.getByRole('grid', { name: 'Review queue' });
  await expect(queue.getByRole('row')).toHaveCount(1 + 6);
  // The model is stated where the keys are.
  await expect(review.getByText(/Deciding moves to the next row; the arrows only move\./)).toBeVisible();
  await queue.focus();
  for (const k of ['a', 'ArrowDown', 'a', 'ArrowDown', 'r']) await page.keyboard.press(k);
  await expect(review.getByRole('status').first()).toContainText('3 waiting for review · 0 auto-accepted · 2 accepted · 0 picked another · 1 rejected');
  await expect(queue.getByRole('row')).toHaveCount(1 + 3);
  // The cursor is on the row after the last one decided.
  await expect(queue).toHaveAttribute('aria-activedescendant', /-7$/);
  expect(await exportedDecisions(page, app.dataDir)).toEqual(['U1 accepted', 'U2 pending', 'U3 accepted', 'U4 pending', 'U5 rejected', 'U6 pending']);

  // Undo, newest first: the rejection of U5 (line 6), then the acceptance of U3 (line 4).
  await queue.focus();
  await page.keyboard.press('Control+z');
  await expect(queue).toHaveAttribute('aria-activedescendant', /-6$/);
  await expect(review.getByText('Undone: line 6 is as the threshold decides again.')).toBeAttached();
  await page.keyboard.press('u');
  await expect(queue).toHaveAttribute('aria-activedescendant', /-4$/);
  await expect(review.getByRole('status').first()).toContainText('5 waiting for review · 0 auto-accepted · 1 accepted · 0 picked another · 0 rejected');
  await expectNoAxeViolations(page, 'the review queue after undo');
  expect(await exportedDecisions(page, app.dataDir)).toEqual(['U1 accepted', 'U2 pending', 'U3 pending', 'U4 pending', 'U5 pending', 'U6 pending']);
});
