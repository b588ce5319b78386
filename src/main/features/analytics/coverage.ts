// Coverage of a portfolio: how many companies have ESG data and scores, and how fresh it is (by
// each company's newest stored result).
import { FRESHNESS_BUCKETS, FRESHNESS_LABELS, type Coverage, type FreshnessKey } from '../../../shared/analytics/analytics';
import type { AnalyticsCompany } from './company-facts';

const DAY = 86_400_000;

/** The bucket of a company refreshed at `at` (null: never), seen at `now`. */
export function freshnessOf(at: number | null, now: number): FreshnessKey {
  if (at === null) return 'never';
  const age = now - at;
  if (age <= DAY) return 'day';
  if (age <= 7 * DAY) return 'week';
  if (age <= 30 * DAY) return 'month';
  if (age <= 90 * DAY) return 'quarter';
  return 'older';
}

export function coverage(companies: readonly AnalyticsCompany[], now: number): Coverage {
  const counts = new Map<FreshnessKey, number>(FRESHNESS_BUCKETS.map((k) => [k, 0]));
  let withData = 0;
  let withScores = 0;
  let newest: number | null = null;
  let oldest: number | null = null;
  for (const c of companies) {
    const key = freshnessOf(c.lastRefreshed, now);
    counts.set(key, counts.get(key)! + 1);
    if (c.overall !== null) withScores++;
    if (c.lastRefreshed === null) continue;
    withData++;
    newest = newest === null ? c.lastRefreshed : Math.max(newest, c.lastRefreshed);
    oldest = oldest === null ? c.lastRefreshed : Math.min(oldest, c.lastRefreshed);
  }
  return {
    companies: companies.length,
    withData,
    withScores,
    freshness: FRESHNESS_BUCKETS.map((key) => ({ key, label: FRESHNESS_LABELS[key], count: counts.get(key)! })),
    newest,
    oldest,
  };
}
