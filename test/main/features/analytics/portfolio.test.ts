// Portfolio analytics: coverage and freshness, rating breakdown in rating order, distributions per
// part, small multiples per country (the rest merged into "Other") and top movers.
import { describe, expect, it } from 'vitest';
import { coverage, freshnessOf } from '../../../../src/main/features/analytics/coverage';
import { topMovers } from '../../../../src/main/features/analytics/movers';
import { GROUPS_SHOWN, portfolioAnalytics, ratingCounts } from '../../../../src/main/features/analytics/portfolio';
import { analyticsRows } from '../../../../src/main/features/analytics/analytics-sheet';
import { company, D62, DE, FR } from './fixtures';

const NOW = Date.UTC(2026, 10, 25, 12);
const DAY = 86_400_000;
const source = { kind: 'list' as const, id: 1, name: 'Portfolio A' };

describe('coverage', () => {
  it('counts companies with data and with scores, and buckets them by their newest result', () => {
    const cs = [
      company('a', { overall: 50, lastRefreshed: NOW - 2 * 3600_000 }),
      company('b', { overall: 60, lastRefreshed: NOW - 3 * DAY }),
      company('c', { lastRefreshed: NOW - 45 * DAY }), // news only: data, no scores
      company('d', { overall: 70, lastRefreshed: NOW - 200 * DAY }),
      company('e'),
    ];
    const c = coverage(cs, NOW);
    expect(c).toMatchObject({ companies: 5, withData: 4, withScores: 3, newest: NOW - 2 * 3600_000, oldest: NOW - 200 * DAY });
    expect(Object.fromEntries(c.freshness.map((f) => [f.key, f.count]))).toEqual({ day: 1, week: 1, month: 0, quarter: 1, older: 1, never: 1 });
    expect(c.freshness[0]!.label).toBe('Within a day');
  });
  it('puts the bucket edges on whole days', () => {
    expect(freshnessOf(NOW - DAY, NOW)).toBe('day');
    expect(freshnessOf(NOW - DAY - 1, NOW)).toBe('week');
    expect(freshnessOf(NOW - 90 * DAY, NOW)).toBe('quarter');
    expect(freshnessOf(null, NOW)).toBe('never');
  });
});

describe('ratingCounts', () => {
  it('orders ratings best first, unknown scales after them, a score without a rating last', () => {
    const cs = [company('a', { overall: 50, rating: 'BBB' }), company('b', { overall: 80, rating: 'AA' }), company('c', { overall: 40 }), company('d', { overall: 20, rating: 'Z1' }), company('e', { overall: 81, rating: 'AA' }), company('f')];
    expect(ratingCounts(cs)).toEqual([
      { rating: 'AA', count: 2 },
      { rating: 'BBB', count: 1 },
      { rating: 'Z1', count: 1 },
      { rating: 'No rating', count: 1 },
    ]);
  });
});

describe('topMovers', () => {
  it('lists the largest rises and falls since the previous refresh, with the scores before and after', () => {
    const cs = [
      company('a', { name: 'Apex', overall: 60, overallChange: 5, previousRating: 'BB', rating: 'BBB' }),
      company('b', { name: 'Borealis', overall: 40, overallChange: -8 }),
      company('c', { name: 'Cobalt', overall: 70, overallChange: 0 }),
      company('d', { name: 'Delta', overall: 72, overallChange: 12 }),
      company('e', { name: 'Ember', overall: 30 }), // one refresh only: not compared
    ];
    const m = topMovers(cs, 1);
    expect(m.compared).toBe(4);
    expect(m.up).toEqual([{ companyId: 'd', name: 'Delta', previous: 60, latest: 72, change: 12, previousRating: null, rating: null }]);
    expect(m.down.map((x) => [x.name, x.previous, x.latest])).toEqual([['Borealis', 48, 40]]);
  });
});

