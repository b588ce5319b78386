// A snapshot view (text filter, a facet, a sort) exported through the bridge of a real core (embedded
// sandbox over HTTP, real SQLite): every format read back equals the view's own rows as the grid pages
// them (snapshot.page), in order, at the chosen columns; the About sheet records the search, the
// snapshot time and the view; the Exports history names the source, size and rows, writes the file
// again, forgets an entry without touching the file, and outlives a restart.
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../../src/main/platform/bridge/dispatcher';
import { createCore } from '../../../../src/main/shells/compose/create-core';
import { createMemoryVault } from '../../../../src/main/platform/secrets/memory-vault';
import { fnChannel } from '../../../../src/shared/bridge/define';
import { bridgeTable } from '../../../../src/shared/bridge/table';
import type { ExportJob } from '../../../../src/shared/bridge/groups/export';
import type { SnapshotPage } from '../../../../src/shared/bridge/groups/snapshots';
import type { FacetCount, FacetId, SnapshotInfo, SnapshotView } from '../../../../src/shared/snapshots/snapshot';
import { flattenRecord } from '../../../../src/shared/search/flatten';
import { tempDir, testShell } from '../../../helpers/core-helpers';
import { expectedRows, expectSameRows, keepOnFailure, normaliseXlsxRow, readCsv, readXlsx } from './readback';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

type Res<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };
const BODY = { filters: { and: [{ attribute: 'founding_year', relation: 'greater_than', value: 0 }] } };
const COLUMNS = ['name', 'company_id', 'employee_count', 'country', 'address.city', 'legal_form'];

async function boot(dataDir: string) {
  let n = 0;
  const shell = { ...testShell(), chooseExportPath: async (name: string) => join(dataDir, `${n++}-${name}`) };
  const core = await createCore({ dataDir, shell, vault: createMemoryVault(), sandbox: { companies: 1_500 } });
  const events: ExportJob[] = [];
  const snapshots: SnapshotInfo[] = [];
  const arrived = new EventEmitter();
  core.onEvent((g, e, p) => {
    if (g === 'export' && e === 'progress') events.push(p as ExportJob);
    else if (g === 'snapshots' && e === 'progress') snapshots.push(p as SnapshotInfo);
    else return;
    arrived.emit('event');
  });
  /** The first of `list` (already in, or still to come) that satisfies `test`. */
  const first = <T,>(list: T[], test: (x: T) => boolean) =>
    new Promise<T>((resolve) => {
      const check = () => {
        const hit = list.find(test);
        if (hit === undefined) return;
        arrived.off('event', check);
        resolve(hit);
      };
      arrived.on('event', check);
      check();
    });
  const dispatch = createDispatcher(bridgeTable, core.handlers);
  const ctx = { signal: new AbortController().signal };
  const ok = async <T,>(group: string, name: string, input?: unknown): Promise<T> => {
    const r = (await dispatch.call(fnChannel(group, name), input, ctx)) as Res<T>;
    if (!r.ok) throw new Error(`${group}.${name}: ${r.error.code} ${r.error.message}`);
    return r.value;
  };
  const done = (id: string): Promise<ExportJob> => first(events, (j) => j.id === id && j.state !== 'running');
  /** The load's progress event that says it has ended. */
  const loaded = (id: number): Promise<SnapshotInfo> => first(snapshots, (s) => s.id === id && s.status !== 'loading');
  return { core, ok, done, loaded };
}

async function loadSnapshot({ ok, loaded }: Pick<Awaited<ReturnType<typeof boot>>, 'ok' | 'loaded'>): Promise<SnapshotInfo> {
  const started = await ok<SnapshotInfo>('snapshots', 'load', { body: BODY });
  await loaded(started.id);
  const info = (await ok<SnapshotInfo[]>('snapshots', 'list')).find((s) => s.id === started.id);
  if (!info) throw new Error('the loaded snapshot is not listed');
  return info;
}

