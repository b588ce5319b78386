// The cost of a Load all told before it starts: requests of 200, time at the pace of the profile's
// last finished load (none before one of 1,000 rows or more), disk at the bytes per row the
// workspace file shows (the benched typical figure while it holds too few rows), through the
// bridge handler against a real SQLite file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSnapshotFeature } from '../../../../src/main/features/snapshots/feature';
import {
  MIN_MEASURED_ROWS,
  TYPICAL_BYTES_PER_ROW,
  estimateLoad,
  lastLoad,
  workspaceSize,
} from '../../../../src/main/features/snapshots/load-estimate';
import { SnapshotStore } from '../../../../src/main/features/snapshots/snapshot-store';
import type { WorkspaceDb } from '../../../../src/main/platform/workspace/db';
import type { FeatureDeps } from '../../../../src/main/platform/ports/feature-deps';
import { ProfileSchema } from '../../../../src/shared/profile';
import { createWorkspace, workspacePort } from '../../../../src/main/platform/workspace/workspace';
import { company, openAt, tempWorkspaceDir } from '../../platform/workspace/helpers';

const ctx = { signal: new AbortController().signal };

describe('estimateLoad', () => {
  const empty = { usedBytes: 40_960, storedRows: 0 };

  it('counts requests of the page size, rounding up', () => {
    expect(estimateLoad(1_000_000, 200, null, empty).pages).toBe(5_000);
    expect(estimateLoad(201, 200, null, empty).pages).toBe(2);
    expect(estimateLoad(0, 200, null, empty).pages).toBe(0);
  });

  it('has no time before a load was measured, and the typical bytes per row in a near-empty workspace', () => {
    const e = estimateLoad(100_000, 200, null, { usedBytes: 5e6, storedRows: MIN_MEASURED_ROWS - 1 });
    expect(e.seconds).toBeNull();
    expect(e.basis.rate).toBeNull();
    expect(e.basis).toMatchObject({ disk: 'typical', bytesPerRow: TYPICAL_BYTES_PER_ROW });
    expect(e.bytes).toBe(100_000 * TYPICAL_BYTES_PER_ROW);
  });

  it('times the load at the last load pace and sizes it at the workspace bytes per row', () => {
    // 50,000 rows in 25 s: 2,000 rows a second. 150 MB over 100,000 stored rows: 1,500 bytes a row.
    const e = estimateLoad(1_000_000, 200, { rows: 50_000, startedAt: 1_000, finishedAt: 26_000 }, { usedBytes: 150e6, storedRows: 100_000 });
    expect(e.seconds).toBe(500);
    expect(e.basis.rate).toEqual({ rows: 50_000, rowsPerSecond: 2_000, finishedAt: 26_000 });
    expect(e.basis).toMatchObject({ disk: 'workspace', bytesPerRow: 1_500 });
    expect(e.bytes).toBe(1.5e9);
  });
});

