// The fast reading path of a snapshot view export (records in batches by id, in view order; JSON and NDJSON of all fields written from the stored JSON text) writes
// exactly what the writer makes of the view's records read one by one as the grid pages them
// (SnapshotStore.page): same rows, order, columns and bytes, in all four formats, for a view with
// a facet filter and a sort with many ties, empty cells and text among numbers, over several batches.
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runExport } from '../../../../src/main/features/export/run-export';
import { SNAPSHOT_EXPORT_BATCH, snapshotSource } from '../../../../src/main/features/export/snapshot-source';
import type { ExportFormat, ExportSpec } from '../../../../src/main/features/export/types';
import { writeExportFile } from '../../../../src/main/features/export/write-export';
import { SnapshotStore } from '../../../../src/main/features/snapshots/snapshot-store';
import { AtomicTarget } from '../../../../src/main/platform/tabular/atomic-target';
import { ExportJournal } from '../../../../src/main/platform/tabular/journal';
import { csvOptions } from '../../../../src/main/platform/tabular/table-file';
import type { WorkspaceDb } from '../../../../src/main/platform/workspace/db';
import type { WalkedPage } from '../../../../src/main/platform/paging/page-walker';
import type { CompanyRecord } from '../../../../src/shared/service/schemas';
import type { SnapshotView } from '../../../../src/shared/snapshots/snapshot';
import { openAt, tempWorkspaceDir } from '../../platform/workspace/helpers';
import { readXlsx } from './readback';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const ROWS = 2_600;
const NAMES = ['=SUM(A1)', 'Kim, Rossi & Co', 'He said "hi"', 'two\nlines', '-12', '+49 30 123', '@handle', "'=quoted", 'Zürich ✓ 東京', 'plain'];

/** Company i: employee_count from a few values (ties), sometimes missing, null, a numeric string or text. */
function record(i: number): Record<string, unknown> {
  const r: Record<string, unknown> = {
    company_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: `${NAMES[i % NAMES.length]} ${i}`,
    country: ['DE', 'FR', 'NL'][i % 3],
    address: i % 7 === 0 ? null : { city: i % 5 === 0 ? 'Köln' : 'Lyon', postal_code: String(10000 + i) },
    tags: i % 4 === 0 ? [] : ['a', i % 2 ? 'b;c' : '=x'],
    revenue: i % 9 === 0 ? 1.5e9 + i / 3 : i * 1000.25,
    identifiers: {},
  };
  const k = i % 11;
  if (k === 0) r.employee_count = null;
  else if (k === 1) r.employee_count = 'n/a';
  else if (k === 2) r.employee_count = '250';
  else if (k !== 3) r.employee_count = [10, 50, 250][Math.floor(i / 3) % 3];
  // A field first met deep into the view: the all-fields CSV gets its late-column rewrite.
  if (i % 1_000 === 999) r.late_note = `late ${i}`;
  return r;
}

async function storeSnapshot(db: WorkspaceDb): Promise<number> {
  const store = new SnapshotStore(db);
  const snap = store.create({ profileId: 'p', query: { q: 'test' }, pageSize: 200, rowCap: ROWS, startedAt: 1 });
  for (let i = 0; i < ROWS; i += 200) store.append(snap.id, Array.from({ length: Math.min(200, ROWS - i) }, (_, j) => record(i + j)));
  store.finish(snap.id, { status: 'complete', finishedAt: 2 });
  return snap.id;
}

/** The view's records as the grid reads them: pages of 100, each record read by its own statement. */
function gridRecords(db: WorkspaceDb, id: number, view: SnapshotView): Record<string, unknown>[] {
  const store = new SnapshotStore(db);
  const out: Record<string, unknown>[] = [];
  for (let total = Infinity; out.length < total; ) {
    const page = store.page(id, view, out.length, 100);
    total = page.total;
    if (page.records.length === 0) break;
    out.push(...page.records);
  }
  return out;
}

async function* pagesOf(records: Record<string, unknown>[]): AsyncGenerator<WalkedPage> {
  for (let i = 0, n = 1; i < records.length; i += SNAPSHOT_EXPORT_BATCH, n++) yield { number: n, count: records.length, records: records.slice(i, i + SNAPSHOT_EXPORT_BATCH) as CompanyRecord[] };
}

function specOf(dir: string, name: string, format: ExportFormat, columns: string[] | null, source: ExportSpec['source']): ExportSpec {
  return { id: name, source, format, columns, csv: csvOptions(), target: join(dir, name), spoolDir: dir, about: { query: 'test', profile: 'p', startedAt: new Date(0) } };
}

