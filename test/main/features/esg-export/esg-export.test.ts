// ESG export through the bridge handlers on a real workspace (lists + stored ESG results): the
// workbook read back with exceljs (sheets, rows, ids, names, text kept as text, dates as dates),
// CSV read back with csv-parse (formula rule), NDJSON per module, cancel and a single company.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EsgExportJob } from '../../../../src/shared/bridge/groups/esg-export';
import { ProfileSchema } from '../../../../src/shared/profile';
import { createEsgExportFeature } from '../../../../src/main/features/esg-export/feature';
import { EsgRunStore } from '../../../../src/main/features/esg-runs/store';
import { createListsFeature } from '../../../../src/main/features/lists/feature';
import type { FeatureDeps } from '../../../../src/main/platform/ports/feature-deps';
import { testWorkspacePort } from '../../../helpers/workspace';
import { WatchedList } from '../../../helpers/watched-list';

const CANARY = '=HYPERLINK("http://evil.example","x")';
const profile = ProfileSchema.parse({ id: 'p1', name: 'Research desk', kind: 'remote', authUrl: 'https://a.example', baseUrl: 'https://b.example', clientId: 'c' });
const ids = [randomUUID(), randomUUID(), randomUUID()] as const;
const T1 = Date.UTC(2026, 10, 20, 9, 30);
const T2 = Date.UTC(2026, 10, 22, 14, 0);

let dir: string;
let events: WatchedList<EsgExportJob>;
let deps: FeatureDeps;
let workspace: ReturnType<typeof testWorkspacePort>;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fs-esg-export-'));
  events = new WatchedList();
  workspace = testWorkspacePort(dir, () => 'p1');
  deps = {
    api: async () => {
      throw new Error('the export never calls the service');
    },
    activeProfile: () => profile,
    settings: { read: (_k, _s, f) => f, write: () => {} },
    emit: ((group: string, name: string, payload: EsgExportJob) => {
      if (group === 'esgExport' && name === 'progress') events.push(payload);
    }) as FeatureDeps['emit'],
    shell: {
      kind: 'browser',
      chooseExportPath: async (n) => join(dir, n),
      revealFile: async () => {},
      notify: () => {},
      openExternal: async () => {},
      downloadUrlFor: (p) => `http://127.0.0.1:1/downloads/${encodeURIComponent(p.split('/').at(-1)!)}`,
    },
    dataDir: dir,
    workspace,
    now: () => Date.now(),
  };
  // Stored results: Alpha has every module (scores twice: the export takes the latest), Beta news only, Gamma nothing.
  const store = new EsgRunStore(workspace.forProfile('p1'));
  const score = (overall: number, rating: string) => ({ score_id: randomUUID(), overall, environmental: overall + 2, social: overall - 2, governance: overall, rating, weights: { environmental: 0.4, social: 0.3, governance: 0.3 }, computed_at: '2026-11-01T08:00:00Z' });
  store.saveResult({ companyId: ids[0], companyName: 'Alpha AG', module: 'scores', fetchedAt: T1 - 86_400_000, runId: null, items: [score(50, 'BB')] });
  store.saveResult({ companyId: ids[0], companyName: 'Alpha AG', module: 'scores', fetchedAt: T1, runId: null, items: [score(61, 'A')] });
  store.saveResult({
    companyId: ids[0],
    companyName: 'Alpha AG',
    module: 'news',
    fetchedAt: T1,
    runId: null,
    items: [
      { article_id: 'n1', title: CANARY, source: 'Wire', published_at: '2026-10-01T10:00:00Z', sentiment: -0.4, topics: ['water', 'audit'] },
      { article_id: 'n2', title: '+49 30 1234 hotline opened', source: 'Daily', published_at: '2026-09-12', sentiment: 0.5, topics: [] },
    ],
  });
  store.saveResult({ companyId: ids[0], companyName: 'Alpha AG', module: 'commitments', fetchedAt: T1, runId: null, items: [{ commitment_id: 'c1', title: 'Net zero by 2040', target_year: 2040, status: 'on track', company_id: 'not-ours' }] });
  store.saveResult({ companyId: ids[1], companyName: 'Beta SA', module: 'news', fetchedAt: T2, runId: null, items: [{ article_id: 'n3', title: 'Beta opens plant', source: 'Wire', url: 'https://x.example/a' }] });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const ctx = { signal: new AbortController().signal };