describe('the workspace it is measured from', () => {
  let db: WorkspaceDb;
  let store: SnapshotStore;
  let cleanup: () => void;
  beforeEach(() => {
    const t = tempWorkspaceDir();
    cleanup = t.cleanup;
    db = openAt(t.file);
    store = new SnapshotStore(db);
  });
  afterEach(() => {
    db.close();
    cleanup();
  });

  const rows = (n: number, from = 0) => Array.from({ length: n }, (_, i) => company(from + i, { revenue: i * 1000, industry_code: '6201' }));
  function load(o: { profileId?: string; n: number; startedAt: number; finishedAt?: number; status?: 'complete' | 'capped' | 'failed' }): number {
    const s = store.create({ profileId: o.profileId ?? 'p', query: { n: o.n, at: o.startedAt }, pageSize: 200, rowCap: 100_000, startedAt: o.startedAt });
    for (let i = 0; i < o.n; i += 200) store.append(s.id, rows(Math.min(200, o.n - i), i), o.n);
    if (o.finishedAt !== undefined) store.finish(s.id, { status: o.status ?? 'complete', finishedAt: o.finishedAt });
    return s.id;
  }

  it("takes the newest finished load of the profile with 1,000 rows or more; others' loads, failed, short and running ones do not count", () => {
    expect(lastLoad(db, 'p')).toBeNull();
    load({ n: 1_200, startedAt: 1_000, finishedAt: 3_000 });
    load({ n: 1_000, startedAt: 10_000, finishedAt: 11_000, status: 'capped' });
    load({ n: 999, startedAt: 20_000, finishedAt: 20_100 }); // too short to show a pace
    load({ n: 1_400, startedAt: 30_000, finishedAt: 31_000, status: 'failed' });
    load({ profileId: 'other', n: 1_400, startedAt: 40_000, finishedAt: 41_000 });
    load({ n: 1_400, startedAt: 50_000 }); // still loading
    expect(lastLoad(db, 'p')).toEqual({ rows: 1_000, startedAt: 10_000, finishedAt: 11_000 });
    expect(lastLoad(db, 'other')).toEqual({ rows: 1_400, startedAt: 40_000, finishedAt: 41_000 });
  });

  it('counts the stored rows of every snapshot and the pages in use, not the free ones', () => {
    const before = workspaceSize(db);
    const id = load({ n: 2_000, startedAt: 1_000, finishedAt: 2_000 });
    const after = workspaceSize(db);
    expect(before.storedRows).toBe(0);
    expect(after.storedRows).toBe(2_000);
    // Each stored row takes some hundreds of bytes (JSON, value rows, text index).
    expect((after.usedBytes - before.usedBytes) / 2_000).toBeGreaterThan(200);
    expect((after.usedBytes - before.usedBytes) / 2_000).toBeLessThan(5_000);
    store.delete(id);
    const emptied = workspaceSize(db);
    expect(emptied.storedRows).toBe(0);
    expect(emptied.usedBytes).toBeLessThan(after.usedBytes);
  });
});

describe('snapshots.estimate', () => {
  let data: string;
  beforeEach(() => {
    data = mkdtempSync(join(tmpdir(), 'fs-estimate-'));
  });
  afterEach(() => rmSync(data, { recursive: true, force: true }));

  it("answers for the active profile's workspace: no time before a load, then the pace of the last one", async () => {
    const profile = ProfileSchema.parse({ id: 'est', name: 'Estimate', kind: 'sandbox', authUrl: 'http://127.0.0.1:1/auth', baseUrl: 'http://127.0.0.1:1', clientId: 'x' });
    const ws = createWorkspace({ dataDir: data, notify: () => {} });
    const workspace = workspacePort(ws, () => profile.id);
    const deps = { activeProfile: () => profile, workspace, now: () => Date.now() } as unknown as FeatureDeps;
    const f = createSnapshotFeature(deps);
    const first = await f.handlers.estimate({ rows: 250_000 }, ctx);
    expect(first).toMatchObject({ rows: 250_000, pages: 1_250, seconds: null, bytes: 250_000 * TYPICAL_BYTES_PER_ROW, basis: { rate: null, disk: 'typical' } });

    // A finished load of 12,000 rows in 6 s (as load-all.ts leaves it): 2,000 rows a second.
    const s = new SnapshotStore(workspace.active());
    const snap = s.create({ profileId: profile.id, query: { q: 1 }, pageSize: 200, rowCap: 100_000, startedAt: 100_000 });
    for (let i = 0; i < 12_000; i += 200) s.append(snap.id, Array.from({ length: 200 }, (_, j) => company(i + j)), 12_000);
    s.finish(snap.id, { status: 'complete', finishedAt: 106_000 });
    const next = await f.handlers.estimate({ rows: 1_000_000 }, ctx);
    expect(next.seconds).toBe(500);
    expect(next.basis.rate).toMatchObject({ rows: 12_000, rowsPerSecond: 2_000 });
    expect(next.basis.disk).toBe('workspace');
    expect(next.bytes).toBe(1_000_000 * next.basis.bytesPerRow);
    await f.dispose?.();
    ws.close();
  });
});