describe('snapshot view export, reading path', () => {
  const VIEW: SnapshotView = { facets: { country: ['DE', 'FR'] }, sort: { field: 'employee_count', direction: 'desc' } };

  it.each([
    ['csv', null],
    ['xlsx', null],
    ['json', null],
    ['ndjson', null],
    ['csv', ['name', 'employee_count', 'address.city', 'tags', 'late_note']],
    ['json', ['company_id', 'address.city', 'revenue']],
  ] as Array<[ExportFormat, string[] | null]>)('%s with columns %j: the same file as the records read one by one', async (format, columns) => {
    const ws = tempWorkspaceDir();
    cleanups.push(ws.cleanup);
    const db = openAt(ws.file);
    cleanups.push(() => db.close());
    const id = await storeSnapshot(db);
    const reference = gridRecords(db, id, VIEW);
    // Several batches; ties, empty cells and text among the numbers of the sort field.
    expect(reference.length).toBeGreaterThan(SNAPSHOT_EXPORT_BATCH);
    expect(reference.length).toBeLessThan(ROWS);
    const top = reference.slice(0, 300).map((r) => r.employee_count);
    expect(new Set(top.map(String))).toEqual(new Set(['250']));
    expect(new Set(top.map((v) => typeof v))).toEqual(new Set(['number', 'string']));

    const { source } = snapshotSource(db, 'p', id, VIEW);
    expect(source.ids.length).toBe(reference.length);
    const journal = new ExportJournal(join(ws.dir, 'journal'));
    const fast = specOf(ws.dir, `fast.${format}`, format, columns, source);
    const written = await runExport(fast, { signal: new AbortController().signal, onProgress: () => {}, journal });
    expect(written.rows).toBe(reference.length);

    const slow = specOf(ws.dir, `slow.${format}`, format, columns, { kind: 'rows', rows: reference });
    const atomic = await AtomicTarget.open(slow.target, journal, slow.id);
    const expected = await writeExportFile(slow, pagesOf(reference), atomic, { signal: new AbortController().signal, onProgress: () => {} });
    expect(written.neutralised).toBe(expected.neutralised);
    if (format === 'csv' && !columns) {
      expect(expected.neutralised).toBeGreaterThan(0);
      // A column no record of the first batch has: the file was rewritten with the final header.
      expect(reference.slice(0, SNAPSHOT_EXPORT_BATCH).some((r) => 'late_note' in r)).toBe(false);
      expect((await readFile(fast.target, 'utf8')).split('\r\n')[0]).toMatch(/,late_note$/);
    }

    if (format === 'xlsx') expect(await readXlsx(fast.target)).toEqual(await readXlsx(slow.target));
    else expect((await readFile(fast.target)).equals(await readFile(slow.target))).toBe(true);
    if (format === 'ndjson') {
      const lines = (await readFile(fast.target, 'utf8')).trimEnd().split('\n');
      expect(lines.map((l) => JSON.parse(l))).toEqual(reference);
    }
  }, 60_000);

  it.each([
    ['the format thread', undefined],
    ['the in-thread format, when the thread cannot start', { source: new URL('./no-such-format-thread.ts', import.meta.url) }],
  ] as const)('csv of all fields through %s: the same bytes as the records read one by one', async (_, entry) => {
    const ws = tempWorkspaceDir();
    cleanups.push(ws.cleanup);
    const db = openAt(ws.file);
    cleanups.push(() => db.close());
    const id = await storeSnapshot(db);
    const reference = gridRecords(db, id, VIEW);
    const { source } = snapshotSource(db, 'p', id, VIEW);
    const journal = new ExportJournal(join(ws.dir, 'journal'));
    const deps = { signal: new AbortController().signal, onProgress: () => {}, journal, formatThread: { minRows: 0, ...(entry ? { entry } : {}) } };
    // Another delimiter; the late column still rewrites the file after the thread's first pass.
    const csv = { ...csvOptions(), delimiter: ';' as const };
    const fast = { ...specOf(ws.dir, 'thread.csv', 'csv', null, source), csv };
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const written = await runExport(fast, deps);
    // Falling back is said once in the log; the thread that starts says nothing.
    expect(warned.mock.calls.map(([line]) => String(line).replace(/\(.*\)/, '(…)'))).toEqual(entry ? ['[firmscope] export: the format thread did not start (…); formatting in the main thread'] : []);
    const slow = { ...specOf(ws.dir, 'slow.csv', 'csv', null, { kind: 'rows', rows: reference }), csv };
    const atomic = await AtomicTarget.open(slow.target, journal, slow.id);
    const expected = await writeExportFile(slow, pagesOf(reference), atomic, { signal: new AbortController().signal, onProgress: () => {} });
    expect(written).toEqual(expected);
    expect(written.neutralised).toBeGreaterThan(0);
    expect((await readFile(fast.target, 'utf8')).split('\r\n')[0]).toMatch(/;late_note$/);
    expect((await readFile(fast.target)).equals(await readFile(slow.target))).toBe(true);

    // A character Windows-1252 cannot hold (東京 in some names): refused with its place, as in the core's thread.
    const narrow = { ...specOf(ws.dir, 'narrow.csv', 'csv', null, source), csv: { ...csv, encoding: 'windows-1252' as const } };
    await expect(runExport(narrow, deps)).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('cannot hold the character "✓"') });
    await expect(readFile(narrow.target)).rejects.toMatchObject({ code: 'ENOENT' });
    warned.mockRestore();
  }, 60_000);

  it.each([
    ['formatting in the core thread', undefined],
    ['formatting in the format thread', { minRows: 0 }],
  ] as const)('closes its reading connection when the export is cancelled part way (%s)', async (_, formatThread) => {
    const ws = tempWorkspaceDir();
    cleanups.push(ws.cleanup);
    const db = openAt(ws.file);
    cleanups.push(() => db.close());
    const id = await storeSnapshot(db);
    const { source } = snapshotSource(db, 'p', id, {});
    const opened: Array<{ closed: boolean }> = [];
    const open = source.open;
    source.open = () => {
      const reader = open();
      const seen = { closed: false };
      opened.push(seen);
      return { texts: reader.texts, close: () => ((seen.closed = true), reader.close()) };
    };
    const abort = new AbortController();
    const spec = specOf(ws.dir, 'cancelled.csv', 'csv', null, source);
    const run = runExport(spec, {
      signal: abort.signal,
      onProgress: (p) => p.rows >= SNAPSHOT_EXPORT_BATCH && abort.abort(),
      journal: new ExportJournal(join(ws.dir, 'journal')),
      ...(formatThread ? { formatThread } : {}),
    });
    await expect(run).rejects.toMatchObject({ code: 'cancelled' });
    expect(opened).toEqual([{ closed: true }]);
    // Nothing left under the target's name or beside it.
    await expect(readFile(spec.target)).rejects.toMatchObject({ code: 'ENOENT' });
    await rm(spec.target, { force: true });
  });
});
