// The ESG workbook of a list gains an Analytics sheet: the numbers behind the list's charts, as the
// analytics feature computes them, written by the one tabular writer (text cells neutralised).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { EsgExportJob } from '../../../../src/shared/bridge/groups/esg-export';
import { ProfileSchema } from '../../../../src/shared/profile';
import { createAnalyticsFeature } from '../../../../src/main/features/analytics/feature';
import { createEsgExportFeature } from '../../../../src/main/features/esg-export/feature';
import { EsgRunStore } from '../../../../src/main/features/esg-runs/store';
import { createListsFeature } from '../../../../src/main/features/lists/feature';
import type { FeatureDeps } from '../../../../src/main/platform/ports/feature-deps';
import { testWorkspacePort } from '../../../helpers/workspace';
import { WatchedList } from '../../../helpers/watched-list';

const profile = ProfileSchema.parse({ id: 'p1', name: 'Research desk', kind: 'remote', authUrl: 'https://a.example', baseUrl: 'https://b.example', clientId: 'c' });
const [a, b] = [randomUUID(), randomUUID()];
let dir: string;
let deps: FeatureDeps;
const events = new WatchedList<EsgExportJob>();

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fs-esg-analytics-'));
  deps = {
    api: async () => {
      throw new Error('no service');
    },
    activeProfile: () => profile,
    settings: { read: (_k, _s, f) => f, write: () => {} },
    emit: ((group: string, _name: string, job: EsgExportJob) => void (group === 'esgExport' && events.push(job))) as FeatureDeps['emit'],
    shell: { kind: 'browser', chooseExportPath: async (n) => join(dir, n), revealFile: async () => {}, notify: () => {}, openExternal: async () => {} },
    dataDir: dir,
    workspace: testWorkspacePort(dir, () => 'p1'),
    now: () => Date.now(),
  };
  const store = new EsgRunStore(deps.workspace.forProfile('p1'));
  store.saveResult({ companyId: a, companyName: '=Alpha', module: 'scores', fetchedAt: Date.now() - 5000, runId: null, items: [{ overall: 40, environmental: 40, social: 40, governance: 40, rating: 'BB' }] });
  store.saveResult({ companyId: a, companyName: '=Alpha', module: 'scores', fetchedAt: Date.now(), runId: null, items: [{ overall: 47, environmental: 50, social: 45, governance: 44, rating: 'BBB' }] });
  store.saveResult({ companyId: b, companyName: 'Beta', module: 'scores', fetchedAt: Date.now(), runId: null, items: [{ overall: 81, environmental: 85, social: 80, governance: 76, rating: 'AA' }] });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('writes Companies, Scores, News, Commitments, Analytics and About; the Analytics rows are the charts’ numbers', async () => {
  const lists = createListsFeature(deps);
  const { list } = lists.activeStore().createList({
    name: 'Portfolio',
    companies: [
      { companyId: a, record: { company_id: a, name: '=Alpha', country: 'DE', country_name: 'Germany', industry_code: '62.01' } },
      { companyId: b, record: { company_id: b, name: 'Beta', country: 'FR', country_name: 'France', industry_code: '62.02' } },
    ],
  });
  const analytics = createAnalyticsFeature(deps, { lists });
  const feature = createEsgExportFeature(deps, { lists, progressIntervalMs: 0, analyticsSheet: (id) => analytics.sheet(id) });
  const started = await feature.handlers.start({ source: { kind: 'list', listId: list.id }, format: 'xlsx' }, { signal: new AbortController().signal });
  const job = await events.first((e) => e.id === started!.id && e.state !== 'running');
  expect(job.state).toBe('done');

  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(join(dir, job.fileName));
  expect(book.worksheets.map((w) => w.name)).toEqual(['Companies', 'Scores', 'News', 'Commitments', 'Analytics', 'About']);
  const rows: unknown[][] = [];
  book.getWorksheet('Analytics')!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  expect(rows[0]).toEqual(['chart', 'panel', 'label', 'companies', 'value', 'from', 'to', 'weight %', 'benchmark weight %', 'active weight %', 'contribution', 'share of average %']);
  expect(rows).toContainEqual(['Coverage', undefined, 'With scores', 2]);
  expect(rows).toContainEqual(['Score distribution', 'Overall', 'Median', 2, 64]);
  expect(rows).toContainEqual(['Rating breakdown', undefined, 'AA', 1]);
  expect(rows).toContainEqual(['Overall score by country', 'Germany', '40–50', 1]);
  // A company name that looks like a formula stays a text cell (the writer's rule; exceljs would read a formula as an object).
  expect(rows).toContainEqual(['Top movers', 'Up', '=Alpha', undefined, 7, 40, 47]);
  expect(rows.length - 1).toBe(analytics.sheet(list.id).rows.length);
  // Equal weights (the list has none given): each of the two holds 50 %; no benchmark chosen, so no active weights.
  expect(rows).toContainEqual(['Weighted average', 'Portfolio', 'Overall', 2, 64]);
  expect(rows).toContainEqual(['Holdings', 'Beta', b, undefined, 81, undefined, undefined, 50, undefined, undefined, 40.5, (40.5 / 64) * 100]);
  expect(rows.some((r) => String(r[0]).startsWith('Active weight'))).toBe(false);
});
