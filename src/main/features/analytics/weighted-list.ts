// A list's weighted analytics (issue 38) put together: its holdings, its summary, and the benchmark
// universe it is compared with (another list with that list's weights, or a loaded result set
// equally weighted) with the active weights per country and industry division. Pure.
import type { WeightedAnalytics } from '../../../shared/analytics/weighted';
import type { ListInfo } from '../../../shared/lists/lists';
import type { Weighting } from '../../../shared/lists/weights';
import { activeWeights, holdingRows, holdingsOf, weightedSummary, type WeightedCompany } from './weighted';

export interface Universe {
  label: string;
  weighting: Weighting;
  companies: readonly WeightedCompany[];
}

export function weightedListAnalytics(list: ListInfo, members: readonly WeightedCompany[], benchmark: Universe | null, benchmarkProblem: string | null, now: number): WeightedAnalytics {
  const held = holdingsOf(members, list.weighting);
  const bench = benchmark ? holdingsOf(benchmark.companies, benchmark.weighting) : null;
  return {
    list: { id: list.id, name: list.name },
    weighting: list.weighting,
    portfolio: weightedSummary(`List “${list.name}”`, members.length, held),
    holdings: holdingRows(held),
    notHeld: members.length - held.length,
    benchmarkRef: list.benchmark,
    benchmark: benchmark && bench ? weightedSummary(benchmark.label, benchmark.companies.length, bench) : null,
    benchmarkProblem,
    activeByCountry: bench ? activeWeights(held, bench, (c) => c.country, 'Country unknown') : [],
    activeByDivision: bench ? activeWeights(held, bench, (c) => c.division, 'Industry unknown') : [],
    computedAt: now,
  };
}
