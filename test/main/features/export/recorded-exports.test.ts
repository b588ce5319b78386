// Files other features write (bulk match, ESG workbook) recorded in the Exports history through the
// ExportRecords port: listed with source, size and rows, written again through the recording
// feature's repeater with the settings it recorded, removed from the list without touching the file,
// and listed again after a restart.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExportFeature } from '../../../../src/main/features/export/feature';
import { harness } from './helpers/harness';

const ctx = { signal: new AbortController().signal };
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fs-recorded-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('recorded exports (ExportRecords port)', () => {
  it('lists a recorded file, writes it again through its repeater, forgets it without deleting the file, and keeps it over a restart', async () => {
    const path = join(dir, 'suppliers-matched.csv');
    await writeFile(path, 'a,b\n1,2\n');
    const h = harness(null, dir);
    const feature = createExportFeature(h.deps);
    await feature.start?.();
    await feature.records.record({ origin: 'match', source: 'Bulk match of suppliers.csv', format: 'csv', path, rows: 1, startedAt: 1_000, finishedAt: 2_000, neutralised: 3, again: { id: 'job-1', format: 'csv' } });

    const [job] = await feature.handlers.list(undefined, ctx);
    expect(job).toMatchObject({ origin: 'match', source: 'Bulk match of suppliers.csv', fileName: 'suppliers-matched.csv', state: 'done', rows: 1, bytes: 8, neutralised: 3, finishedAt: 2_000 });
    // No repeater yet (the match feature registers one when it is created).
    expect(job!.canRepeat).toBe(false);
    await expect(feature.handlers.again({ id: job!.id }, ctx)).rejects.toThrow(/cannot be written again/);

    const asked: unknown[] = [];
    feature.records.repeatWith('match', async (again) => {
      asked.push(again);
      return { fileName: 'suppliers-matched (2).csv' };
    });
    expect((await feature.handlers.list(undefined, ctx))[0]!.canRepeat).toBe(true);
    expect(await feature.handlers.again({ id: job!.id }, ctx)).toEqual({ fileName: 'suppliers-matched (2).csv' });
    expect(asked).toEqual([{ id: 'job-1', format: 'csv' }]);
    await feature.dispose?.();

    // Restart: listed again, and its settings are still there for Export again.
    const next = createExportFeature(harness(null, dir).deps);
    await next.start?.();
    const seen: unknown[] = [];
    next.records.repeatWith('match', async (again) => (seen.push(again), null));
    const [restored] = await next.handlers.list(undefined, ctx);
    expect(restored).toMatchObject({ id: job!.id, origin: 'match', rows: 1, bytes: 8 });
    expect(await next.handlers.again({ id: job!.id }, ctx)).toBeNull();
    expect(seen).toEqual([{ id: 'job-1', format: 'csv' }]);

    await next.handlers.forget({ id: job!.id }, ctx);
    expect(await next.handlers.list(undefined, ctx)).toEqual([]);
    expect(existsSync(path)).toBe(true);
    const third = createExportFeature(harness(null, dir).deps);
    await third.start?.();
    expect(await third.handlers.list(undefined, ctx)).toEqual([]);
  });
});
