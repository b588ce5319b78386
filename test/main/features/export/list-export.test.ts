// A list's export as a job of the export feature: the view's rows in its order with the list's
// columns, progress with a known total, the About sheet naming the list and its filter, cancel
// leaving the target untouched, and the refusals before any save dialog.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExportFeature } from '../../../../src/main/features/export/feature';
import type { ListsAccess } from '../../../../src/main/features/lists/list-store';
import type { ListInfo, ListMember, ListView } from '../../../../src/shared/lists/lists';
import { harness } from './helpers/harness';
import { readCsv } from './readback';

const ctx = { signal: new AbortController().signal };
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fs-list-export-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const member = (i: number): ListMember => ({
  weight: null,
  companyId: `id-${String(i).padStart(5, '0')}`,
  name: i === 0 ? '=HYPERLINK("x")' : `Company ${i}`,
  country: 'DE',
  countryName: 'Germany',
  industry: 'Software',
  employees: i * 10,
  revenue: null,
  addedAt: Date.UTC(2026, 0, 1),
  record: null,
  esg: i % 2 ? { overallScore: 50 + (i % 40), overallRating: 'B' } : {},
});

/** A list of `size` members; the view sorts by employees descending and filters by name substring. */
function fakeLists(size: number, name = 'Portfolio'): { activeStore(): ListsAccess; views: ListView[] } {
  const members = Array.from({ length: size }, (_, i) => member(i));
  const info: ListInfo = { id: 7, name, memberCount: size } as ListInfo;
  const views: ListView[] = [];
  const store = {
    get: (id: number) => (id === info.id ? info : null),
    viewIds(_id: number, view: ListView) {
      views.push(view);
      return members
        .filter((m) => !view.text || (m.name ?? '').includes(view.text))
        .sort((a, b) => (b.employees ?? 0) - (a.employees ?? 0))
        .map((m) => m.companyId);
    },
    membersByIds: (_id: number, ids: readonly string[]) => ids.map((id) => members[Number(id.slice(3))]),
  } as unknown as ListsAccess;
  return { activeStore: () => store, views };
}

describe('list export (export feature, source kind list)', () => {
  it('writes every row of the view in its order with the list columns, reporting progress against the known total', async () => {
    const h = harness(null, dir);
    const lists = fakeLists(2_500);
    const feature = createExportFeature(h.deps, { progressIntervalMs: 0, lists });
    h.paths.push(join(dir, 'portfolio.csv'));
    const view: ListView = { sort: { field: 'employees', direction: 'desc' } };
    const job = await feature.handlers.start({ source: { kind: 'list', listId: 7, view }, format: 'csv', columns: ['ignored'] }, ctx);
    expect(job).toMatchObject({ state: 'running', totalRows: 2_500, list: { id: 7, name: 'Portfolio' } });
    const final = await h.finished(job!.id);
    expect(final).toMatchObject({ state: 'done', rows: 2_500, totalRows: 2_500, list: { id: 7, name: 'Portfolio' } });
    const running = h.events.filter((e) => e.id === job!.id && e.state === 'running').map((e) => e.rows);
    expect(running).toEqual(expect.arrayContaining([1_000, 2_000]));

    const rows = await readCsv(join(dir, 'portfolio.csv'));
    expect(rows[0]!.slice(0, 3)).toEqual(['Name', 'Company ID', 'Country']);
    expect(rows[0]).toContain('ESG overall score');
    expect(rows).toHaveLength(2_501);
    expect(rows[1]!.slice(0, 3)).toEqual(['Company 2499', 'id-02499', 'Germany']);
    // The last row is company 0, whose formula-like name gets the neutralising prefix.
    expect(rows[2_500]!.slice(0, 2)).toEqual(["'=HYPERLINK(\"x\")", 'id-00000']);
    expect(lists.views).toEqual([view]);
  });

  it('names the list and its filter on the About sheet of a workbook', async () => {
    const h = harness(null, dir);
    const feature = createExportFeature(h.deps, { lists: fakeLists(30) });
    h.paths.push(join(dir, 'portfolio.xlsx'));
    const job = await feature.handlers.start({ source: { kind: 'list', listId: 7, view: { text: 'Company 2' } }, format: 'xlsx', columns: null }, ctx);
    expect((await h.finished(job!.id)).rows).toBe(11); // Company 2 and Company 20..29
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(join(dir, 'portfolio.xlsx'));
    const about = new Map<string, unknown>();
    book.getWorksheet('About')!.eachRow((r) => about.set(String(r.getCell(1).value), r.getCell(2).value));
    expect(about.get('List')).toBe('Portfolio');
    expect(about.get('Filter')).toBe('Company 2');
    expect(about.get('Rows')).toBe(11);
    expect(about.has('Search')).toBe(false);
    expect(book.getWorksheet('Companies')!.getRow(2).getCell(1).value).toBe('Company 29');
  });

  it('suggests the list name as the file name and lists the job by that name, also after a restart', async () => {
    const h = harness(null, dir);
    const asked: string[] = [];
    h.deps.shell.chooseExportPath = async (name) => (asked.push(name), join(dir, 'x.csv'));
    const feature = createExportFeature(h.deps, { lists: fakeLists(3, 'Very large employers') });
    const job = await feature.handlers.start({ source: { kind: 'list', listId: 7, view: {} }, format: 'csv', columns: null, suggestedName: 'other' }, ctx);
    await h.finished(job!.id);
    expect(asked[0]).toMatch(/^Very large employers-.*\.csv$/);
    expect((await feature.handlers.list(undefined, ctx))[0]!.list).toEqual({ id: 7, name: 'Very large employers' });
    // After a restart the Exports screen still says which list the file came from.
    const restarted = createExportFeature(harness(null, dir).deps);
    await restarted.start!();
    expect((await restarted.handlers.list(undefined, ctx)).map((j) => j.list)).toEqual([{ id: 7, name: 'Very large employers' }]);
  });

  it('cancel stops a list export between batches and leaves the existing target as it was', async () => {
    const target = join(dir, 'keep.xlsx');
    await writeFile(target, 'old');
    const h = harness(null, dir);
    const feature = createExportFeature(h.deps, { progressIntervalMs: 0, lists: fakeLists(60_000) });
    h.paths.push(target);
    const job = await feature.handlers.start({ source: { kind: 'list', listId: 7, view: {} }, format: 'xlsx', columns: null }, ctx);
    await new Promise<void>((resolve) => h.onProgress((j) => j.rows >= 2_000 && resolve()));
    await feature.handlers.cancel({ id: job!.id }, ctx);
    const final = await h.finished(job!.id);
    expect(final.state).toBe('cancelled');
    expect(final.rows).toBeLessThan(60_000);
    expect(await readFile(target, 'utf8')).toBe('old');
    expect((await readdir(dir)).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('refuses a deleted list, and a build without lists, before the save dialog', async () => {
    const h = harness(null, dir);
    h.paths.push(join(dir, 'never.csv'));
    const withLists = createExportFeature(h.deps, { lists: fakeLists(3) });
    await expect(withLists.handlers.start({ source: { kind: 'list', listId: 8, view: {} }, format: 'csv', columns: null }, ctx)).rejects.toMatchObject({
      code: 'not_found',
      message: 'This list no longer exists (it was deleted).',
    });
    const without = createExportFeature(h.deps);
    await expect(without.handlers.start({ source: { kind: 'list', listId: 7, view: {} }, format: 'csv', columns: null }, ctx)).rejects.toMatchObject({ code: 'workspace_unavailable' });
    expect(h.paths).toHaveLength(1);
  });
});
