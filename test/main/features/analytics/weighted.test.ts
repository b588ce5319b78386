// Weighted analytics of a 200-company list against a 150-company benchmark list, on a real
// workspace: every number equals a straightforward computation written here from the fixture's
// plain data (not the production functions). Also: equal weighting, a snapshot benchmark, a gone one.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAnalyticsFeature } from '../../../../src/main/features/analytics/feature';
import { createListsFeature, type ListsFeature } from '../../../../src/main/features/lists/feature';
import { SnapshotStore } from '../../../../src/main/features/snapshots/snapshot-store';
import type { FeatureDeps } from '../../../../src/main/platform/ports/feature-deps';
import { analyticsDeps } from './fixtures';
import { buildWeightedLists } from './weighted-fixture';
import { expected } from './weighted-expected';

const NOW = Date.UTC(2026, 10, 25, 12);
const PARTS = ['overall', 'environmental', 'social', 'governance'] as const;
let dir: string;
let deps: FeatureDeps;
let lists: ListsFeature;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fs-weighted-'));
  deps = analyticsDeps(dir, NOW);
  lists = createListsFeature(deps);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a weighted list of 200 against a benchmark list', () => {
  it('weighted averages, coverage by weight, contributions and active weights equal the plain computation', () => {
    const { portfolio, benchmark, portfolioId } = buildWeightedLists(deps, lists, NOW);
    const w = createAnalyticsFeature(deps, { lists }).weightedForList(portfolioId);
    const p = expected(portfolio);
    const b = expected(benchmark);

    expect(w.weighting).toBe('given');
    expect(w.portfolio.companies).toBe(200);
    expect(w.portfolio.held).toBe(p.held.length);
    expect(w.notHeld).toBe(200 - p.held.length);
    for (const part of PARTS) {
      const got = w.portfolio.averages.find((a) => a.part === part)!;
      expect(got.average).toBeCloseTo(p.averages[part]!.average, 9);
      expect(got.coverage).toBeCloseTo(p.averages[part]!.coverage, 9);
      expect(got.companies).toBe(p.averages[part]!.companies);
      const bench = w.benchmark!.averages.find((a) => a.part === part)!;
      expect(bench.average).toBeCloseTo(b.averages[part]!.average, 9);
      expect(bench.coverage).toBeCloseTo(b.averages[part]!.coverage, 9);
    }
    expect(w.portfolio.averages[0]!.coverage).toBeLessThan(100); // some holdings have no stored score
    // The fixture has each case: a holding without a social score, none/0 weights, companies of no country.
    expect(p.averages.social!.companies).toBeLessThan(p.averages.overall!.companies);
    expect(p.held.length).toBeLessThan(190);
    expect(w.activeByCountry.some((g) => g.key === 'unknown' && g.label === 'Country unknown')).toBe(true);

    expect(w.holdings).toHaveLength(p.held.length);
    for (const h of w.holdings) {
      expect(h.weight).toBeCloseTo(p.weight.get(h.companyId)!, 9);
      const c = p.contribution.get(h.companyId);
      if (c === undefined) expect(h.contribution).toBeNull();
      else {
        expect(h.contribution).toBeCloseTo(c, 9);
        expect(h.share).toBeCloseTo((c / p.averages.overall!.average) * 100, 9);
      }
    }
    expect(w.holdings.reduce((s, h) => s + h.weight, 0)).toBeCloseTo(100, 9);
    expect(w.holdings.reduce((s, h) => s + (h.contribution ?? 0), 0)).toBeCloseTo(p.averages.overall!.average, 9);

    const countries = new Set([...p.byCountry.keys(), ...b.byCountry.keys()]);
    expect(w.activeByCountry.map((g) => g.key).sort()).toEqual([...countries].sort());
    for (const g of w.activeByCountry) {
      expect(g.portfolio).toBeCloseTo(p.byCountry.get(g.key) ?? 0, 9);
      expect(g.benchmark).toBeCloseTo(b.byCountry.get(g.key) ?? 0, 9);
      expect(g.active).toBeCloseTo((p.byCountry.get(g.key) ?? 0) - (b.byCountry.get(g.key) ?? 0), 9);
    }
    for (const g of w.activeByDivision) expect(g.active).toBeCloseTo((p.byDivision.get(g.key) ?? 0) - (b.byDivision.get(g.key) ?? 0), 9);
    expect(w.activeByDivision.map((g) => g.key).sort()).toEqual([...new Set([...p.byDivision.keys(), ...b.byDivision.keys()])].sort());
  });

  it('equal weighting: every member alike, the typed weights kept for later', () => {
    const { portfolio, portfolioId } = buildWeightedLists(deps, lists, NOW);
    lists.activeStore().setWeights(portfolioId, { weighting: 'equal' });
    const w = createAnalyticsFeature(deps, { lists }).weightedForList(portfolioId);
    const p = expected(portfolio, true);
    expect(w.portfolio.held).toBe(200);
    expect(w.holdings[0]!.weight).toBeCloseTo(0.5, 12);
    expect(w.portfolio.averages[0]!.average).toBeCloseTo(p.averages.overall!.average, 9);
    expect(lists.activeStore().listMembers(portfolioId).filter((m) => m.weight !== null)).toHaveLength(portfolio.filter((c) => c.weight !== null).length);
  });

  it('a loaded result set as the benchmark counts its rows equally; one no longer loaded is said so', () => {
    const { portfolioId, benchmark } = buildWeightedLists(deps, lists, NOW);
    const snapshots = new SnapshotStore(deps.workspace.active());
    const snap = snapshots.create({ profileId: 'p1', query: { filters: [] }, pageSize: 200, rowCap: 1000, startedAt: NOW - 60_000 });
    snapshots.append(snap.id, benchmark.map((c) => ({ company_id: c.id, name: c.name, ...(c.country ? { country: c.country.code, country_name: c.country.name } : {}) })));
    snapshots.finish(snap.id, { status: 'complete', finishedAt: NOW - 30_000 });
    lists.activeStore().setBenchmark(portfolioId, { kind: 'snapshot', snapshotId: snap.id });
    const analytics = createAnalyticsFeature(deps, { lists });
    const w = analytics.weightedForList(portfolioId);
    expect(w.benchmark!.held).toBe(150);
    expect(w.benchmark!.averages[0]!.average).toBeCloseTo(expected(benchmark, true).averages.overall!.average, 9);
    expect(w.activeByCountry.reduce((s, g) => s + g.benchmark, 0)).toBeCloseTo(100, 9);

    snapshots.delete(snap.id);
    const gone = analytics.weightedForList(portfolioId);
    expect(gone.benchmark).toBeNull();
    expect(gone.benchmarkProblem).toMatch(/no longer loaded/);
    expect(gone.activeByCountry).toEqual([]);
  });
});

