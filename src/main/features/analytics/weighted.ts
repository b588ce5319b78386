// Weighted portfolio analytics (issue 38), pure: weights normalised over the held companies (sum
// 100 %), the weighted-average overall/E/S/G scores over the holdings that have each score (with the
// share of weight that has it: coverage by weight), each holding's contribution, and active weights
// per group against a benchmark universe. Kept apart from portfolio.ts: counts there, weights here.
import { SCORE_PARTS } from '../../../shared/analytics/analytics';
import type { ActiveWeight, Holding, WeightedAverage, WeightedSummary } from '../../../shared/analytics/weighted';
import type { Weighting } from '../../../shared/lists/weights';
import type { AnalyticsCompany, Group } from './company-facts';

/** A company with its weight as given (null: none). */
export type WeightedCompany = AnalyticsCompany & { given: number | null };
/** A held company with its normalised weight in %. */
export type Held = WeightedCompany & { weight: number };

/**
 * The held companies with weights summing to 100: `equal`, every company alike; `given`, each
 * company's own weight over the sum of the positive ones (none or 0: not held). A company listed
 * twice counts once.
 */
export function holdingsOf(companies: readonly WeightedCompany[], weighting: Weighting): Held[] {
  const seen = new Set<string>();
  const unique = companies.filter((c) => !seen.has(c.companyId) && seen.add(c.companyId));
  const raw = unique.map((c) => (weighting === 'equal' ? 1 : c.given !== null && c.given > 0 ? c.given : 0));
  const total = raw.reduce((a, b) => a + b, 0);
  if (total <= 0) return [];
  return unique.flatMap((c, i) => (raw[i]! > 0 ? [{ ...c, weight: (raw[i]! / total) * 100 }] : []));
}

function average(held: readonly Held[], part: WeightedAverage['part']): WeightedAverage {
  let weight = 0;
  let sum = 0;
  let companies = 0;
  for (const h of held) {
    const s = h[part];
    if (s === null) continue;
    weight += h.weight;
    sum += h.weight * s;
    companies++;
  }
  return { part, average: weight > 0 ? sum / weight : null, companies, coverage: weight };
}

export function weightedSummary(label: string, companies: number, held: readonly Held[]): WeightedSummary {
  return { label, companies, held: held.length, averages: SCORE_PARTS.map((p) => average(held, p)) };
}

/** Each holding's contribution to the weighted-average overall score, largest weight first. */
export function holdingRows(held: readonly Held[]): Holding[] {
  const scored = held.reduce((w, h) => w + (h.overall === null ? 0 : h.weight), 0);
  const avg = average(held, 'overall').average;
  return held
    .map((h): Holding => {
      const contribution = h.overall === null || scored === 0 ? null : (h.weight / scored) * h.overall;
      const share = contribution === null || !avg ? null : (contribution / avg) * 100;
      return { companyId: h.companyId, name: h.name, weight: h.weight, given: h.given, overall: h.overall, contribution, share };
    })
    .sort((a, b) => b.weight - a.weight || (a.name ?? a.companyId).localeCompare(b.name ?? b.companyId));
}

/** Portfolio weight − benchmark weight per group (percentage points), largest difference first. */
export function activeWeights(portfolio: readonly Held[], benchmark: readonly Held[], groupOf: (c: AnalyticsCompany) => Group | null, unknownLabel: string): ActiveWeight[] {
  const groups = new Map<string, ActiveWeight>();
  const add = (held: readonly Held[], side: 'portfolio' | 'benchmark') => {
    for (const h of held) {
      const g = groupOf(h) ?? { key: 'unknown', label: unknownLabel };
      const entry = groups.get(g.key) ?? { key: g.key, label: g.label, portfolio: 0, benchmark: 0, active: 0 };
      entry[side] += h.weight;
      groups.set(g.key, entry);
    }
  };
  add(portfolio, 'portfolio');
  add(benchmark, 'benchmark');
  return [...groups.values()]
    .map((g) => ({ ...g, active: g.portfolio - g.benchmark }))
    .sort((a, b) => Math.abs(b.active) - Math.abs(a.active) || a.label.localeCompare(b.label));
}
