// Portfolio analytics of a snapshot view: the rows the view shows (text filter and facets), their
// country and industry read from the stored records, joined with the stored ESG results; a deleted
// snapshot or one of another profile is "not found".
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAnalyticsFeature } from '../../../../src/main/features/analytics/feature';
import { EsgRunStore } from '../../../../src/main/features/esg-runs/store';
import { createListsFeature } from '../../../../src/main/features/lists/feature';
import { SnapshotStore } from '../../../../src/main/features/snapshots/snapshot-store';
import type { FeatureDeps } from '../../../../src/main/platform/ports/feature-deps';
import { analyticsDeps } from './fixtures';

const NOW = Date.UTC(2026, 10, 25, 12);
const ctx = { signal: new AbortController().signal };

let dir: string;
let deps: FeatureDeps;
let snapshotId: number;
const ids = Array.from({ length: 6 }, () => randomUUID());

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fs-snapshot-analytics-'));
  deps = analyticsDeps(dir, NOW);
  const db = deps.workspace.active();
  const snapshots = new SnapshotStore(db);
  const created = snapshots.create({ profileId: 'p1', query: { filters: [] }, pageSize: 200, rowCap: 100_000, startedAt: NOW - 60_000 });
  snapshotId = created.id;
  const rec = (i: number, name: string, country: string, countryName: string, industry: string) => ({
    company_id: ids[i],
    name,
    country,
    country_name: countryName,
    industry_code: industry,
    industry_label: 'x',
    employee_count: 100 + i,
  });
  snapshots.append(snapshotId, [
    rec(0, 'Alpha Hamburg AG', 'DE', 'Germany', '62.01'),
    rec(1, 'Beta Hamburg GmbH', 'DE', 'Germany', '10.11'),
    rec(2, 'Gamma Paris SA', 'FR', 'France', '62.02'),
    rec(3, 'Delta Berlin GmbH', 'DE', 'Germany', '62.09'),
    rec(4, 'Epsilon Lyon SA', 'FR', 'France', '10.20'),
    { company_id: ids[5], name: 'Zeta Hamburg Ltd' }, // no country, no industry
  ]);
  snapshots.finish(snapshotId, { status: 'complete', finishedAt: NOW - 30_000 });
  const store = new EsgRunStore(db);
  const save = (i: number, overall: number, rating: string) =>
    store.saveResult({ companyId: ids[i]!, companyName: `C${i}`, module: 'scores', fetchedAt: NOW - 3600_000, runId: null, items: [{ score_id: randomUUID(), overall, environmental: overall, social: overall, governance: overall, rating }] });
  save(0, 60, 'BBB');
  save(1, 40, 'BB');
  save(2, 80, 'AA');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const feature = () => createAnalyticsFeature(deps, { lists: createListsFeature(deps) });

describe('analytics of a snapshot view', () => {
  it('covers every row of an unfiltered view, grouped by the records’ country and division', async () => {
    const a = await feature().handlers.snapshot({ snapshotId, view: { facets: {} } }, ctx);
    expect(a.source).toEqual({ kind: 'snapshot', id: snapshotId, name: `Snapshot ${snapshotId}`, loadedAt: NOW - 30_000, rows: 6, snapshotRows: 6, narrowed: false });
    expect(a.coverage).toMatchObject({ companies: 6, withScores: 3 });
    expect(a.distributions[0]).toMatchObject({ part: 'overall', n: 3, median: 60 });
    expect(Object.fromEntries(a.byCountry.map((g) => [g.label, [g.companies, g.withScores]]))).toEqual({ Germany: [3, 2], France: [2, 1], 'Country unknown': [1, 0] });
    expect(a.byDivision.find((g) => g.key === '62')).toMatchObject({ companies: 3, withScores: 2, medianOverall: 70 });
  });

  it('takes only the rows the view shows: text filter and facets, as the grid narrows them', async () => {
    const hamburg = await feature().handlers.snapshot({ snapshotId, view: { text: 'Hamburg', facets: { country: ['DE'] } } }, ctx);
    expect(hamburg.source).toMatchObject({ rows: 2, snapshotRows: 6, narrowed: true });
    expect(hamburg.coverage).toMatchObject({ companies: 2, withScores: 2 });
    expect(hamburg.ratings).toEqual([
      { rating: 'BBB', count: 1 },
      { rating: 'BB', count: 1 },
    ]);
    // The sort of the view does not change what is counted.
    const sorted = await feature().handlers.snapshot({ snapshotId, view: { text: 'Hamburg', facets: { country: ['DE'] }, sort: { field: 'name', direction: 'desc' } } }, ctx);
    expect(sorted.coverage).toEqual(hamburg.coverage);
  });

  it('ranks a company opened from the snapshot among all its rows, then among workspace peers', async () => {
    const b = await feature().handlers.peers({ companyId: ids[0]!, snapshotId }, ctx);
    expect(b.country).toEqual({ key: 'DE', label: 'Germany' });
    expect(b.groups[0]).toMatchObject({ kind: 'snapshot', label: 'The loaded search results it was opened from (6 companies)', values: [40, 60, 80], rank: 2 });
    expect(b.groups[0]!.percentile).toBe(50);
    await expect(feature().handlers.peers({ companyId: ids[0]!, snapshotId: snapshotId + 99 }, ctx)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('says a snapshot that is gone (or another profile’s) is not found', async () => {
    await expect(feature().handlers.snapshot({ snapshotId: snapshotId + 99, view: { facets: {} } }, ctx)).rejects.toMatchObject({ code: 'not_found' });
  });
});
