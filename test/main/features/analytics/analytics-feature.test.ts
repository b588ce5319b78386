// The analytics bridge handlers on a real workspace: a list's members (records with country and
// industry code) joined with the results ESG runs stored; the previous refresh gives the movers;
// the peer benchmark ranks a company in its list and among workspace peers of other lists.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAnalyticsFeature } from '../../../../src/main/features/analytics/feature';
import { EsgRunStore } from '../../../../src/main/features/esg-runs/store';
import { createListsFeature } from '../../../../src/main/features/lists/feature';
import type { FeatureDeps } from '../../../../src/main/platform/ports/feature-deps';
import { analyticsDeps } from './fixtures';

const NOW = Date.UTC(2026, 10, 25, 12);
const DAY = 86_400_000;
const ctx = { signal: new AbortController().signal };
const [alpha, beta, gamma, delta] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];

let dir: string;
let deps: FeatureDeps;

const record = (id: string, name: string, country: string, countryName: string, industry: string) => ({
  companyId: id,
  record: { company_id: id, name, country, country_name: countryName, industry_code: industry, industry_label: 'x' },
});

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fs-analytics-'));
  deps = analyticsDeps(dir, NOW);
  const store = new EsgRunStore(deps.workspace.forProfile('p1'));
  const save = (id: string, name: string, overall: number, rating: string, at: number) =>
    store.saveResult({ companyId: id, companyName: name, module: 'scores', fetchedAt: at, runId: null, items: [{ score_id: randomUUID(), overall, environmental: overall + 4, social: overall - 4, governance: overall, rating }] });
  save(alpha, 'Alpha AG', 50, 'BB', NOW - 10 * DAY);
  save(alpha, 'Alpha AG', 62, 'BBB', NOW - 2 * 3600_000); // +12 since the previous refresh
  save(beta, 'Beta SA', 81, 'AA', NOW - 3 * DAY);
  save(delta, 'Delta GmbH', 70, 'A', NOW - 40 * DAY); // only in another list
  store.saveResult({ companyId: gamma, companyName: 'Gamma Ltd', module: 'news', fetchedAt: NOW - 100 * DAY, runId: null, items: [] });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function lists() {
  const feature = createListsFeature(deps);
  const s = feature.activeStore();
  const { list } = s.createList({
    name: 'Portfolio',
    companies: [record(alpha, 'Alpha AG', 'DE', 'Germany', '62.01'), record(beta, 'Beta SA', 'FR', 'France', '62.02'), record(gamma, 'Gamma Ltd', 'DE', 'Germany', '10.11'), { companyId: randomUUID(), name: 'Nobody Inc' }],
  });
  const { list: other } = s.createList({ name: 'Watch', companies: [record(delta, 'Delta GmbH', 'DE', 'Germany', '62.09')] });
  return { feature, list, other };
}

describe('analytics feature', () => {
  it('computes a list’s analytics from its members and the stored results', async () => {
    const { feature, list } = lists();
    const analytics = createAnalyticsFeature(deps, { lists: feature });
    const a = await analytics.handlers.list({ listId: list.id }, ctx);
    expect(a.source).toEqual({ kind: 'list', id: list.id, name: 'Portfolio' });
    expect(a.coverage).toMatchObject({ companies: 4, withData: 3, withScores: 2 });
    expect(Object.fromEntries(a.coverage.freshness.map((f) => [f.key, f.count]))).toEqual({ day: 1, week: 1, month: 0, quarter: 0, older: 1, never: 1 });
    expect(a.ratings).toEqual([
      { rating: 'AA', count: 1 },
      { rating: 'BBB', count: 1 },
    ]);
    expect(a.distributions[0]).toMatchObject({ part: 'overall', n: 2, median: 71.5 });
    expect(a.byCountry.map((g) => [g.label, g.companies, g.withScores])).toEqual([
      ['Germany', 2, 1], // as many with scores as France, more companies
      ['France', 1, 1],
      ['Country unknown', 1, 0],
    ]);
    expect(a.byDivision[0]).toMatchObject({ key: '62', label: '62 Computer programming, consultancy and related activities', withScores: 2 });
    expect(a.movers).toEqual({ compared: 1, up: [{ companyId: alpha, name: 'Alpha AG', previous: 50, latest: 62, change: 12, previousRating: 'BB', rating: 'BBB' }], down: [] });
    expect(analytics.forList(list.id)).toEqual(a);
  });

  it('says a deleted list is gone', async () => {
    const { feature } = lists();
    const analytics = createAnalyticsFeature(deps, { lists: feature });
    await expect(analytics.handlers.list({ listId: 999 }, ctx)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('benchmarks a company in the list it was opened from and among its peers in every list', async () => {
    const { feature, list } = lists();
    const analytics = createAnalyticsFeature(deps, { lists: feature });
    const b = await analytics.handlers.peers({ companyId: alpha.toUpperCase(), listId: list.id }, ctx);
    expect(b).toMatchObject({ companyId: alpha, name: 'Alpha AG', overall: 62, rating: 'BBB', country: { key: 'DE', label: 'Germany' }, division: { key: '62' } });
    expect(b.groups.map((g) => [g.kind, g.values, g.percentile, g.rank])).toEqual([
      ['list', [62, 81], 25, 2],
      ['division', [62, 70, 81], ((0 + 0.5) / 3) * 100, 3],
      ['country', [62, 70], 25, 2],
      ['division-country', [62, 70], 25, 2],
    ]);
    // Without the list it was opened from: each list holding it.
    const again = await analytics.handlers.peers({ companyId: alpha }, ctx);
    expect(again.groups[0]!.label).toBe('List “Portfolio”');
  });
});
