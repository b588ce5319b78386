// The small statistics behind the charts: median, percentile rank, rank and fixed-width score bins.
// Pure; scores are on a 0–100 scale, and a value outside it is counted as out of range, never binned.
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

/** The score scale: the bins always span it, ten of BIN_WIDTH. */
export const SCORE_MIN = 0;
export const SCORE_MAX = 100;

/** False for NaN too. */
export const inScoreRange = (v: number): boolean => v >= SCORE_MIN && v <= SCORE_MAX;

export interface ScoreBins {
  bins: HistogramBin[];
  /** Values outside 0–100, in no bin: one bad score (1e7, 1e300) must not make millions of bins. */
  outOfRange: number;
}

/** Counts per bin [x0, x1) over 0–100; the last bin is closed, so a score of 100 counts in 90–100. */
export function scoreBins(values: readonly number[]): ScoreBins {
  const bins: HistogramBin[] = [];
  for (let x0 = SCORE_MIN; x0 < SCORE_MAX; x0 += BIN_WIDTH) bins.push({ x0, x1: x0 + BIN_WIDTH, count: 0 });
  let outOfRange = 0;
  for (const v of values) {
    if (!inScoreRange(v)) {
      outOfRange++;
      continue;
    }
    const i = Math.min(bins.length - 1, Math.floor((v - SCORE_MIN) / BIN_WIDTH));
    bins[i]!.count++; // 0 <= v <= 100, so i is in [0, bins.length - 1]
  }
  return { bins, outOfRange };
}
