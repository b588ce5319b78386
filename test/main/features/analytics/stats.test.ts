// Median, percentile rank (mid-rank: ties in the middle), rank and the score bins behind the histograms.
import { describe, expect, it } from 'vitest';
import { median, percentileRank, rankOf, scoreBins } from '../../../../src/main/features/analytics/stats';

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones; null for none', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});

describe('percentileRank', () => {
  it('counts those below plus half of the ties (the company included) over all', () => {
    expect(percentileRank(30, [10, 20, 30, 40])).toBe(62.5);
    expect(percentileRank(10, [10, 20, 30, 40])).toBe(12.5);
    expect(percentileRank(40, [10, 20, 30, 40])).toBe(87.5);
  });
  it('puts a group of equal scores at the 50th', () => {
    expect(percentileRank(50, [50, 50, 50])).toBe(50);
  });
  it('says nothing for a group of one', () => {
    expect(percentileRank(50, [50])).toBeNull();
  });
});

describe('rankOf', () => {
  it('is 1 for the highest; ties share the better rank', () => {
    expect(rankOf(40, [10, 40, 30])).toBe(1);
    expect(rankOf(30, [30, 40, 30, 10])).toBe(2);
    expect(rankOf(10, [30, 40, 30, 10])).toBe(4);
  });
});

describe('scoreBins', () => {
  it('bins 0–100 in tens, the last bin closed so 100 counts in 90–100', () => {
    const { bins, outOfRange } = scoreBins([0, 9.9, 10, 55, 90, 100]);
    expect(outOfRange).toBe(0);
    expect(bins).toHaveLength(10);
    expect(bins[0]).toEqual({ x0: 0, x1: 10, count: 2 });
    expect(bins[1]).toEqual({ x0: 10, x1: 20, count: 1 });
    expect(bins[5]!.count).toBe(1);
    expect(bins[9]).toEqual({ x0: 90, x1: 100, count: 2 });
    expect(bins.reduce((n, b) => n + b.count, 0)).toBe(6);
  });
  it('counts a score outside 0–100 as out of range, in no bin, and keeps the ten bins', () => {
    const { bins, outOfRange } = scoreBins([-3, 50, 112, 1e7, 1e300, -1e300, Number.NaN]);
    expect(outOfRange).toBe(6);
    expect(bins.map((b) => [b.x0, b.x1])).toEqual(Array.from({ length: 10 }, (_, i) => [i * 10, i * 10 + 10]));
    expect(bins.reduce((n, b) => n + b.count, 0)).toBe(1);
  });
  it('gives empty bins for no scores', () => {
    expect(scoreBins([]).bins.every((b) => b.count === 0)).toBe(true);
  });
});