describe('portfolioAnalytics', () => {
  const cs = [
    company('a', { country: DE, division: D62, overall: 55, environmental: 60, social: 50, governance: 52, rating: 'BBB', lastRefreshed: NOW }),
    company('b', { country: DE, division: D62, overall: 81, environmental: 90, social: 75, governance: 77, rating: 'AA', lastRefreshed: NOW }),
    company('c', { country: FR, overall: 38, environmental: 20, social: 50, governance: 50, rating: 'BB', lastRefreshed: NOW }),
    company('d', { country: FR }),
    company('e'),
  ];
  const a = portfolioAnalytics(cs, source, NOW);

  it('has one distribution per part with its median and bins', () => {
    expect(a.distributions.map((d) => [d.part, d.n, d.median])).toEqual([
      ['overall', 3, 55],
      ['environmental', 3, 60],
      ['social', 3, 50],
      ['governance', 3, 52],
    ]);
    const overall = a.distributions[0]!.bins;
    expect(overall.find((b) => b.x0 === 50)!.count).toBe(1);
    expect(overall.find((b) => b.x0 === 80)!.count).toBe(1);
    expect(overall.find((b) => b.x0 === 30)!.count).toBe(1);
  });

  it('breaks down by country and division with the same ratings in every panel', () => {
    expect(a.byCountry.map((g) => [g.label, g.companies, g.withScores, g.medianOverall])).toEqual([
      ['Germany', 2, 2, 68],
      ['France', 2, 1, 38],
      ['Country unknown', 1, 0, null],
    ]);
    expect(a.byCountry[0]!.ratings).toEqual([
      { rating: 'AA', count: 1 },
      { rating: 'BBB', count: 1 },
      { rating: 'BB', count: 0 },
    ]);
    expect(a.byDivision.map((g) => g.label)).toEqual([D62.label, 'Industry unknown']);
  });

  it('merges the groups past the ones shown into "Other"', () => {
    const many = Array.from({ length: GROUPS_SHOWN + 3 }, (_, i) => company(`x${i}`, { country: { key: `C${i}`, label: `Country ${i}` }, overall: 50 + i }));
    const groups = portfolioAnalytics(many, source, NOW).byCountry;
    expect(groups).toHaveLength(GROUPS_SHOWN + 1);
    expect(groups.at(-1)).toMatchObject({ key: 'other', label: 'Other (3 more)', companies: 3, withScores: 3 });
  });

  it('gives the workbook one row per bar, bin and figure', () => {
    const rows = analyticsRows(a);
    expect(rows).toContainEqual(['Coverage', null, 'With scores', 3, null, null, null]);
    expect(rows).toContainEqual(['Score distribution', 'Overall', 'Median', 3, 55, null, null]);
    expect(rows).toContainEqual(['Score distribution', 'Environmental', '90–100', 1, null, null, null]);
    expect(rows).toContainEqual(['Rating breakdown', null, 'AA', 1, null, null, null]);
    expect(rows).toContainEqual(['Overall score by country', 'Germany', 'Median overall score', 2, 68, null, null]);
    expect(rows).toContainEqual(['Rating by industry division', D62.label, 'BBB', 1, null, null, null]);
    expect(rows).toContainEqual(['Top movers', null, 'Compared with the previous refresh', 0, null, null, null]);
  });
});

describe('portfolioAnalytics with a score far outside 0–100 (issue 36)', () => {
  // One hostile or broken score used to widen every histogram to hold it: 1e7 made 1,000,000 bins per
  // panel (113 MB to the page); 1e300 never returned. Now it is flagged and the bins stay ten.
  for (const huge of [1e7, 1e300]) {
    it(`keeps ten bins per histogram and flags ${huge} as out of range`, () => {
      const cs = [
        company('a', { country: DE, division: D62, overall: 55, environmental: 60, rating: 'BBB' }),
        company('b', { country: DE, division: D62, overall: huge, environmental: 70, social: -huge, rating: 'AA' }),
        company('c', { country: FR, overall: 38 }),
      ];
      const a = portfolioAnalytics(cs, source, NOW);
      const panels = [...a.distributions, ...a.byCountry, ...a.byDivision];
      expect(panels.map((p) => p.bins.length)).toEqual(panels.map(() => 10));
      expect(a.distributions.map((d) => [d.part, d.outOfRange])).toEqual([
        ['overall', 1],
        ['environmental', 0],
        ['social', 1],
        ['governance', 0],
      ]);
      expect(a.byCountry.map((g) => [g.label, g.withScores, g.outOfRange])).toEqual([
        ['Germany', 2, 1],
        ['France', 1, 0],
      ]);
      expect(a.distributions[0]!.bins.reduce((n, b) => n + b.count, 0)).toBe(2);
      // What goes to the page stays small: about 3 KB here, not megabytes.
      expect(JSON.stringify(a).length).toBeLessThan(10_000);
      expect(analyticsRows(a)).toContainEqual(['Score distribution', 'Overall', 'Outside 0–100', 1, null, null, null]);
      expect(analyticsRows(a)).toContainEqual(['Overall score by country', 'Germany', 'Outside 0–100', 1, null, null, null]);
    });
  }
});
