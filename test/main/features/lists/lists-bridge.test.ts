// The lists bridge group on a real core (embedded sandbox over HTTP, real SQLite): what the bridge
// refuses, lists from a loaded snapshot and from pasted ids (names looked up by the service's
// search; unknown ids kept, said so), the changed event, and the export (a job of the export
// feature) read back from the file.
import { EventEmitter } from 'node:events';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../../src/main/platform/bridge/dispatcher';
import { createCore } from '../../../../src/main/shells/compose/create-core';
import { createMemoryVault } from '../../../../src/main/platform/secrets/memory-vault';
import { fnChannel } from '../../../../src/shared/bridge/define';
import { bridgeTable } from '../../../../src/shared/bridge/table';
import type { ListChange, ListInfo, ListMembersPage } from '../../../../src/shared/lists/lists';
import type { SnapshotInfo } from '../../../../src/shared/snapshots/snapshot';
import type { SnapshotPage } from '../../../../src/shared/bridge/groups/snapshots';
import type { ExportJob } from '../../../../src/shared/bridge/groups/export';
import { tempDir, testShell } from '../../../helpers/core-helpers';
import { readCsv, readXlsx } from '../export/readback';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

type Res<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string; details?: { field?: string } } };
const BODY = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } };
const UNKNOWN = 'ffffffff-ffff-4fff-8fff-ffffffffffff';

async function boot(o: { noSqlite?: boolean } = {}) {
  const d = tempDir();
  let nextExport = 0;
  const shell = { ...testShell(), chooseExportPath: async (name: string) => join(d.dir, `${nextExport++}-${name}`) };
  const core = await createCore({
    dataDir: d.dir,
    shell,
    vault: createMemoryVault(),
    sandbox: { companies: 300 },
    ...(o.noSqlite ? { loadSqlite: () => ({ ok: false as const, reason: 'better-sqlite3 was built for another runtime' }) } : {}),
  });
  cleanups.push(d.cleanup, () => core.close());
  const events: unknown[] = [];
  const exportEvents: ExportJob[] = [];
  const snapshots: SnapshotInfo[] = [];
  const arrived = new EventEmitter();
  core.onEvent((g, e, p) => {
    if (g === 'lists' && e === 'changed') events.push(p);
    if (g === 'export' && e === 'progress') exportEvents.push(p as ExportJob);
    if (g === 'snapshots' && e === 'progress') snapshots.push(p as SnapshotInfo);
    arrived.emit('event');
  });
  /** The first of `list` (already in, or still to come) that satisfies `test`. */
  const first = <T>(list: T[], test: (x: T) => boolean) =>
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
  /** The finished state of an export job, from its progress events. */
  const exportsDone = (id: string): Promise<ExportJob> => first(exportEvents, (j) => j.id === id && j.state !== 'running');
  /** The load's progress event that says it has ended. */
  const loaded = (id: number): Promise<SnapshotInfo> => first(snapshots, (x) => x.id === id && x.status !== 'loading');
  const dispatch = createDispatcher(bridgeTable, core.handlers);
  const ctx = { signal: new AbortController().signal };
  const call = <T>(group: string, name: string, input?: unknown) => dispatch.call(fnChannel(group, name), input, ctx) as Promise<Res<T>>;
  const ok = async <T>(group: string, name: string, input?: unknown): Promise<T> => {
    const r = await call<T>(group, name, input);
    if (!r.ok) throw new Error(`${group}.${name}: ${r.error.code} ${r.error.message}`);
    return r.value;
  };
  return { call, ok, events, exportsDone, loaded, dir: d.dir };
}

async function loadSnapshot({ ok, loaded }: Pick<Awaited<ReturnType<typeof boot>>, 'ok' | 'loaded'>): Promise<SnapshotInfo> {
  const started = await ok<SnapshotInfo>('snapshots', 'load', { body: BODY });
  await loaded(started.id);
  const info = (await ok<SnapshotInfo[]>('snapshots', 'list')).find((s) => s.id === started.id);
  if (!info) throw new Error('the loaded snapshot is not listed');
  return info;
}

