// @vitest-environment jsdom
// A chart's table alternative: screen readers always get it (visually hidden until "Show table"),
// with the numbers of the chart; the chart itself is drawn by Observable Plot and hidden from them.
// The portfolio charts' tables carry the analytics from main, formatted.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PortfolioAnalytics } from '../../../src/shared/analytics/analytics';
import { ChartFigure } from '../../../src/renderer/analytics/ChartFigure';
import { portfolioCharts, ratingsChart } from '../../../src/renderer/analytics/portfolio-charts';
import { peerChart, peerSentence } from '../../../src/renderer/analytics/peer-chart';

afterEach(cleanup);

const bins = (counts: number[]) => counts.map((count, i) => ({ x0: i * 10, x1: i * 10 + 10, count }));
const analytics: PortfolioAnalytics = {
  source: { kind: 'list', id: 1, name: 'Portfolio A' },
  computedAt: Date.UTC(2026, 10, 25),
  coverage: {
    companies: 1200,
    withData: 1000,
    withScores: 950,
    freshness: [
      { key: 'day', label: 'Within a day', count: 900 },
      { key: 'week', label: '1–7 days', count: 100 },
      { key: 'month', label: '8–30 days', count: 0 },
      { key: 'quarter', label: '31–90 days', count: 0 },
      { key: 'older', label: 'Over 90 days', count: 0 },
      { key: 'never', label: 'No ESG data', count: 200 },
    ],
    newest: Date.UTC(2026, 10, 25),
    oldest: Date.UTC(2026, 10, 20),
  },
  distributions: (['overall', 'environmental', 'social', 'governance'] as const).map((part) => ({ part, n: 950, median: 51.5, bins: bins([0, 10, 40, 100, 300, 300, 100, 60, 40, 0]), outOfRange: 0 })),
  ratings: [
    { rating: 'AA', count: 50 },
    { rating: 'A', count: 300 },
    { rating: 'BBB', count: 600 },
  ],
  byCountry: [{ key: 'DE', label: 'Germany', companies: 700, withScores: 650, medianOverall: 52, bins: bins([0, 5, 20, 80, 200, 200, 80, 40, 25, 0]), outOfRange: 0, ratings: [{ rating: 'AA', count: 30 }, { rating: 'A', count: 200 }, { rating: 'BBB', count: 420 }] }],
  byDivision: [{ key: '62', label: '62 Computer programming, consultancy and related activities', companies: 1200, withScores: 950, medianOverall: 51.5, bins: bins([0, 10, 40, 100, 300, 300, 100, 60, 40, 0]), outOfRange: 0, ratings: [{ rating: 'AA', count: 50 }, { rating: 'A', count: 300 }, { rating: 'BBB', count: 600 }] }],
  movers: { compared: 40, up: [{ companyId: 'a', name: 'Apex Energy', previous: 50, latest: 62.5, change: 12.5, previousRating: 'BBB', rating: 'A' }], down: [{ companyId: 'b', name: 'Borealis', previous: 70, latest: 61, change: -9, previousRating: 'A', rating: 'A' }] },
};

