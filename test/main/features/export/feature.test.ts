import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExportFeature } from '../../../../src/main/features/export/feature';
import { BODY, fakeApi, makeRecords } from './fake-api';
import { harness } from './helpers/harness';

const ctx = { signal: new AbortController().signal };
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fs-export-feature-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('export feature', () => {
  it('answers null when the save dialog is cancelled and starts nothing', async () => {
    const h = harness(fakeApi(makeRecords(10)).api, dir);
    const feature = createExportFeature(h.deps);
    h.paths.push(null);
    expect(await feature.handlers.start({ source: { kind: 'rows', rows: [{ company_id: 'a' }] }, format: 'csv', columns: null }, ctx)).toBeNull();
    expect(await feature.handlers.list(undefined, ctx)).toEqual([]);
  });

  it('rejects a search body that is not valid before asking for a file', async () => {
    const h = harness(fakeApi([]).api, dir);
    const feature = createExportFeature(h.deps);
    const run = feature.handlers.start({ source: { kind: 'all', body: { filters: {} }, pageSize: 200 }, format: 'csv', columns: null }, ctx);
    await expect(run).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('estimates rows and pages from count', async () => {
    const h = harness(fakeApi(makeRecords(1_234)).api, dir);
    const feature = createExportFeature(h.deps);
    expect(await feature.handlers.estimate({ body: BODY, pageSize: 200 }, ctx)).toEqual({ count: 1_234, pages: 7 });
  });

  it('runs several exports at once, each with its own progress, rate and ETA', async () => {
    const h = harness(fakeApi(makeRecords(3_000), { delayMs: 3 }).api, dir);
    const feature = createExportFeature(h.deps, { progressIntervalMs: 0 });
    h.paths.push(join(dir, 'a.csv'), join(dir, 'b.json'));
    const a = await feature.handlers.start({ source: { kind: 'all', body: BODY, pageSize: 100 }, format: 'csv', columns: ['company_id'] }, ctx);
    const b = await feature.handlers.start({ source: { kind: 'all', body: BODY, pageSize: 100, rowLimit: 1_050 }, format: 'json', columns: null }, ctx);
    const [fa, fb] = await Promise.all([h.finished(a!.id), h.finished(b!.id)]);
    expect(fa).toMatchObject({ state: 'done', rows: 3_000, pages: 30, totalRows: 3_000, totalPages: 30, fileName: 'a.csv' });
    expect(fb).toMatchObject({ state: 'done', rows: 1_050, totalRows: 1_050, totalPages: 11 });
    const mid = h.events.find((e) => e.id === a!.id && e.state === 'running' && e.pages === 10);
    expect(mid?.rowsPerSecond).toBeGreaterThan(0);
    expect(mid?.etaMs).toBeGreaterThan(0);
    expect(JSON.parse(await readFile(join(dir, 'b.json'), 'utf8'))).toHaveLength(1_050);
    await feature.handlers.reveal({ id: a!.id }, ctx);
    expect(h.revealed).toEqual([join(dir, 'a.csv')]);
    expect((await feature.handlers.list(undefined, ctx)).map((j) => j.state)).toEqual(['done', 'done']);
  });

  it('cancel stops the export, removes the partial and leaves the existing target as it was', async () => {
    const target = join(dir, 'keep.xlsx');
    await writeFile(target, 'old');
    const h = harness(fakeApi(makeRecords(20_000), { delayMs: 5 }).api, dir);
    const feature = createExportFeature(h.deps, { progressIntervalMs: 0 });
    h.paths.push(target);
    const job = await feature.handlers.start({ source: { kind: 'all', body: BODY, pageSize: 100 }, format: 'xlsx', columns: null }, ctx);
    await new Promise<void>((resolve) => h.onProgress((j) => j.pages >= 5 && resolve()));
    await feature.handlers.cancel({ id: job!.id }, ctx);
    const final = await h.finished(job!.id);
    expect(final.state).toBe('cancelled');
    expect(final.pages).toBeLessThan(200);
    expect(await readFile(target, 'utf8')).toBe('old');
    expect((await readdir(dir)).filter((f) => f.endsWith('.partial'))).toEqual([]);
    expect(await readdir(join(dir, 'export-spool'))).toEqual([]);
  });

  it('browser mode: a finished export carries its download URL', async () => {
    const h = harness(null, dir, { kind: 'browser', downloadUrlFor: (p) => `/downloads/${encodeURIComponent(p.split('/').pop()!)}` });
    const feature = createExportFeature(h.deps);
    h.paths.push(join(dir, 'page.ndjson'));
    const job = await feature.handlers.start({ source: { kind: 'rows', rows: makeRecords(5) }, format: 'ndjson', columns: null }, ctx);
    expect(await h.finished(job!.id)).toMatchObject({ state: 'done', rows: 5, downloadUrl: '/downloads/page.ndjson' });
  });

  it('a killed process leaves no target, and the next start-up removes its partial', async () => {
    const target = join(dir, 'killed.csv');
    const dataDir = join(dir, 'data');
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'helpers', 'export-child.ts'), dataDir, target, 'csv'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      for await (const line of createInterface({ input: child.stdout! })) {
        if (/^PROGRESS (\d+)/.test(line) && Number(line.split(' ')[1]) >= 5) break;
      }
      expect(existsSync(`${target}.partial`)).toBe(true);
      child.kill('SIGKILL');
      await exited;
    } finally {
      child.kill('SIGKILL');
    }
    expect(existsSync(target)).toBe(false);
    const feature = createExportFeature(harness(null, dataDir).deps);
    await feature.start!();
    expect(existsSync(`${target}.partial`)).toBe(false);
    expect(await readdir(join(dataDir, 'exports-in-flight'))).toEqual([]);
  }, 60_000);
});
