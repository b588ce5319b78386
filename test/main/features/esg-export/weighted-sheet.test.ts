// The ESG workbook of a weighted list: the Analytics sheet's weighted rows, read back with exceljs,
// are number cells equal to the plain computation of the weighted-analytics test (200 companies,
// weights imported, a benchmark list with typed weights).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { EsgExportJob } from '../../../../src/shared/bridge/groups/esg-export';
import { createAnalyticsFeature } from '../../../../src/main/features/analytics/feature';
import { createEsgExportFeature } from '../../../../src/main/features/esg-export/feature';
import { createListsFeature } from '../../../../src/main/features/lists/feature';
import type { FeatureDeps } from '../../../../src/main/platform/ports/feature-deps';
import { WatchedList } from '../../../helpers/watched-list';
import { analyticsDeps } from '../analytics/fixtures';
import { buildWeightedLists } from '../analytics/weighted-fixture';
import { expected } from '../analytics/weighted-expected';

const NOW = Date.now();
let dir: string;
let deps: FeatureDeps;
const events = new WatchedList<EsgExportJob>();

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fs-weighted-sheet-'));
  deps = {
    ...analyticsDeps(dir, NOW),
    emit: ((group: string, _name: string, job: EsgExportJob) => void (group === 'esgExport' && events.push(job))) as FeatureDeps['emit'],
    shell: { kind: 'browser', chooseExportPath: async (n) => join(dir, n), revealFile: async () => {}, notify: () => {}, openExternal: async () => {} },
  };
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('writes weighted averages, coverage, holdings and active weights as numbers a spreadsheet reads back', async () => {
  const lists = createListsFeature(deps);
  const { portfolio, benchmark, portfolioId } = buildWeightedLists(deps, lists, NOW);
  const analytics = createAnalyticsFeature(deps, { lists });
  const feature = createEsgExportFeature(deps, { lists, progressIntervalMs: 0, analyticsSheet: (id) => analytics.sheet(id) });
  const started = await feature.handlers.start({ source: { kind: 'list', listId: portfolioId }, format: 'xlsx' }, { signal: new AbortController().signal });
  const job = await events.first((e) => e.id === started!.id && e.state !== 'running');
  expect(job.state).toBe('done');

  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(join(dir, job.fileName));
  const rows: unknown[][] = [];
  book.getWorksheet('Analytics')!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  expect(rows[0]).toEqual(['chart', 'panel', 'label', 'companies', 'value', 'from', 'to', 'weight %', 'benchmark weight %', 'active weight %', 'contribution', 'share of average %']);
  const p = expected(portfolio);
  const b = expected(benchmark);
  const find = (chart: string, panel: string, label: string) => rows.find((r) => r[0] === chart && r[1] === panel && r[2] === label)!;

  for (const [part, label] of [['overall', 'Overall'], ['environmental', 'Environmental'], ['social', 'Social'], ['governance', 'Governance']] as const) {
    const avg = find('Weighted average', 'Portfolio', label);
    expect(avg[3]).toBe(p.averages[part]!.companies);
    expect(typeof avg[4]).toBe('number');
    expect(avg[4] as number).toBeCloseTo(p.averages[part]!.average, 9);
    expect(find('Coverage by weight %', 'Portfolio', label)[4] as number).toBeCloseTo(p.averages[part]!.coverage, 9);
    expect(find('Weighted average', 'Benchmark', label)[4] as number).toBeCloseTo(b.averages[part]!.average, 9);
  }

  const holdings = rows.filter((r) => r[0] === 'Holdings');
  expect(holdings).toHaveLength(p.held.length);
  for (const h of holdings) {
    const id = h[2] as string;
    expect(h[7] as number).toBeCloseTo(p.weight.get(id)!, 9);
    const c = p.contribution.get(id);
    if (c === undefined) expect(h[10]).toBeUndefined();
    else {
      expect(typeof h[10]).toBe('number');
      expect(h[10] as number).toBeCloseTo(c, 9);
      expect(h[11] as number).toBeCloseTo((c / p.averages.overall!.average) * 100, 9);
    }
  }

  const countries = rows.filter((r) => r[0] === 'Active weight by country');
  expect(countries.length).toBeGreaterThan(3);
  for (const g of countries) {
    const key = g[2] as string;
    expect(g[9] as number).toBeCloseTo((p.byCountry.get(key) ?? 0) - (b.byCountry.get(key) ?? 0), 9);
  }
  for (const g of rows.filter((r) => r[0] === 'Active weight by industry division')) {
    const key = g[2] as string;
    expect(g[9] as number).toBeCloseTo((p.byDivision.get(key) ?? 0) - (b.byDivision.get(key) ?? 0), 9);
  }
});
