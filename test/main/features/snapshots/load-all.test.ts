// "Load all" against a real sandbox over HTTP: the snapshot holds exactly the service's pages, in
// order, with no lost or duplicated row, clean and under 503s, dropped connections and a token
// expiry mid-walk; the row cap, cancel, and the feature's bridge handlers end to end.
import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../../src/main/platform/api/types';
import type { FeatureDeps } from '../../../../src/main/platform/ports/feature-deps';
import { createSnapshotFeature } from '../../../../src/main/features/snapshots/feature';
import { loadAll } from '../../../../src/main/features/snapshots/load-all';
import { inThreadWriter, threadWriter, type PageWriter } from '../../../../src/main/features/snapshots/page-writer';
import { openWorkspaceDb, type WorkspaceDb } from '../../../../src/main/platform/workspace/db';
import { SnapshotStore } from '../../../../src/main/features/snapshots/snapshot-store';
import { startSandbox, type SandboxHandle } from '../../../../src/sandbox/server';
import { ProfileSchema } from '../../../../src/shared/profile';
import type { SearchBody } from '../../../../src/shared/service/schemas';
import type { SnapshotInfo } from '../../../../src/shared/snapshots/snapshot';
import { fetchAll, realClient } from '../export/helpers/real-client';
import { testWorkspacePort } from '../../../helpers/workspace';
import { sqlite } from '../../platform/workspace/helpers';

const BODY: SearchBody = { filters: { and: [{ attribute: 'founding_year', relation: 'greater_than', value: 0 }] } };
const FAST_RETRY = { attempts: 10, baseDelayMs: 20, maxDelayMs: 200 };
const ctx = { signal: new AbortController().signal };

let sandbox: SandboxHandle;
let api: ApiClient;
let dir: string;
let reference: Record<string, unknown>[];
let db: WorkspaceDb;
let store: SnapshotStore;

beforeAll(async () => {
  sandbox = await startSandbox({ companies: 6_000, seed: 5 });
  api = realClient(sandbox);
  dir = await mkdtemp(join(tmpdir(), 'fs-load-all-'));
  reference = (await fetchAll(api, BODY, 200)).records;
  db = openWorkspaceDb({ file: join(dir, 'ws.sqlite'), Database: sqlite() });
  store = new SnapshotStore(db);
}, 60_000);

