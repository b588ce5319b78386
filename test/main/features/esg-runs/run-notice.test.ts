// The notification of a finished run speaks as the board does: done is complete, the other ends
// (cancelled ones included, after "Retry failed" on a cancelled run) are named with their counts.
import { describe, expect, it } from 'vitest';
import { finishedText } from '../../../../src/main/features/esg-runs/run-notice';
import type { RunInfo, TaskCounts } from '../../../../src/shared/esg-runs/schemas';

const counts = (c: Partial<TaskCounts>): TaskCounts => ({ queued: 0, requesting: 0, processing: 0, complete: 0, not_found: 0, failed: 0, no_access: 0, cancelled: 0, ...c });

describe('finished run notification', () => {
  it('never reads 100 % when cells were cancelled', () => {
    const run = { label: 'Portfolio A', modules: ['news', 'commitments', 'scores'], companies: 917, total: 2751, counts: counts({ complete: 1899, cancelled: 850, failed: 2 }) } as RunInfo;
    expect(finishedText(run)).toEqual({
      title: 'ESG run finished: Portfolio A',
      body: '917 companies (news, commitments, scores): 1,899 of 2,751 cells done (69 %) · 2 failed · 850 cancelled.',
    });
  });

  it('names a run of hostile company names in one line without bidi controls (issue 36)', () => {
    const run = { label: 'Acme \u202Egnp.exe\nand Borealis\u2067', modules: ['scores'], companies: 2, total: 2, counts: counts({ complete: 2 }) } as RunInfo;
    expect(finishedText(run).title).toBe('ESG run finished: Acme gnp.exe and Borealis');
  });
});
