// "Load all" against the sandbox over real HTTP when the workspace database refuses the pages midway:
// another process takes its write lock, the disk fills up (a real tmpfs), the folder turns read-only
// (a real read-only bind mount). Each time the load ends failed with the reason in words (never
// SQLite's), no partial snapshot is listed, PRAGMA integrity_check is ok, and loading again once
// the trouble is gone stores every row and sweeps the failed load's leftovers.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../src/main/platform/api/types';
import type { FeatureDeps } from '../../../../src/main/platform/ports/feature-deps';
import { createSnapshotFeature } from '../../../../src/main/features/snapshots/feature';
import { createWorkspace, workspacePort } from '../../../../src/main/platform/workspace/workspace';
import { startSandbox, type SandboxHandle } from '../../../../src/sandbox/server';
import { ProfileSchema } from '../../../../src/shared/profile';
import type { SearchBody } from '../../../../src/shared/service/schemas';
import type { SnapshotInfo } from '../../../../src/shared/snapshots/snapshot';
import { fetchAll, realClient } from '../export/helpers/real-client';
import { holdWriteLock, mountsMissing, readOnlyBind, smallDisk } from '../../../helpers/disk-conditions';

const BODY: SearchBody = { filters: { and: [{ attribute: 'founding_year', relation: 'greater_than', value: 0 }] } };
const ctx = { signal: new AbortController().signal };
const RAW_SQLITE = /SQLITE_|database is locked|disk I\/O|readonly database|database or disk is full/;

let sandbox: SandboxHandle;
let api: ApiClient;
let dir: string;
let reference: Record<string, unknown>[];
const cleanups: Array<() => unknown> = [];