async function finished(job: EsgExportJob | null): Promise<EsgExportJob> {
  expect(job).not.toBeNull();
  return events.first((e) => e.id === job!.id && e.state !== 'running');
}
function makeList() {
  const lists = createListsFeature(deps);
  const { list } = lists.activeStore().createList({
    name: 'Portfolio',
    companies: [
      { companyId: ids[0], name: 'Alpha AG', country: 'DE' },
      { companyId: ids[1], name: 'Beta SA', country: 'FR' },
      { companyId: ids[2], name: 'Gamma Ltd', country: 'GB' },
    ],
  });
  return { lists, list };
}
const sheetRows = (ws: ExcelJS.Worksheet) => {
  const out: unknown[][] = [];
  ws.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
};

describe('ESG export', () => {
  it('writes a list as one workbook: Companies, Scores, News, Commitments, About; rows join back by id and name', async () => {
    const { lists, list } = makeList();
    const feature = createEsgExportFeature(deps, { lists, progressIntervalMs: 0 });
    const job = await finished(await feature.handlers.start({ source: { kind: 'list', listId: list.id }, format: 'xlsx' }, ctx));
    expect(job).toMatchObject({ state: 'done', title: 'List “Portfolio”', rows: 3 + 1 + 3 + 1, totalRows: 8, counts: { companies: 3, withData: 2, scores: 1, news: 3, commitments: 1 } });
    expect(job.fileName).toMatch(/^esg-Portfolio-\d{4}-\d{2}-\d{2}-\d{4}\.xlsx$/);
    expect(job.downloadUrl).toContain(encodeURIComponent(job.fileName));

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(dir, job.fileName));
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Companies', 'Scores', 'News', 'Commitments', 'About']);

    const [cHead, ...companies] = sheetRows(wb.getWorksheet('Companies')!);
    const c = (row: unknown[], col: string) => row[cHead!.indexOf(col)];
    expect(cHead!.slice(0, 4)).toEqual(['company_id', 'company_name', 'country', 'overall']);
    expect(companies.map((r) => [r[0], r[1], r[2]])).toEqual([
      [ids[0], 'Alpha AG', 'DE'],
      [ids[1], 'Beta SA', 'FR'],
      [ids[2], 'Gamma Ltd', 'GB'],
    ]);
    expect(c(companies[0]!, 'overall')).toBe(61);
    expect(c(companies[0]!, 'rating')).toBe('A');
    expect(c(companies[0]!, 'overall_change')).toBe(11);
    expect(c(companies[0]!, 'news_count')).toBe(2);
    expect(c(companies[1]!, 'news_fetched_at')).toEqual(new Date(T2));
    expect(c(companies[2]!, 'overall')).toBeUndefined(); // no data: an empty cell, not 0

    const [sHead, ...scores] = sheetRows(wb.getWorksheet('Scores')!);
    expect(sHead!.slice(0, 3)).toEqual(['company_id', 'company_name', 'fetched_at']);
    expect(sHead).toContain('weights.environmental');
    expect(scores).toHaveLength(1);
    expect(scores[0]![sHead!.indexOf('overall')]).toBe(61);
    expect(scores[0]![sHead!.indexOf('fetched_at')]).toEqual(new Date(T1));

    const [nHead, ...news] = sheetRows(wb.getWorksheet('News')!);
    expect(news.map((r) => [r[0], r[1], r[nHead!.indexOf('article_id')]])).toEqual([
      [ids[0], 'Alpha AG', 'n1'],
      [ids[0], 'Alpha AG', 'n2'],
      [ids[1], 'Beta SA', 'n3'],
    ]);
    // XLSX keeps text exactly (a string cell never runs): no apostrophe, no formula.
    expect(news[0]![nHead!.indexOf('title')]).toBe(CANARY);
    expect(news[1]![nHead!.indexOf('title')]).toBe('+49 30 1234 hotline opened');
    expect(news[0]![nHead!.indexOf('topics')]).toBe('water; audit');
    expect(news[1]![nHead!.indexOf('published_at')]).toEqual(new Date('2026-09-12'));

    const [mHead, ...commitments] = sheetRows(wb.getWorksheet('Commitments')!);
    // An item's own company_id never replaces the join key.
    expect(commitments[0]!.slice(0, 2)).toEqual([ids[0], 'Alpha AG']);
    expect(commitments[0]![mHead!.indexOf('target_year')]).toBe(2040);

    const about = Object.fromEntries(sheetRows(wb.getWorksheet('About')!).map((r) => [r[0], r[1]]));
    expect(about).toMatchObject({ 'Companies of': 'List “Portfolio”', Profile: 'Research desk', Companies: 3, 'With ESG data': 2, 'News rows': 3, 'Scores rows': 1, 'Commitments rows': 1 });
    expect(String(about['Exported at'])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
    expect((await readdir(dir)).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('writes one module as CSV (formula rule applied, read back with csv-parse) and as NDJSON (types and nesting kept)', async () => {
    const { lists, list } = makeList();
    const feature = createEsgExportFeature(deps, { lists });
    const csvJob = await finished(await feature.handlers.start({ source: { kind: 'list', listId: list.id }, format: 'csv', module: 'news' }, ctx));
    expect(csvJob).toMatchObject({ state: 'done', module: 'news', rows: 3 });
    expect(csvJob.fileName).toMatch(/^esg-news-Portfolio-.*\.csv$/);
    const [head, ...rows] = parse(await readFile(join(dir, csvJob.fileName), 'utf8')) as string[][];
    expect(head!.slice(0, 3)).toEqual(['company_id', 'company_name', 'fetched_at']);
    expect(rows.map((r) => r[1])).toEqual(['Alpha AG', 'Alpha AG', 'Beta SA']);
    // CSV: formula-like text gets the ' prefix (the canary cannot run), a phone-like number too.
    expect(rows[0]![head!.indexOf('title')]).toBe(`'${CANARY}`);
    expect(rows[1]![head!.indexOf('title')]).toBe(`'+49 30 1234 hotline opened`);
    expect(rows[2]![head!.indexOf('fetched_at')]).toBe(new Date(T2).toISOString());

    const nd = await finished(await feature.handlers.start({ source: { kind: 'list', listId: list.id }, format: 'ndjson', module: 'scores' }, ctx));
    const records = (await readFile(join(dir, nd.fileName), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ company_id: ids[0], company_name: 'Alpha AG', overall: 61, weights: { environmental: 0.4 } });

    const comp = await finished(await feature.handlers.start({ source: { kind: 'list', listId: list.id }, format: 'csv', module: 'companies' }, ctx));
    const [ch, ...crows] = parse(await readFile(join(dir, comp.fileName), 'utf8')) as string[][];
    expect(crows.map((r) => r[ch!.indexOf('company_name')])).toEqual(['Alpha AG', 'Beta SA', 'Gamma Ltd']);
  });

  it('exports one company by id with its stored name; a cancelled export leaves no file', async () => {
    const feature = createEsgExportFeature(deps, {});
    const job = await finished(await feature.handlers.start({ source: { kind: 'company', companyId: ids[0].toUpperCase() }, format: 'xlsx' }, ctx));
    expect(job).toMatchObject({ state: 'done', title: 'Company Alpha AG', counts: { companies: 1, withData: 1, news: 2 } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(dir, job.fileName));
    expect(wb.getWorksheet('Companies')!.getRow(2).getCell(2).value).toBe('Alpha AG');

    // Cancel at the first progress event: the file never appears under its name.
    let cancelled = false;
    const cancelling = createEsgExportFeature({ ...deps, emit: ((g: string, n: string, p: EsgExportJob) => {
      events.push(p);
      if (p.state === 'running' && p.rows > 0 && !cancelled) {
        cancelled = true;
        void cancelling.handlers.cancel({ id: p.id }, ctx);
      }
    }) as FeatureDeps['emit'] }, { progressIntervalMs: 0, lists: makeList().lists });
    const list = createListsFeature(deps).activeStore().byName('Portfolio')!;
    const c = await finished(await cancelling.handlers.start({ source: { kind: 'list', listId: list.id }, format: 'xlsx' }, ctx));
    expect(c.state).toBe('cancelled');
    expect((await readdir(dir)).filter((f) => f === c.fileName || f.endsWith('.partial'))).toEqual([]);
  });

  it('says clearly what is wrong: a deleted list, a missing module for CSV', async () => {
    const { lists } = makeList();
    const feature = createEsgExportFeature(deps, { lists });
    await expect(feature.handlers.start({ source: { kind: 'list', listId: 999 }, format: 'xlsx' }, ctx)).rejects.toMatchObject({ code: 'not_found' });
    const { esgExportGroup } = await import('../../../../src/shared/bridge/groups/esg-export');
    const parsed = esgExportGroup.fns.start.input.safeParse({ source: { kind: 'list', listId: 1 }, format: 'csv' });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]).toMatchObject({ path: ['module'], message: 'Choose which module the file holds.' });
  });
});
