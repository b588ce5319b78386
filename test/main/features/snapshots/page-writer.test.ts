// The load-all page writers against real SQLite files: the writer thread (from the TypeScript source
// here, and from both BUILT scripts users run: out/main for Electron, out/web-host for browser mode),
// its fallback to the core's thread when it cannot start, a failed write, and page order.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../../../scripts/build-outputs.mjs';
import { inThreadWriter, threadWriter, writerEntry, type PageWriter, type WriterEntry } from '../../../../src/main/features/snapshots/page-writer';
import type { WorkspaceDb } from '../../../../src/main/platform/workspace/db';
import { SnapshotStore } from '../../../../src/main/features/snapshots/snapshot-store';
import { company, openAt, tempWorkspaceDir } from '../../platform/workspace/helpers';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => company(from + i, { revenue: (from + i) * 1000 }));

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

function workspace(): { db: WorkspaceDb; store: SnapshotStore; snapshotId: number } {
  const t = tempWorkspaceDir();
  const db = openAt(t.file);
  cleanups.push(t.cleanup, () => db.close());
  const store = new SnapshotStore(db);
  const snapshotId = store.create({ profileId: 'p', query: {}, pageSize: 200, rowCap: 1e6, startedAt: 1 }).id;
  return { db, store, snapshotId };
}

const ids = (store: SnapshotStore, id: number) => store.page(id, {}, 0, 1e6).records.map((r) => r.company_id);

/** Three pages sent without waiting, as load-all does; the core's connection then reads them back in order. */
async function storesInOrder(make: (db: WorkspaceDb, store: SnapshotStore) => PageWriter) {
  const { db, store, snapshotId } = workspace();
  const writer = make(db, store);
  const counts = await Promise.all([writer.append(snapshotId, page(0, 200), 450), writer.append(snapshotId, page(200, 200), 450), writer.append(snapshotId, page(400, 50), 450)]);
  await writer.close();
  expect(counts).toEqual([200, 400, 450]);
  expect(ids(store, snapshotId)).toEqual(page(0, 450).map((r) => r.company_id));
  expect(store.get(snapshotId)).toMatchObject({ rowCount: 450, serviceCount: 450 });
  // Sortable like rows written by the core: the value rows and the text index came with them.
  expect(store.page(snapshotId, { sort: { field: 'revenue', direction: 'desc' } }, 0, 1).records[0]!.company_id).toBe(company(449).company_id);
  expect(store.page(snapshotId, { text: 'Company 17' }, 0, 10).records.map((r) => r.name)).toContain('Company 17');
}

describe('the writer thread', () => {
  it('stores the pages in the order sent, on its own connection, and the core reads them', async () => {
    const fallbacks: string[] = [];
    let stored = 0;
    await storesInOrder((db, store) => threadWriter({ file: db.file, fallback: inThreadWriter(store), onFallback: (w) => fallbacks.push(w), onStored: () => stored++ }));
    expect(fallbacks).toEqual([]);
    expect(stored).toBe(3);
  }, 60_000);

  it('that cannot start: the reason is told and the pages are stored in the core thread instead', async () => {
    const fallbacks: string[] = [];
    const missing: WriterEntry = { built: new URL('file:///nonexistent/out/main/snapshot-writer.js') };
    await storesInOrder((db, store) => threadWriter({ file: db.file, entry: missing, fallback: inThreadWriter(store), onFallback: (w) => fallbacks.push(w) }));
    expect(fallbacks).toHaveLength(1);
    expect(fallbacks[0]).toMatch(/Cannot find module|ERR_MODULE_NOT_FOUND|no such file/i);
  }, 60_000);

  it('that cannot open the database says why (not an empty SQLite error) and falls back', async () => {
    const { store, snapshotId } = workspace();
    const fallbacks: string[] = [];
    const writer = threadWriter({ file: join(root, 'no-such-dir', 'p.sqlite'), fallback: inThreadWriter(store), onFallback: (w) => fallbacks.push(w) });
    expect(await writer.append(snapshotId, page(0, 3), 3)).toBe(3);
    expect(fallbacks).toEqual([expect.stringMatching(/workspace database could not be opened for writing \(.+\)/)]);
  }, 60_000);

  it('a failed write rejects with the reason; the thread keeps serving', async () => {
    const { db, store, snapshotId } = workspace();
    const writer = threadWriter({ file: db.file, fallback: inThreadWriter(store) });
    await expect(writer.append(987_654, page(0, 2), 2)).rejects.toMatchObject({ message: expect.stringMatching(/could not be stored: snapshot 987654 does not exist/) });
    expect(await writer.append(snapshotId, page(0, 2), 2)).toBe(2);
    await writer.close();
  }, 60_000);
});

describe('the built writer scripts (what users run)', () => {
  beforeAll(() => {
    if (!ensureBuilt(root, ['webHost', 'electronMain'])) throw new Error('the builds failed');
  }, 240_000);

  it.each([
    ['Electron main', 'out/main/snapshot-writer.js'],
    ['browser-mode host', 'out/web-host/snapshot-writer.mjs'],
  ])('%s: %s stores pages with no fallback', async (_name, script) => {
    const fallbacks: string[] = [];
    const entry: WriterEntry = { built: new URL(script, `file://${root}/`) };
    await storesInOrder((db, store) => threadWriter({ file: db.file, entry, fallback: inThreadWriter(store), onFallback: (w) => fallbacks.push(w) }));
    expect(fallbacks).toEqual([]);
  }, 60_000);

  it('each bundle looks for the script beside itself', () => {
    expect(writerEntry('file:///app/out/main/index.js')).toEqual({ built: new URL('file:///app/out/main/snapshot-writer.js') });
    expect(writerEntry('file:///app/out/web-host/start-core-abc.mjs')).toEqual({ built: new URL('file:///app/out/web-host/snapshot-writer.mjs') });
    expect(writerEntry('file:///repo/src/main/features/snapshots/page-writer.ts')).toEqual({ source: new URL('file:///repo/src/main/features/snapshots/writer-thread.ts') });
  });
});

describe('the core-thread writer (fallback)', () => {
  it('never interleaves two pages written at once', async () => {
    await storesInOrder((_db, store) => inThreadWriter(store));
  });
});
