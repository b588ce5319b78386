// The board's view model: batched task updates -> rows, cells, counts, failures and the ETA, with
// untouched rows kept identical (what lets memoised rows skip re-rendering).
import { describe, expect, it } from 'vitest';
import { applyUpdates, boardProgress, createBoard, estimateRemainingMs, formatEta, runSummary, type TaskUpdate } from '../../../src/renderer/data/esg-runs-board';
import { progressText } from '../../../src/shared/esg-runs/progress';
import { ESG_MODULES } from '../../../src/shared/service/schemas';

const companies = Array.from({ length: 1000 }, (_, i) => ({ companyId: `c${i}`, companyName: `Company ${i} AG` }));
const t0 = 1_700_000_000_000;
const up = (i: number, module: TaskUpdate['module'], state: TaskUpdate['state'], at: number, extra: Partial<TaskUpdate> = {}): TaskUpdate => ({ companyId: `c${i}`, module, state, updatedAt: at, ...extra });

describe('board model', () => {
  it('starts every cell queued, one row per company in order, duplicates once', () => {
    const b = createBoard(ESG_MODULES, [...companies.slice(0, 3), companies[0]!], [], t0);
    expect(b.rows.map((r) => r.companyName)).toEqual(['Company 0 AG', 'Company 1 AG', 'Company 2 AG']);
    expect(b.total).toBe(9);
    expect(b.counts.queued).toBe(9);
    expect(b.ended).toBe(0);
    expect(b.rows[0]!.cells.news).toMatchObject({ state: 'queued' });
  });

  it('applies a batch to the touched rows only; every other row keeps its identity', () => {
    const b = createBoard(ESG_MODULES, companies, [], t0);
    const next = applyUpdates(b, [up(5, 'news', 'requesting', t0 + 1), up(5, 'news', 'processing', t0 + 2, { count: 12 }), up(700, 'scores', 'complete', t0 + 3, { count: 1 })], t0 + 10);
    expect(next.rows).not.toBe(b.rows);
    const changed = next.rows.map((r, i) => (r === b.rows[i] ? null : i)).filter((i) => i !== null);
    expect(changed).toEqual([5, 700]);
    expect(next.rows[5]!.cells.news).toEqual({ state: 'processing', count: 12, reason: null, updatedAt: t0 + 2 });
    expect(next.rows[5]!.cells.scores).toBe(b.rows[5]!.cells.scores);
    expect(next.counts).toMatchObject({ queued: 2998, processing: 1, complete: 1, requesting: 0 });
    expect(next.ended).toBe(1);
  });

  it('returns the same model when nothing changes (no re-render at all)', () => {
    const b = applyUpdates(createBoard(ESG_MODULES, companies, [], t0), [up(1, 'news', 'processing', t0 + 1, { count: 3 })], t0 + 1);
    expect(applyUpdates(b, [], t0 + 2)).toBe(b);
    expect(applyUpdates(b, [up(1, 'news', 'processing', t0 + 2, { count: 3 })], t0 + 2)).toBe(b);
    expect(applyUpdates(b, [up(99_999, 'news', 'complete', t0 + 2)], t0 + 2)).toBe(b);
  });

  it('ignores an update older than the cell it would replace', () => {
    const b = applyUpdates(createBoard(ESG_MODULES, companies, [], t0), [up(1, 'news', 'complete', t0 + 50, { count: 40 })], t0 + 50);
    const late = applyUpdates(b, [up(1, 'news', 'processing', t0 + 20, { count: 10 })], t0 + 60);
    expect(late.rows[1]!.cells.news?.state).toBe('complete');
    expect(late.counts.complete).toBe(1);
  });

  it('keeps the live count while processing and counts every state', () => {
    let b = createBoard(['news', 'scores'], companies.slice(0, 4), [], t0);
    b = applyUpdates(b, [up(0, 'news', 'processing', t0 + 1, { count: 7 }), up(0, 'news', 'processing', t0 + 2, { count: 19 })], t0 + 2);
    expect(b.rows[0]!.cells.news?.count).toBe(19);
    b = applyUpdates(
      b,
      [up(1, 'news', 'not_found', t0 + 3), up(2, 'news', 'no_access', t0 + 3), up(3, 'news', 'cancelled', t0 + 3), up(0, 'scores', 'failed', t0 + 3, { reason: 'Service unavailable (503) after 5 tries' })],
      t0 + 3,
    );
    expect(b.counts).toMatchObject({ processing: 1, not_found: 1, no_access: 1, cancelled: 1, failed: 1, queued: 3 });
    expect(b.ended).toBe(4);
  });

  it('lists failures with their reason and drops them when retried', () => {
    let b = createBoard(ESG_MODULES, companies.slice(0, 10), [], t0);
    b = applyUpdates(b, [up(2, 'news', 'failed', t0 + 1, { reason: 'Timed out' }), up(4, 'scores', 'failed', t0 + 1, { reason: 'Bad gateway (502)' })], t0 + 1);
    expect([...b.failures.values()]).toEqual([
      { companyId: 'c2', companyName: 'Company 2 AG', module: 'news', reason: 'Timed out' },
      { companyId: 'c4', companyName: 'Company 4 AG', module: 'scores', reason: 'Bad gateway (502)' },
    ]);
    const failures = b.failures;
    b = applyUpdates(b, [up(7, 'news', 'complete', t0 + 2)], t0 + 2);
    expect(b.failures).toBe(failures);
    b = applyUpdates(b, [up(2, 'news', 'queued', t0 + 3)], t0 + 3);
    expect([...b.failures.keys()]).toHaveLength(1);
    expect(b.counts.failed).toBe(1);
    expect(b.ended).toBe(2);
  });

  it('loads the tasks already known (a run reopened or resumed after a restart)', () => {
    const b = createBoard(ESG_MODULES, companies.slice(0, 2), [up(0, 'news', 'complete', t0 - 5, { count: 3 }), up(1, 'scores', 'processing', t0 - 5, { count: 0 })], t0);
    expect(b.ended).toBe(1);
    expect(b.samples).toEqual([{ t: t0, ended: 1 }]);
    expect(estimateRemainingMs(b, t0 + 1000)).toBeNull();
  });

  it('estimates the time left from the rate over the last minute', () => {
    let b = createBoard(['news'], companies.slice(0, 100), [], t0);
    // 10 cells per second for 5 s: 50 done, 50 left -> about 5 s.
    for (let s = 1; s <= 5; s++) b = applyUpdates(b, Array.from({ length: 10 }, (_, k) => up((s - 1) * 10 + k, 'news', 'complete', t0 + s * 1000)), t0 + s * 1000);
    expect(estimateRemainingMs(b, t0 + 5000)).toBe(5000);
    expect(formatEta(estimateRemainingMs(b, t0 + 5000))).toBe('about 5 s left');
    // A stall slows the estimate down rather than freezing it; after a minute without progress there is no rate.
    expect(estimateRemainingMs(b, t0 + 30_000)).toBe(30_000);
    expect(estimateRemainingMs(b, t0 + 65_000)).toBeNull();
    expect(formatEta(null)).toBe('estimating…');
    expect(formatEta(3 * 3600_000 + 5 * 60_000)).toBe('about 3 h 5 min left');
  });

  it('summarises the run in 10 % steps of cells done for the live region, other ends apart', () => {
    let b = createBoard(['news'], companies.slice(0, 100), [], t0);
    b = applyUpdates(b, Array.from({ length: 37 }, (_, k) => up(k, 'news', k < 35 ? 'complete' : 'failed', t0 + 1, { reason: 'x' })), t0 + 1);
    expect(runSummary(b, 'Running')).toBe('Running: 30 % of 100 cells done, 2 failed.');
    b = applyUpdates(b, Array.from({ length: 63 }, (_, k) => up(37 + k, 'news', 'not_found', t0 + 2)), t0 + 2);
    // Every cell ended, but only 35 with data: not "all done".
    expect(runSummary(b, 'Finished')).toBe('Finished: 30 % of 100 cells done, 2 failed, 63 not found.');
    const all = applyUpdates(createBoard(['news'], companies.slice(0, 4), [], t0), [0, 1, 2, 3].map((k) => up(k, 'news', 'complete', t0 + 1)), t0 + 1);
    expect(runSummary(all, 'Finished')).toBe('Finished: all of 4 cells done.');
  });

  it('never calls a cancelled run done: the cancelled cells are counted and said', () => {
    // 917 companies x 3 modules; 1,899 complete, the other 852 cancelled (the run the analyst cancelled).
    let b = createBoard(ESG_MODULES, companies.slice(0, 917), [], t0);
    const updates: TaskUpdate[] = [];
    let k = 0;
    for (let i = 0; i < 917; i++) for (const m of ESG_MODULES) updates.push(up(i, m, k++ < 1899 ? 'complete' : 'cancelled', t0 + 1));
    b = applyUpdates(b, updates, t0 + 1);
    expect(b.ended).toBe(2751);
    const p = boardProgress(b);
    expect(p).toMatchObject({ total: 2751, done: 1899, cancelled: 852, open: 0, percent: 69 });
    expect(progressText(p)).toBe('1,899 of 2,751 cells done (69 %) · 852 cancelled');
    expect(runSummary(b, 'Cancelled')).toBe('Cancelled: 60 % of 2,751 cells done, 852 cancelled.');
    expect(estimateRemainingMs(b, t0 + 2)).toBeNull();
  });
});
