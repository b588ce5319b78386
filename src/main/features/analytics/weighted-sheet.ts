// The weighted analytics as rows of the workbook's Analytics sheet (analytics-sheet.ts's columns):
// every number a number cell, percentages 0–100, so a spreadsheet sums and pivots them as they are.
//   Weighted average      | Portfolio/Benchmark | Overall…    | companies with it | average
//   Coverage by weight %  | Portfolio/Benchmark | Overall…    | companies with it | % of weight
//   Holdings              | name                | company id  |                   | overall | … | weight % | … | contribution | share %
//   Active weight by …    | group               | key         |                   |         | … | weight % | benchmark % | active %
import { SCORE_PART_LABELS } from '../../../shared/analytics/analytics';
import type { ActiveWeight, WeightedAnalytics, WeightedSummary } from '../../../shared/analytics/weighted';
import type { AnalyticsRow } from './analytics-sheet';

function summaryRows(side: string, s: WeightedSummary): AnalyticsRow[] {
  const rows: AnalyticsRow[] = [['Weighted holdings', side, s.label, s.held, null, null, null]];
  for (const a of s.averages) rows.push(['Weighted average', side, SCORE_PART_LABELS[a.part], a.companies, a.average, null, null]);
  for (const a of s.averages) rows.push(['Coverage by weight %', side, SCORE_PART_LABELS[a.part], a.companies, a.coverage, null, null]);
  return rows;
}

const activeRows = (chart: string, groups: readonly ActiveWeight[]): AnalyticsRow[] =>
  groups.map((g) => [chart, g.label, g.key, null, null, null, null, g.portfolio, g.benchmark, g.active]);

export function weightedRows(w: WeightedAnalytics): AnalyticsRow[] {
  const rows = summaryRows('Portfolio', w.portfolio);
  for (const h of w.holdings) rows.push(['Holdings', h.name ?? h.companyId, h.companyId, null, h.overall, null, null, h.weight, null, null, h.contribution, h.share]);
  if (w.benchmark) rows.push(...summaryRows('Benchmark', w.benchmark));
  rows.push(...activeRows('Active weight by country', w.activeByCountry), ...activeRows('Active weight by industry division', w.activeByDivision));
  return rows;
}