describe('weights in the list store', () => {
  it('a list weighted per company with no weight above 0 holds nothing, and says so with empty numbers', () => {
    const { portfolioId, portfolio } = buildWeightedLists(deps, lists, NOW);
    lists.activeStore().setWeights(portfolioId, { weights: portfolio.map((c) => ({ companyId: c.id, weight: c.weight === null ? null : 0 })) });
    const w = createAnalyticsFeature(deps, { lists }).weightedForList(portfolioId);
    expect(w.portfolio.held).toBe(0);
    expect(w.notHeld).toBe(200);
    expect(w.holdings).toEqual([]);
    expect(w.portfolio.averages.map((a) => [a.average, a.coverage])).toEqual([[null, 0], [null, 0], [null, 0], [null, 0]]);
    expect(w.activeByCountry.every((g) => g.portfolio === 0 && g.active === -g.benchmark)).toBe(true);
  });

  it('a weight for a company not in the list refuses the whole change; a list is not its own benchmark', () => {
    const { portfolio, portfolioId } = buildWeightedLists(deps, lists, NOW);
    const s = lists.activeStore();
    const before = s.listMembers(portfolioId).map((m) => m.weight);
    expect(() => s.setWeights(portfolioId, { weights: [{ companyId: portfolio[0]!.id, weight: 9 }, { companyId: '00000000-0000-4000-8000-000000000000', weight: 1 }] })).toThrow(/no longer in the list/);
    expect(s.listMembers(portfolioId).map((m) => m.weight)).toEqual(before);
    expect(() => s.setBenchmark(portfolioId, { kind: 'list', listId: portfolioId })).toThrow(/its own benchmark/);
  });

  it('a duplicate keeps the weights, the weighting and the benchmark', () => {
    const { portfolioId } = buildWeightedLists(deps, lists, NOW);
    const s = lists.activeStore();
    const copy = s.duplicate(portfolioId);
    expect(copy.weighting).toBe('given');
    expect(copy.benchmark).toEqual(s.get(portfolioId)!.benchmark);
    expect(s.listMembers(copy.id).map((m) => m.weight)).toEqual(s.listMembers(portfolioId).map((m) => m.weight));
  });
});
