// The charts of a list's analytics: title, what each shows, the table behind it and how to draw it
// with Observable Plot. Tables and sentences are pure (tested); drawing needs the Plot module.
import { FRESHNESS_LABELS, SCORE_PART_LABELS, type GroupBreakdown, type HistogramBin, type PortfolioAnalytics } from '../../shared/analytics/analytics';
import type { ChartTable } from './ChartFigure';
import { fmtChange, fmtChangeTick, fmtCount, fmtScore, fmtShare, fmtTick } from './format';
import type { PlotModule } from './plot-loader';
import { oneLineText } from '../../shared/service-text';
import { gridLayout, panels, panelTitles } from './small-multiples';

export interface ChartSpec {
  key: string;
  title: string;
  description: string;
  table: ChartTable;
  /** What the chart says instead of drawing when it has nothing to show (an empty Plot reads "0.000000"). */
  empty: string | null;
  draw(plot: PlotModule, width: number): SVGSVGElement | HTMLElement;
}

/** The app's accent (light theme); in the app CSS repaints bars with the theme's accent. */
const BAR = '#1f5fbf';
const UP = '#1c7a3d';
const DOWN = '#b3261e';
const binLabel = (b: HistogramBin) => `${b.x0}–${b.x1}`;
/** An axis label short enough for the margin (the table keeps the whole name); SVG text has no <bdi>. */
const short = (s: string, n = 30) => oneLineText(s, n);

export function coverageChart(a: PortfolioAnalytics): ChartSpec {
  const c = a.coverage;
  const data = c.freshness.map((f) => ({ label: FRESHNESS_LABELS[f.key], count: f.count }));
  return {
    key: 'coverage',
    title: 'Coverage and freshness',
    description: `${fmtCount(c.withData)} of ${fmtCount(c.companies)} companies (${fmtShare(c.withData, c.companies)}) have ESG data, ${fmtCount(c.withScores)} (${fmtShare(c.withScores, c.companies)}) have scores; the bars count companies by their newest stored result.`,
    table: {
      columns: ['Last refreshed', 'Companies', 'Share'],
      rows: data.map((d) => [d.label, fmtCount(d.count), fmtShare(d.count, c.companies)]),
    },
    empty: c.companies === 0 ? 'No companies to show yet.' : null,
    draw: (Plot, width) =>
      Plot.plot({
        width,
        height: 200,
        marginLeft: 100,
        x: { label: 'Companies', grid: true, tickFormat: fmtTick },
        y: { label: null, domain: data.map((d) => d.label) },
        marks: [Plot.barX(data, { x: 'count', y: 'label', fill: BAR, className: 'analytics-bar' }), Plot.ruleX([0])],
      }),
  };
}

/** Scores the service sent outside 0–100 are in no bar: said in words and as a row of the table. */
const OUTSIDE = 'Outside 0–100';
const outsideSentence = (n: number) => (n ? ` ${fmtCount(n)} ${n === 1 ? 'score is' : 'scores are'} outside 0–100 and in no bar.` : '');

export function distributionsChart(a: PortfolioAnalytics): ChartSpec {
  const data = a.distributions.flatMap((d) => d.bins.map((b) => ({ part: SCORE_PART_LABELS[d.part], x0: b.x0, x1: b.x1, count: b.count })));
  const overall = a.distributions.find((d) => d.part === 'overall') ?? { part: 'overall', n: 0, median: null, bins: [] };
  const bins = overall.bins;
  const outside = a.distributions.reduce((n, d) => n + d.outOfRange, 0);
  return {
    key: 'distributions',
    title: 'Score distributions',
    description: `Companies per score range, for the overall score and each of E, S and G; the median overall score is ${fmtScore(overall.median)} over ${fmtCount(overall.n)} companies with scores.${outsideSentence(outside)}`,
    table: {
      columns: ['Score range', ...a.distributions.map((d) => SCORE_PART_LABELS[d.part])],
      rows: [
        ...bins.map((b, i) => [binLabel(b), ...a.distributions.map((d) => fmtCount(d.bins[i]?.count ?? 0))]),
        ...(outside ? [[OUTSIDE, ...a.distributions.map((d) => fmtCount(d.outOfRange))]] : []),
        ['Median', ...a.distributions.map((d) => fmtScore(d.median))],
      ],
    },
    empty: a.distributions.every((d) => d.n === 0) ? 'No scores to show yet.' : null,
    draw: (Plot, width) =>
      Plot.plot({
        width,
        height: 4 * 110 + 40,
        marginRight: 100,
        x: { label: 'Score', tickFormat: fmtTick },
        y: { label: 'Companies', grid: true, tickFormat: fmtTick },
        fy: { label: null, domain: a.distributions.map((d) => SCORE_PART_LABELS[d.part]) },
        marks: [Plot.rectY(data, { x1: 'x0', x2: 'x1', y: 'count', fy: 'part', fill: BAR, inset: 0.5, className: 'analytics-bar' }), Plot.ruleY([0])],
      }),
  };
}

export function ratingsChart(a: PortfolioAnalytics): ChartSpec {
  const total = a.ratings.reduce((n, r) => n + r.count, 0);
  return {
    key: 'ratings',
    title: 'Rating breakdown',
    description: `Companies per rating, best rating first (${fmtCount(total)} companies with scores).`,
    table: { columns: ['Rating', 'Companies', 'Share'], rows: a.ratings.map((r) => [r.rating, fmtCount(r.count), fmtShare(r.count, total)]) },
    empty: total === 0 ? 'No ratings to show yet.' : null,
    draw: (Plot, width) =>
      Plot.plot({
        width,
        height: 240,
        x: { label: 'Rating', domain: a.ratings.map((r) => r.rating) },
        y: { label: 'Companies', grid: true, tickFormat: fmtTick },
        marks: [Plot.barY(a.ratings, { x: 'rating', y: 'count', fill: BAR, className: 'analytics-bar' }), Plot.ruleY([0])],
      }),
  };
}

