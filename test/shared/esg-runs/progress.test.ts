// A run's progress in words: "done" is complete with data, the other ends are said apart with
// their counts, and the percent is of cells done (floored, so never a rounded-up 100 %).
import { describe, expect, it } from 'vitest';
import { donePercent, outcomeParts, progressText, runProgress } from '../../../src/shared/esg-runs/progress';
import type { TaskCounts } from '../../../src/shared/esg-runs/schemas';

const counts = (c: Partial<TaskCounts>): TaskCounts => ({ queued: 0, requesting: 0, processing: 0, complete: 0, not_found: 0, failed: 0, no_access: 0, cancelled: 0, ...c });

describe('run progress', () => {
  it('a cancelled run: done is what completed, the cancelled cells are named with their count', () => {
    const p = runProgress(counts({ complete: 1899, cancelled: 852 }), 2751);
    expect(p).toMatchObject({ done: 1899, cancelled: 852, endedOtherwise: 852, open: 0, percent: 69 });
    expect(progressText(p)).toBe('1,899 of 2,751 cells done (69 %) · 852 cancelled');
  });

  it('a run where every cell was cancelled reads 0 %, not 100 %', () => {
    expect(progressText(runProgress(counts({ cancelled: 2751 }), 2751))).toBe('0 of 2,751 cells done (0 %) · 2,751 cancelled');
  });

  it('says failed, cancelled, not found and without access apart, and leaves out what is zero', () => {
    const p = runProgress(counts({ complete: 140, failed: 2, not_found: 6, no_access: 1, processing: 1 }), 150);
    expect(p.open).toBe(1);
    expect(outcomeParts(p)).toEqual(['2 failed', '6 not found', '1 without access']);
    expect(progressText(p)).toBe('140 of 150 cells done (93 %) · 2 failed · 6 not found · 1 without access');
    expect(progressText(runProgress(counts({ complete: 150 }), 150))).toBe('150 of 150 cells done (100 %)');
  });

  it('floors the percent: one cell short of all is 99 %', () => {
    expect(donePercent(2750, 2751)).toBe(99);
    expect(donePercent(0, 0)).toBe(0);
    expect(donePercent(3, 3)).toBe(100);
  });
});
