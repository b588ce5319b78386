// The cost of an ESG run, said before it starts: module requests, all requests with the status
// checks and data reads, and the time at the profile's rate (or that the service's pace decides).
import { describe, expect, it } from 'vitest';
import { COSTLY_MODULE_REQUESTS, confirmText, estimateRun, formatDuration, isCostly, modulesPhrase, REQUESTS_PER_CELL, roundAbout } from '../../../src/renderer/esg-runs/run-estimate';

describe('run estimate', () => {
  it('counts module requests exactly and all requests about, with the time at the rate', () => {
    expect(estimateRun(917, 2, 10)).toEqual({ moduleRequests: 1834, requests: 7300, seconds: (1834 * REQUESTS_PER_CELL) / 10 });
    expect(estimateRun(3, 1, null)).toEqual({ moduleRequests: 3, requests: 12, seconds: null });
  });

  it('names the target, its size and the cost in one sentence', () => {
    expect(confirmText('Portfolio A', 917, ['news', 'scores'], 10)).toBe(
      'Refresh news and scores for “Portfolio A” (917 companies): 1,834 module requests, about 7,300 requests with status checks and data reads, ~12 min at 10 requests/s.',
    );
    expect(confirmText('Apex Energy', 1, ['scores'], 50)).toBe('Refresh scores for “Apex Energy” (1 company): 1 module request, about 4 requests with status checks and data reads, ~1 s at 50 requests/s.');
  });

  it('without a rate on the profile, gives the requests and says the time depends on the service', () => {
    expect(confirmText('Largest 50 employers', 50, ['scores', 'news', 'commitments'], null)).toBe(
      'Refresh news, commitments and scores for “Largest 50 employers” (50 companies): 150 module requests, about 600 requests with status checks and data reads; how long it takes depends on the service\'s pace (this profile sets no request rate).',
    );
  });

  it('rounds estimates to two significant digits and durations to a readable unit', () => {
    expect([roundAbout(12), roundAbout(600), roundAbout(7336), roundAbout(11_004), roundAbout(123_456)]).toEqual([12, 600, 7300, 11_000, 120_000]);
    expect([formatDuration(0.2), formatDuration(45), formatDuration(733.6), formatDuration(2 * 3600 + 20 * 60)]).toEqual(['~1 s', '~45 s', '~12 min', '~2 h 20 min']);
    expect(modulesPhrase(['scores', 'news'])).toBe('news and scores');
  });

  it('calls a run costly when all three modules pass the threshold', () => {
    expect(isCostly(3)).toBe(false);
    expect(isCostly(Math.floor(COSTLY_MODULE_REQUESTS / 3))).toBe(false);
    expect(isCostly(50)).toBe(true);
    expect(isCostly(917)).toBe(true);
  });
});