/** A breakdown with no company with scores has no panel to draw. */
const noScores = (groups: readonly GroupBreakdown[], what: string) => (groups.some((g) => g.withScores > 0) ? null : `No companies with scores by ${what} yet.`);

export function groupHistogramChart(a: PortfolioAnalytics, by: 'country' | 'division'): ChartSpec {
  const groups = by === 'country' ? a.byCountry : a.byDivision;
  const what = by === 'country' ? 'country' : 'industry division';
  const bins = groups[0]?.bins ?? [];
  const outside = groups.reduce((n, g) => n + g.outOfRange, 0);
  const binRows = (g: GroupBreakdown) => g.bins.map((b) => ({ x0: b.x0, x1: b.x1, count: b.count }));
  return {
    key: `overall-by-${by}`,
    title: `Overall score by ${what}`,
    description: `One histogram of the overall score per ${what}, the ${groups.length > 1 ? 'largest first' : 'only one'}; the number in each title counts its companies with scores.${outsideSentence(outside)}`,
    table: {
      columns: [by === 'country' ? 'Country' : 'Industry division', 'Companies', 'With scores', 'Median', ...bins.map(binLabel), ...(outside ? [OUTSIDE] : [])],
      rows: groups.map((g) => [g.label, fmtCount(g.companies), fmtCount(g.withScores), fmtScore(g.medianOverall), ...g.bins.map((b) => fmtCount(b.count)), ...(outside ? [fmtCount(g.outOfRange)] : [])]),
    },
    empty: noScores(groups, what),
    draw: (Plot, width) => {
      const { data, titles, rows } = panels(groups, binRows, width);
      return Plot.plot({
        width,
        ...gridLayout(rows, 'Companies'),
        x: { label: 'Overall score', tickFormat: fmtTick },
        marks: [Plot.rectY(data, { x1: 'x0', x2: 'x1', y: 'count', fx: 'fx', fy: 'fy', fill: BAR, inset: 0.5, className: 'analytics-bar' }), Plot.ruleY([0]), panelTitles(Plot, titles)],
      });
    },
  };
}

export function groupRatingsChart(a: PortfolioAnalytics, by: 'country' | 'division'): ChartSpec {
  const groups = by === 'country' ? a.byCountry : a.byDivision;
  const what = by === 'country' ? 'country' : 'industry division';
  const ratings = groups[0]?.ratings.map((r) => r.rating) ?? [];
  const ratingRows = (g: GroupBreakdown) => g.ratings.map((r) => ({ rating: r.rating, count: r.count }));
  return {
    key: `ratings-by-${by}`,
    title: `Rating by ${what}`,
    description: `Companies per rating in each ${what}, best rating first, on the same scale in every panel.`,
    table: {
      columns: [by === 'country' ? 'Country' : 'Industry division', ...ratings],
      rows: groups.map((g) => [g.label, ...g.ratings.map((r) => fmtCount(r.count))]),
    },
    empty: noScores(groups, what),
    draw: (Plot, width) => {
      const { data, titles, rows } = panels(groups, ratingRows, width);
      return Plot.plot({
        width,
        ...gridLayout(rows, 'Companies'),
        x: { label: 'Rating', domain: ratings },
        marks: [Plot.barY(data, { x: 'rating', y: 'count', fx: 'fx', fy: 'fy', fill: BAR, className: 'analytics-bar' }), Plot.ruleY([0]), panelTitles(Plot, titles)],
      });
    },
  };
}

export function moversChart(a: PortfolioAnalytics): ChartSpec {
  const m = a.movers;
  const rows = [...m.up, ...[...m.down].reverse()];
  // Keyed by position: two companies of the same name keep a bar each.
  const data = rows.map((r, i) => ({ key: String(i), name: r.name ?? 'Name unknown', change: r.change }));
  return {
    key: 'movers',
    title: 'Top movers since the previous refresh',
    description: m.compared
      ? `The largest rises and falls of the overall score among the ${fmtCount(m.compared)} companies with a previous refresh to compare with.`
      : 'No company has a previous refresh to compare with yet: refresh the scores again to see who moved.',
    table: {
      columns: ['Company', 'Change', 'Previous', 'Latest', 'Rating'],
      rows: rows.map((r) => [r.name ?? 'Name unknown', fmtChange(r.change), fmtScore(r.previous), fmtScore(r.latest), r.previousRating && r.previousRating !== r.rating ? `${r.previousRating} → ${r.rating ?? '—'}` : (r.rating ?? '—')]),
    },
    empty: data.length === 0 ? 'No movers since the previous refresh.' : null,
    draw: (Plot, width) =>
      Plot.plot({
        width,
        height: Math.max(80, data.length * 22 + 50),
        marginLeft: 180,
        x: { label: 'Change of the overall score', grid: true, tickFormat: fmtChangeTick },
        y: { label: null, domain: data.map((d) => d.key), tickFormat: (k: string) => short(data[Number(k)]?.name ?? k, 28) },
        marks: [Plot.barX(data, { x: 'change', y: 'key', fill: (d: { change: number }) => (d.change > 0 ? UP : DOWN) }), Plot.ruleX([0])],
      }),
  };
}

export function portfolioCharts(a: PortfolioAnalytics): ChartSpec[] {
  return [
    coverageChart(a),
    distributionsChart(a),
    ratingsChart(a),
    groupHistogramChart(a, 'country'),
    groupRatingsChart(a, 'country'),
    groupHistogramChart(a, 'division'),
    groupRatingsChart(a, 'division'),
    moversChart(a),
  ];
}
