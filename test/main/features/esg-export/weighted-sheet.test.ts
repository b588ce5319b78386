// The ESG workbook of a weighted list: the Analytics sheet's weighted rows, read back with exceljs,
// are number cells equal to the plain computation of the weighted-analytics test (200 companies,
// weights imported, a benchmark list with typed weights): weighted-rows-expected.ts, which the
// LibreOffice read-back (weighted-sheet-libreoffice.test.ts) shares.
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
import { expectWeightedRows } from './weighted-rows-expected';

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
  expectWeightedRows(rows, portfolio, benchmark);
});