/** A view that narrows by text and a facet and sorts by a numeric field with empty cells. */
async function narrowView(ok: Awaited<ReturnType<typeof boot>>['ok'], snapshot: SnapshotInfo): Promise<SnapshotView> {
  const facets = await ok<Record<FacetId, FacetCount[]>>('snapshots', 'facets', { id: snapshot.id, view: {} });
  const country = facets.country[0]!.key;
  const first = await ok<SnapshotPage>('snapshots', 'page', { id: snapshot.id, view: { facets: { country: [country] } }, offset: 0, limit: 50 });
  // A word common in names: the first word of the most frequent first word among the page's names.
  const words = first.rows.map((r) => String(r.name ?? '').match(/[\p{L}]{3,}/u)?.[0]).filter((w): w is string => Boolean(w));
  const text = words.sort((a, b) => words.filter((w) => w === b).length - words.filter((w) => w === a).length)[0];
  return { text, facets: { country: [country] }, sort: { field: 'employee_count', direction: 'desc' } };
}

/** The view's rows through the grid's own pages (100 rows, as SnapshotResults reads them), one after the other. */
async function gridRows(ok: Awaited<ReturnType<typeof boot>>['ok'], id: number, view: SnapshotView): Promise<{ total: number; rows: Record<string, unknown>[] }> {
  const rows: Record<string, unknown>[] = [];
  let total = Infinity;
  while (rows.length < total) {
    const page = await ok<SnapshotPage>('snapshots', 'page', { id, view, offset: rows.length, limit: 100 });
    total = page.total;
    rows.push(...page.rows);
    if (page.rows.length === 0) break;
  }
  return { total, rows };
}