describe('ChartFigure', () => {
  it('gives screen readers the table (visually hidden), shows it on "Show table", and draws the chart hidden from them', async () => {
    const spec = ratingsChart(analytics);
    const { container } = render(<ChartFigure title={spec.title} description={spec.description} table={spec.table} draw={spec.draw} fileContext="Portfolio A" />);
    const figure = screen.getByRole('figure', { name: 'Rating breakdown' });
    expect(figure.textContent).toContain('Companies per rating, best rating first (950 companies with scores).');
    const table = within(figure).getByRole('table', { name: 'Rating breakdown: the numbers' });
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Rating', 'Companies', 'Share']);
    expect(within(table).getAllByRole('row').slice(1).map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ['AA', '50', '5 %'],
      ['A', '300', '32 %'],
      ['BBB', '600', '63 %'],
    ]);
    expect(within(table).getByRole('rowheader', { name: 'BBB' })).toBeTruthy();
    const wrap = table.parentElement!;
    expect(wrap.className).toBe('visually-hidden');
    const toggle = within(figure).getByRole('button', { name: 'Show table' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(within(figure).getByRole('button', { name: 'Hide table' }).getAttribute('aria-expanded')).toBe('true');
    expect(wrap.className).not.toContain('visually-hidden');

    // Plot draws an SVG (its inline <style> removed for the CSP), hidden from screen readers.
    // Plot's chunk loads first: seconds on a busy machine.
    await waitFor(() => expect(figure.getAttribute('data-drawn')).toBe('true'), { timeout: 10_000 });
    const svg = container.querySelector('.analytics-chart__plot svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.querySelector('style')).toBeNull();
    expect((within(figure).getByRole('button', { name: 'Save SVG: Rating breakdown' }) as HTMLButtonElement).disabled).toBe(false);
    expect((within(figure).getByRole('button', { name: 'Save PNG: Rating breakdown' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('portfolio chart tables', () => {
  const charts = portfolioCharts(analytics);
  const byKey = Object.fromEntries(charts.map((c) => [c.key, c]));

  it('has the eight charts, each with a sentence of what it shows', () => {
    expect(charts.map((c) => c.title)).toEqual([
      'Coverage and freshness',
      'Score distributions',
      'Rating breakdown',
      'Overall score by country',
      'Rating by country',
      'Overall score by industry division',
      'Rating by industry division',
      'Top movers since the previous refresh',
    ]);
    expect(byKey.coverage!.description).toBe('1,000 of 1,200 companies (83 %) have ESG data, 950 (79 %) have scores; the bars count companies by their newest stored result.');
  });

  it('puts bins in rows and parts in columns, with the medians last', () => {
    const t = byKey.distributions!.table;
    expect(t.columns).toEqual(['Score range', 'Overall', 'Environmental', 'Social', 'Governance']);
    expect(t.rows[4]).toEqual(['40–50', '300', '300', '300', '300']);
    expect(t.rows.at(-1)).toEqual(['Median', '51.5', '51.5', '51.5', '51.5']);
  });

  it('shows scores outside 0–100 as out of range, in words and in a row, not as bars', () => {
    const flagged: PortfolioAnalytics = {
      ...analytics,
      distributions: analytics.distributions.map((d) => ({ ...d, outOfRange: d.part === 'overall' ? 2 : 0 })),
      byCountry: analytics.byCountry.map((g) => ({ ...g, outOfRange: 2 })),
    };
    const charts = Object.fromEntries(portfolioCharts(flagged).map((c) => [c.key, c]));
    const t = charts.distributions!.table;
    expect(t.rows).toHaveLength(12);
    expect(t.rows.at(-2)).toEqual(['Outside 0–100', '2', '0', '0', '0']);
    expect(charts.distributions!.description).toContain('2 scores are outside 0–100 and in no bar.');
    expect(charts['overall-by-country']!.table.columns.at(-1)).toBe('Outside 0–100');
    expect(charts['overall-by-country']!.table.rows[0]!.at(-1)).toBe('2');
  });

  it('names groups in full in the small multiples’ tables, and movers by name with the rating change', () => {
    expect(byKey['overall-by-division']!.table.rows[0]!.slice(0, 4)).toEqual(['62 Computer programming, consultancy and related activities', '1,200', '950', '51.5']);
    expect(byKey['ratings-by-country']!.table).toEqual({ columns: ['Country', 'AA', 'A', 'BBB'], rows: [['Germany', '30', '200', '420']] });
    expect(byKey.movers!.table.rows).toEqual([
      ['Apex Energy', '+12.5', '50', '62.5', 'BBB → A'],
      ['Borealis', '−9', '70', '61', 'A'],
    ]);
  });
});

describe('peer benchmark', () => {
  const b = {
    companyId: 'a',
    name: 'Apex Energy',
    overall: 62,
    rating: 'A',
    country: { key: 'DE', label: 'Germany' },
    division: { key: '62', label: '62 Computer programming' },
    groups: [
      { kind: 'list' as const, label: 'List “Portfolio A”', values: [40, 62, 80, 90], percentile: 37.5, rank: 3 },
      { kind: 'country' as const, label: 'Companies in Germany', values: [62], percentile: null, rank: 1, within: 'in Germany' },
      { kind: 'division' as const, label: 'Industry 62 Computer programming', values: Array.from({ length: 129 }, (_, i) => i / 2), percentile: 61.6, rank: 50, within: 'in industry 62 Computer programming' },
    ],
    workspaceScored: 1412,
  };
  it('says the percentile and rank per group in words, and lists them in the table', () => {
    expect(b.groups.map((g) => peerSentence(g, b.workspaceScored))).toEqual([
      'List “Portfolio A”: 38th percentile of 4 companies with scores (rank 3).',
      // A workspace group says what it holds: its part of the companies with stored scores.
      "Companies in Germany: of the 1,412 companies with stored scores in your workspace's lists, 1 is in Germany; too few to rank.",
      "Industry 62 Computer programming: of the 1,412 companies with stored scores in your workspace's lists, 129 are in industry 62 Computer programming; 62nd percentile of them (rank 50).",
    ]);
    expect(peerChart(b).table.rows.slice(0, 2)).toEqual([
      ['List “Portfolio A”', '4', '38th', '3 of 4', '40', '90'],
      ['Companies in Germany', '1', '—', '1 of 1', '62', '62'],
    ]);
  });
});
