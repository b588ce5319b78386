// Portfolio analytics of a set of companies (a list): score distributions, rating breakdown, the
// same per country and per industry division (small multiples), top movers and coverage. Pure.
import {
  NO_RATING,
  RATING_ORDER,
  SCORE_PARTS,
  type GroupBreakdown,
  type PortfolioAnalytics,
  type RatingCount,
  type ScoreDistribution,
} from '../../../shared/analytics/analytics';
import type { AnalyticsCompany, Group } from './company-facts';
import { coverage } from './coverage';
import { topMovers } from './movers';
import { median, scoreBins } from './stats';

/** Small multiples shown per dimension; the rest are one "Other" panel. */
export const GROUPS_SHOWN = 11;

const ratingRank = (r: string) => {
  const i = (RATING_ORDER as readonly string[]).indexOf(r);
  return i >= 0 ? i : r === NO_RATING ? Number.MAX_SAFE_INTEGER : RATING_ORDER.length;
};

/** Companies with scores per rating, best first; a score without a rating counts as "No rating". */
export function ratingCounts(companies: readonly AnalyticsCompany[], order: readonly string[] = []): RatingCount[] {
  const counts = new Map<string, number>(order.map((r) => [r, 0]));
  for (const c of companies) {
    if (c.overall === null && c.rating === null) continue;
    const r = c.rating ?? NO_RATING;
    counts.set(r, (counts.get(r) ?? 0) + 1);
  }
  return [...counts].map(([rating, count]) => ({ rating, count })).sort((a, b) => ratingRank(a.rating) - ratingRank(b.rating) || a.rating.localeCompare(b.rating));
}

const overalls = (cs: readonly AnalyticsCompany[]) => cs.flatMap((c) => (c.overall === null ? [] : [c.overall]));

/**
 * One panel per group, the largest (by companies with scores, then by companies) first; past
 * GROUPS_SHOWN they are merged into "Other". Every panel has the same bins (0–100) and ratings, so the
 * small multiples share their axes.
 */
export function breakdown(companies: readonly AnalyticsCompany[], groupOf: (c: AnalyticsCompany) => Group | null, unknownLabel: string, ratings: readonly string[]): GroupBreakdown[] {
  const groups = new Map<string, { group: Group; members: AnalyticsCompany[] }>();
  for (const c of companies) {
    const g = groupOf(c) ?? { key: 'unknown', label: unknownLabel };
    const entry = groups.get(g.key) ?? { group: g, members: [] };
    entry.members.push(c);
    groups.set(g.key, entry);
  }
  const sorted = [...groups.values()].sort(
    (a, b) => overalls(b.members).length - overalls(a.members).length || b.members.length - a.members.length || a.group.label.localeCompare(b.group.label),
  );
  const shown = sorted.length > GROUPS_SHOWN + 1 ? sorted.slice(0, GROUPS_SHOWN) : sorted;
  const rest = sorted.slice(shown.length);
  if (rest.length) shown.push({ group: { key: 'other', label: `Other (${rest.length} more)` }, members: rest.flatMap((r) => r.members) });
  return shown.map(({ group, members }) => {
    const scores = overalls(members);
    return {
      key: group.key,
      label: group.label,
      companies: members.length,
      withScores: scores.length,
      medianOverall: median(scores),
      ...scoreBins(scores),
      ratings: ratingCounts(members, ratings),
    };
  });
}

export function portfolioAnalytics(companies: readonly AnalyticsCompany[], source: PortfolioAnalytics['source'], now: number): PortfolioAnalytics {
  const distributions: ScoreDistribution[] = SCORE_PARTS.map((part) => {
    const values = companies.flatMap((c) => (c[part] === null ? [] : [c[part]!]));
    return { part, n: values.length, median: median(values), ...scoreBins(values) };
  });
  const ratings = ratingCounts(companies);
  const ratingKeys = ratings.map((r) => r.rating);
  return {
    source,
    computedAt: now,
    coverage: coverage(companies, now),
    distributions,
    ratings,
    byCountry: breakdown(companies, (c) => c.country, 'Country unknown', ratingKeys),
    byDivision: breakdown(companies, (c) => c.division, 'Industry unknown', ratingKeys),
    movers: topMovers(companies),
  };
}
