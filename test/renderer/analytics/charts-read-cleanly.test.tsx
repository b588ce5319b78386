// @vitest-environment jsdom
// Charts that read cleanly (issue 38 #2). A chart with nothing to show says so in words (Top
// movers: "No movers since the previous refresh") instead of Plot's bare axis reading "0.000000";
// every number Plot writes goes through the app's one formatter (ui/format.ts: the analyst's
// locale, here de-DE); and a small multiple's panel titles sit in a band of their own, clear of
// the axes, the ticks and each other, inside the SVG (before, the first title ran into the y
// axis's "↑ Companies" at the top left).
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PortfolioAnalytics } from '../../../src/shared/analytics/analytics';
import { overlaps, textBoxes } from './chart-text';

type Charts = typeof import('../../../src/renderer/analytics/portfolio-charts');
type Figure = typeof import('../../../src/renderer/analytics/ChartFigure');
type Peer = typeof import('../../../src/renderer/analytics/peer-chart');
let charts: Charts;
let ChartFigure: Figure['ChartFigure'];
let peerChart: Peer['peerChart'];
let Plot: typeof import('@observablehq/plot');
const language = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(navigator), 'language')!;

beforeAll(async () => {
  // The analyst's locale is read once, when ui/format.ts loads: a German one, so the app's numbers
  // ("2.000", "+5") differ from what Plot writes on its own ("2,000", "5").
  Object.defineProperty(navigator, 'language', { value: 'de-DE', configurable: true });
  vi.resetModules();
  charts = await import('../../../src/renderer/analytics/portfolio-charts');
  ({ ChartFigure } = await import('../../../src/renderer/analytics/ChartFigure'));
  ({ peerChart } = await import('../../../src/renderer/analytics/peer-chart'));
  Plot = await import('@observablehq/plot');
});
afterAll(() => {
  delete (navigator as { language?: string }).language;
  Object.defineProperty(Object.getPrototypeOf(navigator), 'language', language);
});
afterEach(cleanup);

// A chart spec's `key` is React's list key in the app; spread into JSX it would be read as a prop.
const withoutKey = <T extends { key: string }>({ key: _key, ...rest }: T) => rest;
const bins = (counts: number[]) => counts.map((count, i) => ({ x0: i * 10, x1: i * 10 + 10, count }));
const RATINGS = ['AA', 'A', 'BBB'];
const group = (i: number, label: string) => ({ key: `K${i}`, label, companies: 300 + i, withScores: 250 + i, medianOverall: 50, bins: bins([0, 5, 20, 80, 200, 200, 80, 40, 25, 0]), outOfRange: 0, ratings: RATINGS.map((rating, j) => ({ rating, count: 10 * (i + j) })) });
const LONG = ['Germany', 'United Kingdom of Great Britain and Northern Ireland', 'France', 'Netherlands', 'Bosnia and Herzegovina', 'Saint Vincent and the Grenadines'];
const full: PortfolioAnalytics = {
  source: { kind: 'list', id: 1, name: 'Portfolio A' },
  computedAt: Date.UTC(2026, 10, 25),
  coverage: { companies: 2600, withData: 2400, withScores: 2300, freshness: [{ key: 'day', label: 'Within a day', count: 2400 }, { key: 'never', label: 'No ESG data', count: 200 }], newest: null, oldest: null },
  distributions: (['overall', 'environmental', 'social', 'governance'] as const).map((part) => ({ part, n: 950, median: 51.5, bins: bins([0, 10, 40, 100, 300, 300, 100, 60, 40, 0]), outOfRange: 0 })),
  ratings: RATINGS.map((rating, i) => ({ rating, count: 100 * (i + 1) })),
  byCountry: LONG.map((l, i) => group(i, l)),
  byDivision: LONG.slice(0, 5).map((l, i) => group(i, `${60 + i} ${l} activities of holding companies`)),
  movers: { compared: 40, up: [{ companyId: 'a', name: 'Apex Energy', previous: 50, latest: 62.5, change: 12.5, previousRating: 'BBB', rating: 'A' }], down: [{ companyId: 'b', name: 'Borealis', previous: 70, latest: 61, change: -9, previousRating: 'A', rating: 'A' }] },
};
const empty: PortfolioAnalytics = {
  ...full,
  coverage: { companies: 0, withData: 0, withScores: 0, freshness: [], newest: null, oldest: null },
  distributions: full.distributions.map((d) => ({ ...d, n: 0, median: null, bins: bins(Array<number>(10).fill(0)) })),
  ratings: [],
  byCountry: [],
  byDivision: [],
  movers: { compared: 0, up: [], down: [] },
};
/** A number as Plot writes it left alone: "0.000000", "12.500000". */
const RAW_NUMBER = /\d\.\d{4,}/;