describe('lists bridge group', () => {
  it('refuses bad input with a clear message: empty or taken names, malformed ids, unknown lists', async () => {
    const { call, ok } = await boot();
    const empty = await call('lists', 'create', { name: '   ', source: { kind: 'companies', companies: [] } });
    expect(empty.ok || empty.error.code).toBe('invalid_input');
    expect(!empty.ok && empty.error.message).toMatch(/Give the list a name/);
    const bad = await call('lists', 'create', { name: 'X', source: { kind: 'ids', ids: ['not-a-uuid'] } });
    expect(!bad.ok && bad.error.message).toMatch(/Not a company id/);
    const sortField = await call('lists', 'members', { id: 1, view: { sort: { field: 'record_json; DROP TABLE lists', direction: 'asc' } }, offset: 0, limit: 10 });
    expect(!sortField.ok && sortField.error.code).toBe('invalid_input');
    await ok('lists', 'create', { name: 'Taken', source: { kind: 'companies', companies: [] } });
    const taken = await call('lists', 'create', { name: 'taken', source: { kind: 'ids', ids: [UNKNOWN] } });
    expect(!taken.ok && [taken.error.code, taken.error.details?.field]).toEqual(['invalid_input', 'name']);
    const gone = await call('lists', 'rename', { id: 999, name: 'Y' });
    expect(!gone.ok && gone.error.code).toBe('not_found');
    expect((await ok<ListInfo[]>('lists', 'all')).map((l) => l.name)).toEqual(['Taken']);
  });

  it('saves the rows a snapshot view shows (facets and text, selected in main), or every row when asked', async () => {
    const { ok, loaded } = await boot();
    const snap = await loadSnapshot({ ok, loaded });
    const facets = await ok<Record<string, Array<{ key: string | number; count: number }>>>('snapshots', 'facets', { id: snap.id, view: {} });
    const forms = facets.legal_form!.slice(0, 2).map((f) => f.key);
    const first = await ok<SnapshotPage>('snapshots', 'page', { id: snap.id, view: {}, offset: 0, limit: 1 });
    const city = String((first.rows[0] as { address?: { city?: string } | null; city?: string }).city ?? '');
    const view = { text: city, facets: { legal_form: forms }, sort: { field: 'name', direction: 'desc' } };
    const shown = await ok<SnapshotPage>('snapshots', 'page', { id: snap.id, view, offset: 0, limit: 1000 });
    expect(shown.total).toBeGreaterThan(0);
    expect(shown.total).toBeLessThan(snap.rowCount);
    const saved = await ok<ListChange>('lists', 'create', { name: 'Shown', source: { kind: 'snapshot', snapshotId: snap.id, view } });
    const members = await ok<ListMembersPage>('lists', 'members', { id: saved.list.id, view: {}, offset: 0, limit: 1000 });
    expect(members.rows.map((m) => m.companyId).sort()).toEqual(shown.rows.map((r) => r.company_id.toLowerCase()).sort());
    const all = await ok<ListChange>('lists', 'create', { name: 'All', source: { kind: 'snapshot', snapshotId: snap.id } });
    expect(all.list.memberCount).toBe(snap.rowCount);
  });

  it('saves a loaded snapshot as a list and makes one from pasted ids with names from the service', async () => {
    const { ok, events, loaded } = await boot();
    const snap = await loadSnapshot({ ok, loaded });
    expect(snap.rowCount).toBeGreaterThan(3);
    const saved = await ok<ListChange>('lists', 'create', { name: 'German companies', source: { kind: 'snapshot', snapshotId: snap.id } });
    expect(saved.list.memberCount).toBe(snap.rowCount);
    const page = await ok<SnapshotPage>('snapshots', 'page', { id: snap.id, view: {}, offset: 0, limit: 3 });
    const ids = page.rows.map((r) => r.company_id.toUpperCase());
    const pasted = await ok<ListChange>('lists', 'create', { name: 'Pasted', source: { kind: 'ids', ids: [...ids, UNKNOWN] } });
    expect([pasted.added, pasted.namesUnknown, pasted.lookupError]).toEqual([4, [UNKNOWN], null]);
    const members = await ok<ListMembersPage>('lists', 'members', { id: pasted.list.id, view: {}, offset: 0, limit: 10 });
    expect(members.rows.map((m) => m.name)).toEqual([...page.rows.map((r) => r.name), null]);
    expect(members.rows[0]).toMatchObject({ companyId: page.rows[0]!.company_id, country: 'DE', record: page.rows[0] });
    expect(events).toEqual([
      { profileId: 'sandbox', listId: saved.list.id },
      { profileId: 'sandbox', listId: pasted.list.id },
    ]);
  });

  it('exports the list view (sorted, filtered) as an export job: CSV and XLSX read back with names and ids', async () => {
    const { ok, dir, exportsDone, loaded } = await boot();
    const snap = await loadSnapshot({ ok, loaded });
    const { list } = await ok<ListChange>('lists', 'create', { name: 'Export me', source: { kind: 'snapshot', snapshotId: snap.id } });
    const view = { sort: { field: 'name', direction: 'desc' } };
    const all = await ok<ListMembersPage>('lists', 'members', { id: list.id, view, offset: 0, limit: 1000 });
    const started = await ok<ExportJob>('export', 'start', { source: { kind: 'list', listId: list.id, view }, format: 'csv', columns: null });
    expect(started).toMatchObject({ totalRows: list.memberCount, list: { id: list.id, name: 'Export me' } });
    const csv = await exportsDone(started.id);
    expect(csv).toMatchObject({ state: 'done', rows: list.memberCount });
    expect(csv.fileName).toMatch(/^0-Export me-.*\.csv$/);
    const rows = await readCsv(join(dir, csv.fileName));
    expect(rows[0]!.slice(0, 3)).toEqual(['Name', 'Company ID', 'Country']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(all.rows.map((m) => m.companyId));
    expect(rows[1]![0]).toBe(all.rows[0]!.name);
    const filtered = await ok<ExportJob>('export', 'start', { source: { kind: 'list', listId: list.id, view: { ...view, text: all.rows[0]!.name! } }, format: 'xlsx', columns: null });
    const xlsx = await exportsDone(filtered.id);
    const book = await readXlsx(join(dir, xlsx.fileName));
    expect(book[0]!.slice(0, 2)).toEqual(['Name', 'Company ID']);
    expect(book[1]!.slice(0, 2)).toEqual([all.rows[0]!.name, all.rows[0]!.companyId]);
  });

  it('says lists are unavailable, with the reason, when the database module cannot load', async () => {
    const { call } = await boot({ noSqlite: true });
    for (const r of [await call('lists', 'all'), await call('lists', 'create', { name: 'X', source: { kind: 'ids', ids: [UNKNOWN] } })]) {
      expect(!r.ok && r.error.code).toBe('workspace_unavailable');
      expect(!r.ok && r.error.message).toMatch(/lists are unavailable: better-sqlite3 was built for another runtime/);
    }
  });
});
