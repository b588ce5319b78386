// The small statistics behind the charts: median, percentile rank, rank and fixed-width score bins.
// Pure; scores are on a 0–100 scale unless a value says otherwise (the bins then widen to hold it).
import type { HistogramBin } from '../../../shared/analytics/analytics';

export const BIN_WIDTH = 10;

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  // values.length > 0, so mid (and mid - 1 when the count is even) are in range.
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * Percentile rank of `value` among `values` (which include it): the share scoring lower plus half
 * the share scoring the same, in percent (the mid-rank definition, so ties sit in the middle and a
 * group of equal scores is at the 50th). Null below two values: a rank among one says nothing.
 */
export function percentileRank(value: number, values: readonly number[]): number | null {
  if (values.length < 2) return null;
  let below = 0;
  let equal = 0;
  for (const v of values) {
    if (v < value) below++;
    else if (v === value) equal++;
  }
  return ((below + equal / 2) / values.length) * 100;
}

/** 1 for the highest score; ties share the better rank. */
export function rankOf(value: number, values: readonly number[]): number {
  return values.filter((v) => v > value).length + 1;
}

/** The bin edges for these scores: 0–100 in tens, widened to hold any value outside it. */
export function binDomain(values: readonly number[]): [number, number] {
  let lo = 0;
  let hi = 100;
  for (const v of values) {
    if (v < lo) lo = Math.floor(v / BIN_WIDTH) * BIN_WIDTH;
    if (v > hi) hi = Math.ceil(v / BIN_WIDTH) * BIN_WIDTH;
  }
  return [lo, hi];
}

/** Counts per bin [x0, x1); the last bin is closed, so a score of 100 counts in 90–100. */
export function scoreBins(values: readonly number[], domain: [number, number] = binDomain(values)): HistogramBin[] {
  const [lo, hi] = domain;
  const bins: HistogramBin[] = [];
  for (let x0 = lo; x0 < hi; x0 += BIN_WIDTH) bins.push({ x0, x1: x0 + BIN_WIDTH, count: 0 });
  for (const v of values) {
    const i = Math.min(bins.length - 1, Math.max(0, Math.floor((v - lo) / BIN_WIDTH)));
    bins[i]!.count++; // clamped to [0, bins.length - 1]; lo < hi, so there is at least one bin
  }
  return bins;
}
