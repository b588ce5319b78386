// Bulk-match review while answers are still arriving, against browser mode whose embedded sandbox
// is steered (test/main/features/match/helpers/e2e-host.ts): the first two rows sent answer 6 s late,
// so they land above a cursor already placed further down. Each key press records the highlighted
// row at that moment (a capture listener in the page); the export must show exactly those rows decided.
import type { Page } from '@playwright/test';
import { loadDataset } from '../../src/sandbox/dataset';
import { expect } from './fixtures';
import { sandboxUp, steeredTest } from './steered-host';
import { exportedCsv, pasteCsv } from './match-helpers';

// Name only: confidence 0.7, every row waits for review (threshold 80 %). File lines 2..9.
const unsure = loadDataset(42, 400).companies.filter((c) => c.website && !/[",;]/.test(c.name)).slice(0, 8);
const SLOW_MS = 6_000;

const test = steeredTest;


const activeLine = async (page: Page) =>
  Number((await page.getByRole('grid', { name: 'Review queue' }).getAttribute('aria-activedescendant'))?.split('-').at(-1));

test('keys pressed while answers land above the cursor decide exactly the rows the cursor was on', async ({ page, host }) => {
  test.setTimeout(180_000);
  const csv = ['ref,Company', ...unsure.map((c, i) => `U${i + 1},${c.name}`)].join('\n');
  const bulk = await pasteCsv(page, csv);
  await sandboxUp(host.control);
  // The next two match requests (the first rows sent) answer late.
  const injected = await fetch(`${host.control}/faults/next`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fault: { kind: 'latency', ms: SLOW_MS }, count: 2, target: 'match' }),
  });
  expect(injected.status).toBe(200);
  // Every key press, with the row highlighted when it was pressed.
  await page.evaluate(() => {
    const w = window as unknown as { pressed: Array<{ key: string; active: string | null }> };
    w.pressed = [];
    document.addEventListener(
      'keydown',
      (e) => w.pressed.push({ key: e.key, active: document.querySelector('[aria-label="Review queue"]')?.getAttribute('aria-activedescendant') ?? null }),
      true,
    );
  });
  await bulk.getByRole('button', { name: 'Match all rows' }).click();

  const review = page.getByRole('region', { name: 'Review matches' });
  const queue = review.getByRole('grid', { name: 'Review queue' });
  await expect(queue.getByRole('row')).toHaveCount(1 + 6, { timeout: 30_000 }); // the two slow rows are still out
  await queue.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowUp');
  const before = await activeLine(page);
  expect(before).toBe(8);
  // The two slow answers land above the cursor: it stays on its row.
  await expect(queue.getByRole('row')).toHaveCount(1 + 8, { timeout: SLOW_MS + 20_000 });
  expect(await activeLine(page)).toBe(before);
  await page.keyboard.press('a'); // line 8; the cursor goes to 9
  await page.keyboard.press('ArrowUp'); // 7
  await page.keyboard.press('r'); // line 7
  await page.keyboard.press('Home'); // line 2, above the rows that answered first
  await page.keyboard.press('a');
  await expect(review.getByRole('status').first()).toContainText('5 waiting for review');

  const pressed = await page.evaluate(() => (window as unknown as { pressed: Array<{ key: string; active: string | null }> }).pressed);
  const decided = new Map<number, string>();
  for (const p of pressed) {
    if (p.key !== 'a' && p.key !== 'r') continue;
    decided.set(Number(p.active!.split('-').at(-1)), p.key === 'a' ? 'accepted' : 'rejected');
  }
  expect([...decided.entries()].sort((a, b) => a[0] - b[0])).toEqual([
    [2, 'accepted'],
    [7, 'rejected'],
    [8, 'accepted'],
  ]);

  // The export (read back from disk) shows exactly those rows decided, every other one pending.
  await expect(page.getByRole('heading', { name: /Pasted CSV\s+Finished/ })).toBeVisible({ timeout: 30_000 });
  const { rows: out, col } = await exportedCsv(page, host.dataDir);
  const decision = col('match.decision');
  expect(out.map((r) => r[0])).toEqual(unsure.map((_, i) => `U${i + 1}`));
  expect(out.map((r, i) => [i + 2, r[decision]])).toEqual(unsure.map((_, i) => [i + 2, decided.get(i + 2) ?? 'pending']));
});
