// ESG from stored refreshes: scores over refreshes as a line chart with the change since the
// previous refresh, news marked "new since last refresh", and the replaced commitments set.
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ModuleLatest, StoredEsgResult } from '../../../src/shared/esg-runs/schemas';
import { asScore } from '../../../src/renderer/ui/esg-format';
import { ScoreChange, ScoreHistoryChart, scoreChanges } from '../../../src/renderer/esg/ScoreHistory';
import { newIdsOf, StoredData, StoredExtras, storedMonths } from '../../../src/renderer/esg/StoredEsg';
import { scorePoints, storedKeys } from '../../../src/renderer/data/esg-stored';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const day = 86_400_000;
const T = Date.UTC(2026, 2, 1);
const score = (overall: number, e: number, s: number, g: number, rating: string) => ({ score_id: `s-${overall}`, overall, environmental: e, social: s, governance: g, rating, methodology: 'Sandbox', computed_at: '2026-03-01T00:00:00Z' });
const result = (module: StoredEsgResult['module'], at: number, items: Record<string, unknown>[]): StoredEsgResult => ({ id: at, companyId: 'c1', companyName: 'Apex Energy GmbH', module, fetchedAt: at, runId: 1, itemCount: items.length, items });

function withQuery(node: React.ReactNode, seed?: (qc: QueryClient) => void) {
  const qc = new QueryClient();
  seed?.(qc);
  return renderToStaticMarkup(<QueryClientProvider client={qc}>{node}</QueryClientProvider>);
}

describe('scores over refreshes', () => {
  it('says the change since the previous refresh in words and signed numbers', () => {
    const rows = scoreChanges(asScore(score(62, 71, 48, 66, 'A'))!, asScore(score(59, 71, 50.5, 66, 'BBB'))!);
    expect(rows.map((r) => `${r.label} ${r.text}`)).toEqual(['Overall up +3 (59 → 62)', 'Environmental unchanged (71)', 'Social down −2.5 (50.5 → 48)', 'Governance unchanged (66)']);
    const html = renderToStaticMarkup(<ScoreChange latest={asScore(score(62, 71, 48, 66, 'A'))!} previous={asScore(score(59, 71, 50.5, 66, 'BBB'))!} previousAt={T} />);
    expect(text(html)).toContain('Change since the previous refresh');
    expect(text(html)).toContain('Rating BBB → A');
  });

  it('draws one line per score part over the refreshes, with a text summary', () => {
    const points = scorePoints([result('scores', T + 2 * day, [score(62, 71, 48, 66, 'A')]), result('scores', T, [score(55, 60, 50, 55, 'BB')]), result('scores', T + day, [score(59, 65, 49, 60, 'BBB')]), result('scores', T + 3 * day, [])]);
    expect(points.map((p) => p.score.overall)).toEqual([55, 59, 62]);
    const html = renderToStaticMarkup(<ScoreHistoryChart points={points} title="Scores over refreshes, Apex" />);
    expect(html.match(/<polyline /g)).toHaveLength(4);
    expect(html.match(/<circle /g)).toHaveLength(12);
    expect(html).toContain('role="img"');
    expect(text(html)).toMatch(/Overall score over 3 refreshes: 55 on .*, 62 on .*; lowest 55, highest 62\./);
    expect(html).not.toMatch(/NaN/);
  });

  it('tells refreshes of the same day apart by their time', () => {
    const points = scorePoints([result('scores', T + 9 * 3_600_000, [score(55, 60, 50, 55, 'BB')]), result('scores', T + 15 * 3_600_000, [score(57, 60, 50, 55, 'BB')])]);
    const html = renderToStaticMarkup(<ScoreHistoryChart points={points} title="x" />);
    const [, from, to] = /55 on (.*), 57 on (.*); lowest/.exec(text(html))!;
    expect(from).not.toBe(to);
    expect(to).toMatch(/\d{1,2}:\d{2}/);
  });

  it('needs two refreshes for a chart', () => {
    const html = renderToStaticMarkup(<ScoreHistoryChart points={scorePoints([result('scores', T, [score(55, 60, 50, 55, 'BB')])])} title="x" />);
    expect(html).not.toContain('<svg');
    expect(text(html)).toContain('one refresh so far');
  });

  it('shows the change and the chart from the stored results', () => {
    const stored: ModuleLatest = { latest: result('scores', T + day, [score(62, 71, 48, 66, 'A')]), previous: result('scores', T, [score(59, 71, 50, 66, 'A')]), newSincePrevious: [] };
    const html = withQuery(<StoredExtras companyId="c1" module="scores" stored={stored} who="Apex Energy GmbH" />, (qc) =>
      qc.setQueryData(storedKeys.scoreHistory('c1'), scorePoints([stored.previous!, stored.latest!])),
    );
    expect(text(html)).toContain('Overall up +3 (59 → 62)');
    expect(text(html)).toContain('Rating unchanged (A)');
    expect(text(html)).toContain('Scores over refreshes, Apex Energy GmbH');
  });
});