afterAll(async () => {
  db?.close();
  await sandbox?.close();
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => sandbox.control.clearFaults());

/** Every row of the snapshot in its stored (service) order. */
function stored(id: number): Record<string, unknown>[] {
  return store.page(id, {}, 0, 1_000_000).records;
}

/** Why a writer thread did not start, per test: always none (the fallback has its own test). */
const fallbacks: string[] = [];
const WRITERS = {
  'in the core thread': (): PageWriter | undefined => undefined,
  'in a writer thread (as the app does)': (): PageWriter =>
    threadWriter({ file: db.file, fallback: inThreadWriter(store), onFallback: (why) => fallbacks.push(why), onStored: () => store.forgetView() }),
};
let writer: () => PageWriter | undefined;
afterEach(() => expect(fallbacks.splice(0)).toEqual([]));

function run(rowCap: number, onProgress?: (i: SnapshotInfo) => void, signal = new AbortController().signal) {
  const snap = store.create({ profileId: 'sandbox', query: BODY, pageSize: 200, rowCap, startedAt: 1 });
  const done = loadAll({ api, store, writer: writer(), snapshotId: snap.id, body: BODY, pageSize: 200, rowCap, signal, now: () => 2, onProgress, retry: FAST_RETRY });
  return { id: snap.id, done };
}

describe.each(Object.entries(WRITERS))('loadAll against the sandbox, pages stored %s', (_name, makeWriter) => {
  beforeAll(() => {
    writer = makeWriter;
  });

  it('the query is thousands of rows over many pages', () => {
    expect(reference.length).toBeGreaterThan(4_000);
    expect(new Set(reference.map((r) => r.company_id)).size).toBe(reference.length);
  });

  it('stores exactly the service pages, in order, stamped complete with the service count', async () => {
    const progress: number[] = [];
    const { id, done } = run(100_000, (i) => progress.push(i.rowCount));
    const info = await done;
    expect(info).toMatchObject({ status: 'complete', rowCount: reference.length, serviceCount: reference.length, finishedAt: 2 });
    expect(stored(id)).toEqual(reference);
    expect(progress.length).toBeGreaterThanOrEqual(Math.ceil(reference.length / 200));
    expect(progress.at(-1)).toBe(reference.length);
  }, 60_000);

  it('is identical under 10% 503, 5% dropped connections and a token expiry mid-walk', async () => {
    sandbox.control.setFaults({ errorRate: 0.1, dropRate: 0.05, targets: ['search'], seed: 23 });
    sandbox.control.resetStats();
    let expired = false;
    const { id, done } = run(100_000, (i) => {
      if (!expired && i.rowCount >= 2_000) {
        expired = true;
        sandbox.control.expireAllTokens();
      }
    });
    const info = await done;
    expect(expired).toBe(true);
    expect(sandbox.control.stats().faultsInjected).toBeGreaterThan(3);
    expect(sandbox.control.stats().tokensIssued).toBeGreaterThanOrEqual(1);
    expect(info.status).toBe('complete');
    const rows = stored(id);
    expect(rows.length).toBe(reference.length);
    expect(new Set(rows.map((r) => r.company_id)).size).toBe(rows.length);
    expect(rows).toEqual(reference);
  }, 120_000);

  it('stops at the row cap and says the snapshot is capped', async () => {
    const { id, done } = run(450);
    const info = await done;
    expect(info).toMatchObject({ status: 'capped', rowCount: 450, serviceCount: reference.length });
    expect(stored(id)).toEqual(reference.slice(0, 450));
  }, 60_000);

  it('cancelled mid-walk: no partial snapshot is left', async () => {
    const controller = new AbortController();
    const { id, done } = run(100_000, (i) => i.rowCount >= 1_000 && controller.abort(), controller.signal);
    await expect(done).rejects.toMatchObject({ code: 'cancelled' });
    expect(store.get(id)).toBeNull();
    expect(db.sql.get<{ n: number }>('SELECT count(*) AS n FROM snapshot_rows WHERE snapshot_id = ?', [id])!.n).toBe(0);
  }, 60_000);
});

describe('snapshot feature (bridge handlers)', () => {
  async function feature() {
    const events: SnapshotInfo[] = [];
    const progressed = new EventEmitter();
    const profile = ProfileSchema.parse({ id: 'sandbox', name: 'Sandbox', kind: 'sandbox', authUrl: sandbox.authUrl, baseUrl: sandbox.baseUrl, clientId: 'x' });
    const data = await mkdtemp(join(dir, 'feature-'));
    const workspace = testWorkspacePort(data, () => profile.id);
    const deps: FeatureDeps = {
      api: async () => api,
      activeProfile: () => profile,
      settings: { read: (_k, _s, f) => f, write: () => {} },
      emit: ((group: string, name: string, payload: SnapshotInfo) => {
        if (group !== 'snapshots' || name !== 'progress') return;
        events.push(payload);
        progressed.emit('progress', payload);
      }) as FeatureDeps['emit'],
      shell: { kind: 'browser', chooseExportPath: async () => null, revealFile: async () => {}, notify: () => {}, openExternal: async () => {} },
      dataDir: data,
      workspace,
      now: () => Date.now(),
    };
    const f = createSnapshotFeature(deps);
    /** The first progress event of load `id` (already in, or still to come) that satisfies `test`. */
    const until = (id: number, test: (i: SnapshotInfo) => boolean) =>
      new Promise<SnapshotInfo>((resolve) => {
        const check = (i: SnapshotInfo) => {
          if (i.id !== id || !test(i)) return;
          progressed.off('progress', check);
          resolve(i);
        };
        progressed.on('progress', check);
        const seen = events.find((i) => i.id === id && test(i));
        if (seen) check(seen);
      });
    /** The outcome of load `id`: its progress event that is no longer loading. */
    const settled = (id: number) => until(id, (i) => i.status !== 'loading');
    return { f, events, settled, until };
  }

  it('loads, then pages sorted by revenue descending (empty last), facets and text-filters locally', async () => {
    const warn = vi.spyOn(console, 'warn');
    const { f, settled } = await feature();
    const started = await f.handlers.load({ body: BODY, rowCap: 100_000 }, ctx);
    expect(started.status).toBe('loading');
    expect((await settled(started.id)).status).toBe('complete');
    // The pages went through the writer thread, not the fallback in the core's thread.
    expect(warn.mock.calls.flat().join('\n')).not.toMatch(/writer thread/);
    warn.mockRestore();

    const byRevenue = [...reference].filter((r) => typeof r.revenue === 'number').sort((a, b) => (b.revenue as number) - (a.revenue as number));
    const page = await f.handlers.page({ id: started.id, view: { sort: { field: 'revenue', direction: 'desc' } }, offset: 0, limit: 50 }, ctx);
    expect(page.total).toBe(reference.length);
    expect(page.rows[0]!.revenue).toBe(byRevenue[0]!.revenue);
    expect(page.rows.map((r) => r.revenue)).toEqual(byRevenue.slice(0, 50).map((r) => r.revenue));
    const last = await f.handlers.page({ id: started.id, view: { sort: { field: 'revenue', direction: 'desc' } }, offset: reference.length - 1, limit: 1 }, ctx);
    if (byRevenue.length < reference.length) expect(last.rows[0]!.revenue ?? null).toBeNull();

    const facets = await f.handlers.facets({ id: started.id, view: {} }, ctx);
    const de = reference.filter((r) => r.country === 'DE').length;
    expect(facets.country.find((c) => c.key === 'DE')?.count).toBe(de);
    const narrowed = await f.handlers.page({ id: started.id, view: { facets: { country: ['DE'] } }, offset: 0, limit: 10 }, ctx);
    expect(narrowed.total).toBe(de);

    const first = reference[0]!;
    const word = String(first.name).split(/\s+/)[0];
    const text = await f.handlers.page({ id: started.id, view: { text: word }, offset: 0, limit: 1000 }, ctx);
    expect(text.rows.map((r) => r.company_id)).toContain(first.company_id);

    const values = await f.handlers.values({ id: started.id, field: 'country', prefix: 'd' }, ctx);
    expect(values[0]).toEqual({ key: 'DE', count: de });

    expect((await f.handlers.list(undefined, ctx)).map((s) => s.id)).toEqual([started.id]);
    // Refresh: a new load of the same query replaces the old snapshot once it completes.
    const again = await f.handlers.load({ body: BODY, rowCap: 100_000 }, ctx);
    await settled(again.id);
    expect((await f.handlers.list(undefined, ctx)).map((s) => s.id)).toEqual([again.id]);
    await f.dispose!();
  }, 120_000);

  it('refuses an invalid body before any request, naming the problem', async () => {
    const { f } = await feature();
    await expect(f.handlers.load({ body: { filters: {} }, rowCap: 10 }, ctx)).rejects.toMatchObject({ code: 'invalid_input', details: { field: 'filters' } });
  });

  it('cancel ends the load as cancelled and leaves nothing behind', async () => {
    const { f, settled, until } = await feature();
    sandbox.control.setFaults({ latencyMs: 30, targets: ['search'] });
    const started = await f.handlers.load({ body: BODY, rowCap: 100_000 }, ctx);
    await until(started.id, (i) => i.status === 'loading' && i.rowCount > 0); // pages are being stored
    await f.handlers.cancel({ id: started.id }, ctx);
    expect((await settled(started.id)).status).toBe('cancelled');
    expect(await f.handlers.list(undefined, ctx)).toEqual([]);
    await expect(f.handlers.page({ id: started.id, view: {}, offset: 0, limit: 1 }, ctx)).rejects.toMatchObject({ code: 'not_found' });
  }, 60_000);
});
