// The numbers behind each Analytics chart as rows of one long table (the ESG workbook's "Analytics"
// sheet): one row per bar, bin, dot or figure, named by chart and panel, so a spreadsheet can
// filter and pivot them. Counts are in `companies`, scores in `value` (movers: the change, with the
// scores it went `from` and `to`). The weighted analytics (weighted-sheet.ts) add weights, active
// weights, contributions and shares in columns of their own, percentages as numbers 0–100.
import { FRESHNESS_LABELS, SCORE_PART_LABELS, type GroupBreakdown, type HistogramBin, type PortfolioAnalytics } from '../../../shared/analytics/analytics';

export const ANALYTICS_COLUMNS = ['chart', 'panel', 'label', 'companies', 'value', 'from', 'to', 'weight %', 'benchmark weight %', 'active weight %', 'contribution', 'share of average %'] as const;
export type AnalyticsRow = [
  chart: string,
  panel: string | null,
  label: string,
  companies: number | null,
  value: number | null,
  from: number | null,
  to: number | null,
  weight?: number | null,
  benchmarkWeight?: number | null,
  activeWeight?: number | null,
  contribution?: number | null,
  share?: number | null,
];

export const binLabel = (b: HistogramBin) => `${b.x0}–${b.x1}`;
/** The row of scores in no bin; written only when there are some. */
export const OUT_OF_RANGE_LABEL = 'Outside 0–100';

function groupRows(title: string, groups: readonly GroupBreakdown[]): AnalyticsRow[] {
  const rows: AnalyticsRow[] = [];
  for (const g of groups) {
    rows.push([`Overall score by ${title}`, g.label, 'Companies', g.companies, null, null, null]);
    rows.push([`Overall score by ${title}`, g.label, 'Median overall score', g.withScores, g.medianOverall, null, null]);
    for (const b of g.bins) rows.push([`Overall score by ${title}`, g.label, binLabel(b), b.count, null, null, null]);
    if (g.outOfRange) rows.push([`Overall score by ${title}`, g.label, OUT_OF_RANGE_LABEL, g.outOfRange, null, null, null]);
  }
  for (const g of groups) for (const r of g.ratings) rows.push([`Rating by ${title}`, g.label, r.rating, r.count, null, null, null]);
  return rows;
}

export function analyticsRows(a: PortfolioAnalytics): AnalyticsRow[] {
  const c = a.coverage;
  const rows: AnalyticsRow[] = [
    ['Coverage', null, 'Companies', c.companies, null, null, null],
    ['Coverage', null, 'With ESG data', c.withData, null, null, null],
    ['Coverage', null, 'With scores', c.withScores, null, null, null],
    ...c.freshness.map((f): AnalyticsRow => ['Coverage', 'Last refreshed', FRESHNESS_LABELS[f.key], f.count, null, null, null]),
  ];
  for (const d of a.distributions) {
    const part = SCORE_PART_LABELS[d.part];
    rows.push(['Score distribution', part, 'Median', d.n, d.median, null, null]);
    for (const b of d.bins) rows.push(['Score distribution', part, binLabel(b), b.count, null, null, null]);
    if (d.outOfRange) rows.push(['Score distribution', part, OUT_OF_RANGE_LABEL, d.outOfRange, null, null, null]);
  }
  for (const r of a.ratings) rows.push(['Rating breakdown', null, r.rating, r.count, null, null, null]);
  rows.push(...groupRows('country', a.byCountry), ...groupRows('industry division', a.byDivision));
  rows.push(['Top movers', null, 'Compared with the previous refresh', a.movers.compared, null, null, null]);
  for (const [panel, movers] of [['Up', a.movers.up], ['Down', a.movers.down]] as const) {
    for (const m of movers) rows.push(['Top movers', panel, m.name ?? m.companyId, null, m.change, m.previous, m.latest]);
  }
  return rows;
}