describe('news new since last refresh', () => {
  const a = (id: string, title: string, date: string) => ({ article_id: id, title, source: 'Reuters', published_at: date, url: `https://news.example.org/${id}` });
  const previous = result('news', T, [a('n1', 'Old story', '2025-01-01T00:00:00Z')]);
  const latest = result('news', T + day, [a('n1', 'Old story', '2025-01-01T00:00:00Z'), a('n2', 'Fresh story', '2026-02-27T00:00:00Z')]);

  it('marks only the articles that arrived with the latest refresh', () => {
    const stored: ModuleLatest = { latest, previous, newSincePrevious: ['n2'] };
    const html = renderToStaticMarkup(<StoredData module="news" stored={stored} who="Apex" />);
    const t = text(html);
    expect(t).toMatch(/New since last refresh Fresh story/);
    expect(t).not.toMatch(/New since last refresh Old story/);
    expect(t.indexOf('Fresh story')).toBeLessThan(t.indexOf('Old story'));
    expect(t).toContain('Stored by an ESG run on');
    // A result kept from a request on the ESG screen (no run) says so.
    const fromRequest: ModuleLatest = { ...stored, latest: { ...latest, runId: null } };
    expect(text(renderToStaticMarkup(<StoredData module="news" stored={fromRequest} who="Apex" />))).toContain('Stored from a request on');
    expect(text(withQuery(<StoredExtras companyId="c1" module="news" stored={stored} who="Apex" />))).toContain('1 new article since the refresh of');
  });

  it('marks nothing on the first refresh (there is nothing to be new against)', () => {
    const first: ModuleLatest = { latest: previous, previous: null, newSincePrevious: ['n1'] };
    expect(newIdsOf(first)).toBeUndefined();
    expect(renderToStaticMarkup(<StoredData module="news" stored={first} who="Apex" />)).not.toContain('New since last refresh');
  });
});

describe('replaced commitments', () => {
  const c = (id: string, title: string, year: number) => ({ commitment_id: id, title, target: '40%', target_year: year, status: 'on_track', source: 'CDP' });

  it('keeps the previous set for comparison, saying how many are no longer current', () => {
    const stored: ModuleLatest = {
      latest: result('commitments', T + day, [c('k1', 'Net zero by 2040', 2040)]),
      previous: result('commitments', T, [c('k1', 'Net zero by 2040', 2040), c('k2', 'Halve water use', 2030)]),
      newSincePrevious: [],
    };
    const html = withQuery(<StoredExtras companyId="c1" module="commitments" stored={stored} who="Apex" />);
    expect(html).toContain('<details');
    expect(text(html)).toMatch(/Previous set: 2 commitments from .*, replaced on .* \(1 no longer in the current set\)/);
    expect(html).toContain('aria-label="Commitments of Apex, previous set"');
    expect(text(html)).toContain('Halve water use 40% 2030 On track CDP');
  });

  it('shows nothing to compare before a second refresh', () => {
    const stored: ModuleLatest = { latest: result('commitments', T, [c('k1', 'Net zero', 2040)]), previous: null, newSincePrevious: ['k1'] };
    expect(withQuery(<StoredExtras companyId="c1" module="commitments" stored={stored} who="Apex" />)).toBe('');
  });
});

describe('stored news', () => {
  const article = (id: string, published: string) => ({ article_id: id, title: `Apex news ${id}`, source: 'Reuters', published_at: published, url: 'https://news.example/a' });

  it('counts articles per month of publication and draws the articles-per-month chart', () => {
    const items = [article('a', '2026-01-05T10:00:00Z'), article('b', '2026-01-20T10:00:00Z'), article('c', '2026-03-02T10:00:00Z'), { title: 'no date' }];
    expect(storedMonths(items)).toEqual([
      { month: '2026-01', count: 2 },
      { month: '2026-03', count: 1 },
    ]);
    const html = renderToStaticMarkup(<StoredData module="news" stored={{ latest: result('news', T, items), previous: null } as ModuleLatest} who="Apex Energy GmbH" />);
    expect(html).toMatch(/role="img" aria-label="Articles per month, Apex Energy GmbH: 3 articles from/);
  });
});
