// Finished exports are listed again after a restart (same data dir), with a fresh download link.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { AppError } from '../../../../src/shared/errors';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExportFeature } from '../../../../src/main/features/export/feature';
import { BODY, fakeApi, makeRecords } from './fake-api';
import { harness } from './helpers/harness';

const ctx = { signal: new AbortController().signal };
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fs-export-history-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('export history', () => {
  it('lists finished exports after a restart, with a new download link, until their file is gone', async () => {
    let links = 0;
    const shell = { kind: 'browser' as const, downloadUrlFor: (p: string) => `/dl/${++links}/${p.split('/').pop()}` };
    const h1 = harness(fakeApi(makeRecords(30)).api, dir, shell);
    const first = createExportFeature(h1.deps);
    await first.start?.();
    h1.paths.push(join(dir, 'kept.csv'), join(dir, 'gone.json'));
    const a = await first.handlers.start({ source: { kind: 'all', body: BODY, pageSize: 10 }, format: 'csv', columns: ['company_id'] }, ctx);
    const b = await first.handlers.start({ source: { kind: 'rows', rows: [{ company_id: 'x' }] }, format: 'json', columns: null }, ctx);
    await Promise.all([h1.finished(a!.id), h1.finished(b!.id)]);
    await first.dispose?.();

    const h2 = harness(fakeApi([]).api, dir, shell);
    const second = createExportFeature(h2.deps);
    await second.start?.();
    const listed = await second.handlers.list(undefined, ctx);
    expect(listed.map((j) => j.fileName).sort()).toEqual(['gone.json', 'kept.csv']);
    const kept = listed.find((j) => j.fileName === 'kept.csv')!;
    // New links of this launch for the file and, beside it in browser mode, its About sidecar.
    expect(kept).toMatchObject({ id: a!.id, state: 'done', rows: 30, format: 'csv', downloadUrl: expect.stringMatching(/^\/dl\/\d+\/kept\.csv$/) as unknown, aboutDownloadUrl: expect.stringMatching(/^\/dl\/\d+\/kept\.csv\.about\.json$/) as unknown });
    expect(Number(kept.downloadUrl!.split('/')[2])).toBeGreaterThan(4); // not the first launch's links
    expect(kept.rowsPerSecond).toBeUndefined();
    await second.dispose?.();

    await rm(join(dir, 'gone.json'));
    const third = createExportFeature(harness(null, dir, shell).deps);
    await third.start?.();
    expect((await third.handlers.list(undefined, ctx)).map((j) => j.fileName)).toEqual(['kept.csv']);
    await third.dispose?.();
  });

  it('keeps failed exports with their error, and starts empty from an unreadable history file', async () => {
    const denied = new AppError('forbidden', 'This client may not search.');
    const h1 = harness(fakeApi(makeRecords(5), { failCalls: new Map([[1, denied]]) }).api, dir);
    const first = createExportFeature(h1.deps);
    await first.start?.();
    h1.paths.push(join(dir, 'x.csv'));
    const job = await first.handlers.start({ source: { kind: 'all', body: BODY, pageSize: 10 }, format: 'csv', columns: null }, ctx);
    expect(await h1.finished(job!.id)).toMatchObject({ state: 'failed' });
    await first.dispose?.();

    const second = createExportFeature(harness(null, dir).deps);
    await second.start?.();
    expect(await second.handlers.list(undefined, ctx)).toMatchObject([{ id: job!.id, state: 'failed', error: { code: 'forbidden', message: expect.stringContaining('This client may not search.') } }]);
    await second.dispose?.();

    await writeFile(join(dir, 'export-history.json'), '{not json');
    const third = createExportFeature(harness(null, dir).deps);
    await third.start?.();
    expect(await third.handlers.list(undefined, ctx)).toEqual([]);
    await third.dispose?.();
  });
});