beforeAll(async () => {
  sandbox = await startSandbox({ companies: 3_000, seed: 5 });
  api = realClient(sandbox);
  dir = await mkdtemp(join(tmpdir(), 'fs-load-all-faults-'));
  reference = (await fetchAll(api, BODY, 200)).records;
}, 60_000);
afterEach(async () => {
  sandbox.control.clearFaults();
  for (const c of cleanups.splice(0).reverse()) await c();
});
afterAll(async () => {
  await sandbox?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The snapshot feature on a workspace under `dataDir`, with its progress events and notices. */
function feature(dataDir: string) {
  const events: SnapshotInfo[] = [];
  const notices: string[] = [];
  const profile = ProfileSchema.parse({ id: 'sandbox', name: 'Sandbox', kind: 'sandbox', authUrl: sandbox.authUrl, baseUrl: sandbox.baseUrl, clientId: 'x' });
  const ws = createWorkspace({ dataDir, notify: (_l, m) => notices.push(m) });
  let onProgress: (i: SnapshotInfo) => void = () => {};
  const watchers = new Set<(i: SnapshotInfo) => void>();
  const deps: FeatureDeps = {
    api: async () => api,
    activeProfile: () => profile,
    settings: { read: (_k, _s, f) => f, write: () => {} },
    emit: ((group: string, name: string, payload: SnapshotInfo) => {
      if (group !== 'snapshots' || name !== 'progress') return;
      events.push(payload);
      onProgress(payload);
      for (const w of [...watchers]) w(payload);
    }) as FeatureDeps['emit'],
    shell: { kind: 'browser', chooseExportPath: async () => null, revealFile: async () => {}, notify: () => {}, openExternal: async () => {} },
    dataDir,
    workspace: workspacePort(ws, () => profile.id),
    now: () => Date.now(),
  };
  const f = createSnapshotFeature(deps);
  cleanups.push(async () => {
    await f.dispose!();
    ws.close();
  });
  const db = () => ws.forProfile(profile.id);
  /** The outcome of load `id` started after `from` events (ids are reused once a failed load is removed). */
  const settled = (id: number, from: number) =>
    new Promise<SnapshotInfo>((resolve) => {
      const check = (e: SnapshotInfo) => {
        if (e.id !== id || e.status === 'loading') return;
        watchers.delete(check);
        resolve(e);
      };
      watchers.add(check);
      const seen = events.slice(from).find((e) => e.id === id && e.status !== 'loading');
      if (seen) check(seen);
    });
  /** Loads with `trouble` started once the first pages are stored; resolves with the outcome. */
  const loadWith = async (trouble: () => Promise<unknown> | void) => {
    let started: Promise<unknown> | null = null;
    onProgress = (i) => {
      if (!started && i.status === 'loading' && i.rowCount >= 400) started = Promise.resolve(trouble());
    };
    const from = events.length;
    const load = await f.handlers.load({ body: BODY, rowCap: 100_000 }, ctx);
    const outcome = await settled(load.id, from);
    onProgress = () => {};
    await started;
    return { id: load.id, outcome, troubled: started !== null };
  };
  /** A failed load left nothing to see and nothing broken; loading again stores every row. */
  const recovers = async (failedId: number) => {
    expect(await f.handlers.list(undefined, ctx)).toEqual([]);
    expect(db().raw.pragma('integrity_check', { simple: true })).toBe('ok');
    const from = events.length;
    const again = await f.handlers.load({ body: BODY, rowCap: 100_000 }, ctx);
    expect(await settled(again.id, from)).toMatchObject({ status: 'complete', rowCount: reference.length });
    const page = await f.handlers.page({ id: again.id, view: {}, offset: 0, limit: 100_000 }, ctx);
    expect(page.rows).toEqual(reference);
    expect((await f.handlers.list(undefined, ctx)).map((s) => s.id)).toEqual([again.id]);
    // The failed load's rows are gone too (swept if the database refused to remove them then).
    // (Its id may be the new load's: SQLite reuses the id of a removed last row.)
    expect(failedId).toBeGreaterThan(0);
    expect(db().sql.get<{ n: number }>('SELECT count(*) AS n FROM snapshot_rows WHERE snapshot_id <> ?', [again.id])!.n).toBe(0);
    expect(db().sql.column<number>('SELECT id FROM snapshots')).toEqual([again.id]);
    expect(db().raw.pragma('integrity_check', { simple: true })).toBe('ok');
  };
  return { f, db, notices, loadWith, recovers };
}

it('another process takes the write lock midway and keeps it past the busy timeout: failed in words; loads again once released', async () => {
  const w = feature(await mkdtemp(join(dir, 'locked-')));
  sandbox.control.setFaults({ latencyMs: 150, targets: ['search'] });
  let release: () => Promise<void> = async () => {};
  const { id, outcome, troubled } = await w.loadWith(async () => {
    const holder = await holdWriteLock(w.db().file);
    release = () => holder.release();
    cleanups.push(release);
  });
  expect(troubled).toBe(true);
  expect(outcome.status).toBe('failed');
  expect(outcome.error).toMatch(/in use by another program .* stayed locked for 5 seconds, so this was not saved/);
  expect(outcome.error).not.toMatch(RAW_SQLITE);
  await release();
  sandbox.control.clearFaults();
  await w.recovers(id);
}, 120_000);

describe.skipIf(mountsMissing())('with mounts (needs root with CAP_SYS_ADMIN)', () => {
  it('the disk fills up midway (a tmpfs filled to the last bytes): failed in words; loads again once space is back', async () => {
    const disk = smallDisk(24 * 1024 * 1024);
    cleanups.push(() => disk.unmount());
    const w = feature(disk.dir);
    w.db(); // created with room to spare
    sandbox.control.setFaults({ latencyMs: 50, targets: ['search'] });
    const { id, outcome, troubled } = await w.loadWith(() => disk.fill(0));
    expect(troubled).toBe(true);
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toMatch(/disk .* full|refused to write/);
    expect(outcome.error).not.toMatch(RAW_SQLITE);
    disk.free();
    sandbox.control.clearFaults();
    await w.recovers(id);
  }, 120_000);

  it('the folder turns read-only while the app runs (a read-only bind mount): failed in words; loads again once writable', async () => {
    const w = feature(await mkdtemp(join(dir, 'read-only-')));
    const folder = join(w.db().file, '..');
    // The core's connection, opened before, keeps its writable file handle (so the load is created
    // and later removed through it); the writer thread opens its own, which the OS makes read-only.
    const ro = readOnlyBind(folder);
    cleanups.push(() => ro.writable());
    const { id, outcome } = await w.loadWith(() => {});
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toMatch(/cannot be written \(its file or folder is read-only\), so this was not saved\. Make the data folder writable again/);
    expect(outcome.error).not.toMatch(RAW_SQLITE);
    ro.writable();
    await w.recovers(id);
  }, 120_000);
});