describe('snapshot view export', () => {
  it('writes the view’s rows in its order at the visible columns in every format, and the About sheet records the view', async () => {
    const d = tempDir();
    cleanups.push(d.cleanup);
    const { core, ok, done, loaded } = await boot(d.dir);
    cleanups.push(() => core.close());
    const snapshot = await loadSnapshot({ ok, loaded });
    const view = await narrowView(ok, snapshot);
    const grid = await gridRows(ok, snapshot.id, view);
    const reference = grid.rows;
    expect(grid.total).toBeGreaterThan(1);
    expect(grid.total).toBeLessThan(snapshot.rowCount);

    for (const format of ['csv', 'xlsx', 'json', 'ndjson'] as const) {
      const started = await ok<ExportJob>('export', 'start', {
        source: { kind: 'snapshot', snapshotId: snapshot.id, view },
        format,
        columns: COLUMNS,
        ...(format === 'csv' ? { csv: { delimiter: ';', bom: true } } : {}),
        suggestedName: 'view',
      });
      expect(started).toMatchObject({ origin: 'snapshot', totalRows: grid.total });
      const job = await done(started.id);
      expect(job).toMatchObject({ state: 'done', rows: grid.total, origin: 'snapshot' });
      expect(job.bytes).toBeGreaterThan(0);
      const path = join(d.dir, job.fileName);
      await keepOnFailure(path, async () => {
        if (format === 'csv') {
          expect(job.neutralised).toBe(0);
          const [header, ...rows] = await readCsv(path, ';');
          expect(header).toEqual(COLUMNS);
          expectSameRows(rows, expectedRows(reference, COLUMNS, 'csv'));
        } else if (format === 'xlsx') {
          const [header, ...rows] = await readXlsx(path);
          expect(header).toEqual(COLUMNS);
          expectSameRows(rows.map(normaliseXlsxRow), expectedRows(reference, COLUMNS, 'xlsx').map(normaliseXlsxRow));
          const book = new ExcelJS.Workbook();
          await book.xlsx.readFile(path);
          const about = new Map<string, unknown>();
          book.getWorksheet('About')!.eachRow((r) => about.set(String(r.getCell(1).value), r.getCell(2).value));
          expect(about.get('Search')).toMatch(/founding/i);
          expect(about.get('Snapshot rows')).toBe(snapshot.rowCount);
          expect(String(about.get('Snapshot loaded at'))).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d/);
          expect(about.get('Text filter')).toBe(`“${view.text}”`);
          expect(about.get('Facets')).toBe(`Country: ${view.facets!.country![0]}`);
          expect(about.get('Sort')).toBe('Employees (employee_count), descending');
          expect(about.get('Rows')).toBe(grid.total);
        } else {
          const text = await readFile(path, 'utf8');
          const back = (format === 'json' ? JSON.parse(text) : text.trimEnd().split('\n').map((l) => JSON.parse(l))) as Record<string, unknown>[];
          const pick = (r: Record<string, unknown>) => {
            const flat = flattenRecord(r);
            return COLUMNS.map((c) => flat[c] ?? null);
          };
          expectSameRows(back.map(pick), reference.map(pick));
        }
      });
    }
  }, 60_000);

  it('keeps the grid’s order over many pages of a sort with empty cells (numbers, then texts, then empty, in both directions)', async () => {
    const d = tempDir();
    cleanups.push(d.cleanup);
    const { core, ok, done, loaded } = await boot(d.dir);
    cleanups.push(() => core.close());
    const snapshot = await loadSnapshot({ ok, loaded });
    const facets = await ok<Record<FacetId, FacetCount[]>>('snapshots', 'facets', { id: snapshot.id, view: {} });
    for (const [field, direction] of [['revenue', 'asc'], ['address.postal_code', 'desc'], ['website_domain', 'asc']] as const) {
      const view: SnapshotView = { facets: { country: [facets.country[0]!.key] }, sort: { field, direction } };
      const grid = await gridRows(ok, snapshot.id, view);
      expect(grid.total).toBeGreaterThan(200);
      // Some rows have no value for the field: they must come last, as in the grid.
      expect(grid.rows.some((r) => [null, undefined, ''].includes(flattenRecord(r)[field] as string | null | undefined))).toBe(true);
      const columns = ['company_id', field];
      const started = await ok<ExportJob>('export', 'start', { source: { kind: 'snapshot', snapshotId: snapshot.id, view }, format: 'csv', columns });
      const [header, ...rows] = await readCsv(join(d.dir, (await done(started.id)).fileName));
      expect(header).toEqual(columns);
      expectSameRows(rows, expectedRows(grid.rows, columns, 'csv'), `${field} ${direction} row`);
    }
  }, 60_000);

  it('lists the export with its source, size and rows; Export again writes a second file; Remove from list keeps the file; the list outlives a restart', async () => {
    const d = tempDir();
    cleanups.push(d.cleanup);
    const first = await boot(d.dir);
    const snapshot = await loadSnapshot(first);
    const view: SnapshotView = { sort: { field: 'name', direction: 'asc' } };
    const started = await first.ok<ExportJob>('export', 'start', { source: { kind: 'snapshot', snapshotId: snapshot.id, view }, format: 'csv', columns: null });
    const job = await first.done(started.id);
    const [listed] = await first.ok<ExportJob[]>('export', 'list');
    expect(listed).toMatchObject({ id: job.id, origin: 'snapshot', canRepeat: true, rows: snapshot.rowCount });
    expect(listed!.source).toMatch(/^Snapshot view of .*sorted by Name \(name\), ascending/);

    const again = await first.ok<{ fileName: string } | null>('export', 'again', { id: job.id });
    expect(again!.fileName).not.toBe(job.fileName);
    const all = await first.ok<ExportJob[]>('export', 'list');
    const second = all.find((j) => j.fileName === again!.fileName)!;
    const secondDone = await first.done(second.id);
    expect(secondDone.rows).toBe(job.rows);
    expect(await readFile(join(d.dir, again!.fileName), 'utf8')).toBe(await readFile(join(d.dir, job.fileName), 'utf8'));

    await first.ok('export', 'forget', { id: job.id });
    expect((await first.ok<ExportJob[]>('export', 'list')).map((j) => j.id)).toEqual([second.id]);
    expect(existsSync(join(d.dir, job.fileName))).toBe(true);
    await first.core.close();

    const restarted = await boot(d.dir);
    cleanups.push(() => restarted.core.close());
    const after = await restarted.ok<ExportJob[]>('export', 'list');
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: second.id, origin: 'snapshot', rows: job.rows, bytes: secondDone.bytes, canRepeat: true });
  }, 60_000);

  it('refuses a snapshot that does not exist before any save dialog', async () => {
    const d = tempDir();
    cleanups.push(d.cleanup);
    const { core, ok } = await boot(d.dir);
    cleanups.push(() => core.close());
    await expect(ok('export', 'start', { source: { kind: 'snapshot', snapshotId: 999, view: {} }, format: 'csv', columns: null })).rejects.toThrow(
      /not_found This loaded result set no longer exists/,
    );
  });
});
