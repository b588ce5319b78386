// The ESG workbook of a weighted list (issue 38 #2) opened by the program an analyst opens it in:
// LibreOffice Calc, headless, under en_US and de_DE (test/helpers/libreoffice.ts). The workbook is
// written through the ESG export feature (the portfolio of 200 with imported weights, a benchmark
// list with typed weights, some holdings named like formulas). Its Analytics sheet, as Calc holds
// it: every cell equals the row the app meant (analytics.sheet, through the writer's cell rule),
// numbers are number cells whose shown text is the value rounded as shown, no cell is a formula;
// and the weighted averages, coverage, contributions, shares and active weights equal the plain
// computation of the weighted-analytics test (weighted-rows-expected.ts, as the exceljs read-back).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EsgExportJob } from '../../../../src/shared/bridge/groups/esg-export';
import { ANALYTICS_COLUMNS } from '../../../../src/main/features/analytics/analytics-sheet';
import { createAnalyticsFeature } from '../../../../src/main/features/analytics/feature';
import { createEsgExportFeature } from '../../../../src/main/features/esg-export/feature';
import { createListsFeature } from '../../../../src/main/features/lists/feature';
import type { FeatureDeps } from '../../../../src/main/platform/ports/feature-deps';
import { toXlsxCell } from '../../../../src/main/platform/tabular/cells';
import { asMeant, calcRows, DE_DE, EN_US, isComputed, openInCalc, type CalcWorkbook } from '../../../helpers/libreoffice';
import { WatchedList } from '../../../helpers/watched-list';
import { analyticsDeps } from '../analytics/fixtures';
import type { FixtureCompany } from '../analytics/weighted-fixture';
import { buildWeightedLists } from '../analytics/weighted-fixture';
import { expectWeightedRows } from './weighted-rows-expected';

const NOW = Date.UTC(2026, 10, 25, 12);
const LOCALES = [EN_US, DE_DE];
/** Holdings named like formulas (company 7 holds the largest position). */
const HOSTILE = { 7: '=HYPERLINK("http://x.example","Click")', 10: '+49-30-1234 GmbH', 11: '@risk AG', 12: "-5 Minus Ltd" };

let dir: string;
let portfolio: FixtureCompany[];
let benchmark: FixtureCompany[];
let meant: unknown[][];
const opened = new Map<string, CalcWorkbook>();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fs-weighted-calc-'));
  const events = new WatchedList<EsgExportJob>();
  const deps: FeatureDeps = {
    ...analyticsDeps(dir, NOW),
    emit: ((group: string, _name: string, job: EsgExportJob) => void (group === 'esgExport' && events.push(job))) as FeatureDeps['emit'],
    shell: { kind: 'browser', chooseExportPath: async (n) => join(dir, n), revealFile: async () => {}, notify: () => {}, openExternal: async () => {} },
  };
  const lists = createListsFeature(deps);
  const built = buildWeightedLists(deps, lists, NOW, HOSTILE);
  ({ portfolio, benchmark } = built);
  const analytics = createAnalyticsFeature(deps, { lists });
  const feature = createEsgExportFeature(deps, { lists, progressIntervalMs: 0, analyticsSheet: (id) => analytics.sheet(id) });
  const started = await feature.handlers.start({ source: { kind: 'list', listId: built.portfolioId }, format: 'xlsx' }, { signal: new AbortController().signal });
  const job = await events.first((e) => e.id === started!.id && e.state !== 'running');
  expect(job.state).toBe('done');
  // What the app meant the sheet to be: its rows as the writer makes each value a cell.
  meant = analytics.sheet(built.portfolioId).rows.map((r) => Array.from({ length: ANALYTICS_COLUMNS.length }, (_, i) => asMeant(toXlsxCell(r[i]))));
  for (const locale of LOCALES) opened.set(locale.env, (await openInCalc([join(dir, job.fileName)], locale, dir))[0]!);
}, 2 * 180_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.each(LOCALES)('the ESG workbook of a weighted list opened by LibreOffice Calc under $env', (locale) => {
  it('the Analytics sheet holds, cell by cell, the rows the app meant: numbers as numbers shown rounded, text as text, no formula', () => {
    const book = opened.get(locale.env)!;
    expect([...book.keys()]).toEqual(['Companies', 'Scores', 'News', 'Commitments', 'Analytics', 'About']);
    const sheet = book.get('Analytics')!;
    expect(calcRows(sheet, ANALYTICS_COLUMNS.length, locale)).toEqual([[...ANALYTICS_COLUMNS], ...meant]);
    expect(sheet.every((r) => r.length <= ANALYTICS_COLUMNS.length)).toBe(true);
    expect([...book.values()].flat(2).filter(isComputed)).toEqual([]);
    // The holdings named like formulas are there as their names.
    const names = new Set(sheet.filter((r) => r[0]?.value === 'Holdings').map((r) => r[1]?.value));
    for (const name of Object.values(HOSTILE)) expect(names).toContain(name);
  });

  it('the weighted averages, coverage, contributions, shares and active weights equal the plain computation, as shown', () => {
    // calcRows gives a number only where Calc's shown text is that number rounded as shown.
    expectWeightedRows(calcRows(opened.get(locale.env)!.get('Analytics')!, ANALYTICS_COLUMNS.length, locale), portfolio, benchmark);
  });
});