describe('an empty chart', () => {
  it('Top movers says "No movers since the previous refresh" in words, draws no axis and has nothing to save', async () => {
    const spec = charts.moversChart({ ...full, movers: { compared: 40, up: [], down: [] } });
    const { container } = render(<ChartFigure {...withoutKey(spec)} fileContext="Portfolio A" />);
    const figure = screen.getByRole('figure', { name: 'Top movers since the previous refresh' });
    expect(within(figure).getByText('No movers since the previous refresh.')).toBeTruthy();
    expect(figure.getAttribute('data-drawn')).toBe('true');
    expect(container.querySelector('svg')).toBeNull();
    expect(figure.textContent).not.toMatch(RAW_NUMBER);
    expect(figure.textContent).not.toContain('0.000000');
    expect((within(figure).getByRole('button', { name: 'Save SVG: Top movers since the previous refresh' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('every chart of a list without data says what it lacks, never a bare "0.000000" axis', () => {
    const specs = [...charts.portfolioCharts(empty), peerChart({ companyId: 'a', name: 'Apex', overall: null, rating: null, country: null, division: null, groups: [], workspaceScored: 0 })];
    expect(specs.map((s) => s.empty)).toEqual([
      'No companies to show yet.',
      'No scores to show yet.',
      'No ratings to show yet.',
      'No companies with scores by country yet.',
      'No companies with scores by country yet.',
      'No companies with scores by industry division yet.',
      'No companies with scores by industry division yet.',
      'No movers since the previous refresh.',
      'No peers with scores to compare with yet.',
    ]);
    for (const s of specs) {
      render(<ChartFigure {...withoutKey(s)} fileContext="Empty" />);
      const figure = screen.getByRole('figure', { name: s.title });
      expect(figure.textContent).toContain(s.empty);
      expect(figure.textContent).not.toMatch(RAW_NUMBER);
      cleanup();
    }
  });
});

describe('a drawn chart', () => {
  const drawn = () => [...charts.portfolioCharts(full), peerChart({ companyId: 'a', name: 'Apex', overall: 62, rating: 'A', country: null, division: null, workspaceScored: 0, groups: [{ kind: 'list', label: 'List “Portfolio A”', values: [40, 62, 80, 90], percentile: 37.5, rank: 3 }] })];

  it('writes every number through the app’s formatter, in the analyst’s locale', () => {
    const texts = new Map(drawn().map((s) => [s.key, textBoxes(s.draw(Plot, 640) as SVGSVGElement).map((b) => b.text)]));
    for (const [key, t] of texts) expect(t.filter((x) => RAW_NUMBER.test(x)), key).toEqual([]);
    expect(texts.get('coverage')).toContain('2.000'); // Plot alone: "2,000"
    expect(texts.get('movers')).toEqual(expect.arrayContaining(['+10', '−5', '0'])); // Plot alone: "10", "−5"
    expect(texts.get('overall-by-country')).toContain('Germany (250)');
  });

  it('shows it when drawn, in the figure', async () => {
    const spec = charts.moversChart(full);
    const { container } = render(<ChartFigure {...withoutKey(spec)} fileContext="Portfolio A" />);
    await waitFor(() => expect(container.querySelector('figure')!.getAttribute('data-drawn')).toBe('true'), { timeout: 10_000 });
    expect(container.querySelector('.analytics-chart__empty')).toBeNull();
    expect(container.querySelector('svg')).not.toBeNull();
  });

  it.each([480, 640, 960])('at %ipx: small-multiple titles are clear of the axes, the ticks, each other and the SVG’s edges', (width) => {
    for (const spec of drawn().filter((s) => s.key.includes('-by-'))) {
      const svg = spec.draw(Plot, width) as SVGSVGElement;
      const boxes = textBoxes(svg);
      const titles = boxes.filter((b) => b.role === 'text');
      const others = boxes.filter((b) => b.role !== 'text');
      expect(titles.length, spec.key).toBeGreaterThan(0);
      const { width: w, height: h } = svg.viewBox.baseVal;
      for (const t of titles) {
        expect(others.filter((o) => overlaps(t, o)).map((o) => `${o.role}: ${o.text}`), `${spec.key} "${t.text}"`).toEqual([]);
        expect(titles.filter((u) => u !== t && overlaps(t, u)).map((u) => u.text), `${spec.key} "${t.text}"`).toEqual([]);
        expect(t.y0, `${spec.key} "${t.text}" inside the SVG`).toBeGreaterThanOrEqual(0);
        expect(t.x1, `${spec.key} "${t.text}" inside the SVG`).toBeLessThanOrEqual(w);
      }
      for (const o of others) expect(o.y1, `${spec.key} ${o.role}`).toBeLessThanOrEqual(h + 1);
    }
  });
});
