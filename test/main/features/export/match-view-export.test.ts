// Bulk-match results exported as the table shows them: the export feature reads the rows through the
// ViewRowReader the match feature registers on the ExportRecords port (no feature imports the other).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExportFeature } from '../../../../src/main/features/export/feature';
import type { ViewRowReader } from '../../../../src/main/platform/ports/export-records';
import { harness } from './helpers/harness';

const ctx = { signal: new AbortController().signal };
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fs-match-view-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** 2,500 rows in line order; the table's columns or every field. */
function fakeReader(asked: unknown[]): ViewRowReader {
  return (view, fields) => {
    asked.push({ view, fields });
    const lines = Array.from({ length: 2_500 }, (_, i) => i + 2);
    return {
      total: lines.length,
      read: (offset, limit) =>
        lines.slice(offset, offset + limit).map((line) => (fields === 'all' ? { line, state: 'matched', input: { name: `N${line}` } } : { Line: line, Status: 'Matched', Name: `N${line}` })),
      columns: ['Line', 'Status', 'Name'],
      source: 'Bulk match results of suppliers.csv (Matched)',
      stem: 'suppliers-results',
      about: [
        { label: 'Bulk match of', value: 'suppliers.csv' },
        { label: 'Rows shown', value: 'Matched' },
      ],
    };
  };
}

describe('bulk-match results view export (source match)', () => {
  it('writes the view’s rows in order with the table’s columns, the sidecar naming the input and the filter; Export again repeats it', async () => {
    const h = harness(null, dir);
    const feature = createExportFeature(h.deps, { progressIntervalMs: 0 });
    const asked: unknown[] = [];
    feature.records.readViewWith('match', fakeReader(asked));
    const names: string[] = [];
    h.deps.shell.chooseExportPath = async (name) => (names.push(name), join(dir, `results-${names.length}.csv`));
    const job = await feature.handlers.start({ source: { kind: 'match', jobId: 'job-1', states: ['matched'], fields: 'visible' }, format: 'csv', columns: ['ignored'] }, ctx);
    expect(job).toMatchObject({ origin: 'match-view', source: 'Bulk match results of suppliers.csv (Matched)', totalRows: 2_500 });
    expect(names[0]).toMatch(/^suppliers-results-.*\.csv$/);
    expect(await h.finished(job!.id)).toMatchObject({ state: 'done', rows: 2_500, aboutFile: 'results-1.csv.about.json' });
    const lines = (await readFile(join(dir, 'results-1.csv'), 'utf8')).replace(/^\uFEFF/, '').trimEnd().split(/\r?\n/);
    expect(lines[0]).toMatch(/^"?Line"?[,;]"?Status"?[,;]"?Name"?$/);
    expect(lines).toHaveLength(2_501);
    expect(lines[1]).toMatch(/^2[,;]"?Matched"?[,;]"?N2"?$/);
    expect(lines[2_500]).toMatch(/^2501[,;]/);
    const about = JSON.parse(await readFile(join(dir, 'results-1.csv.about.json'), 'utf8')).about;
    expect(about).toMatchObject({ 'Bulk match of': 'suppliers.csv', 'Rows shown': 'Matched', Columns: 'the table’s columns: Line, Status, Name', Rows: 2_500 });
    expect(asked).toEqual([{ view: { jobId: 'job-1', states: ['matched'] }, fields: 'visible' }]);

    const [listed] = await feature.handlers.list(undefined, ctx);
    expect(listed!.canRepeat).toBe(true);
    expect(await feature.handlers.again({ id: listed!.id }, ctx)).toEqual({ fileName: 'results-2.csv' });
    expect(asked).toHaveLength(2);
    const second = (await feature.handlers.list(undefined, ctx)).find((j) => j.fileName === 'results-2.csv')!;
    expect(await h.finished(second.id)).toMatchObject({ state: 'done', rows: 2_500 });
  });

  it('all fields in NDJSON: each row with every field, nested as the match feature gave it', async () => {
    const h = harness(null, dir);
    const feature = createExportFeature(h.deps, { progressIntervalMs: 0 });
    feature.records.readViewWith('match', fakeReader([]));
    h.paths.push(join(dir, 'all.ndjson'));
    const job = await feature.handlers.start({ source: { kind: 'match', jobId: 'job-1', fields: 'all' }, format: 'ndjson', columns: null }, ctx);
    await h.finished(job!.id);
    const rows = (await readFile(join(dir, 'all.ndjson'), 'utf8')).trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(rows[0]).toEqual({ line: 2, state: 'matched', input: { name: 'N2' } });
    expect(rows).toHaveLength(2_500);
  });

  it('says so before the save dialog when no match feature registered a reader', async () => {
    const h = harness(null, dir);
    let asked = 0;
    h.deps.shell.chooseExportPath = async () => (asked++, join(dir, 'x.csv'));
    const feature = createExportFeature(h.deps);
    await expect(feature.handlers.start({ source: { kind: 'match', jobId: 'job-1' }, format: 'csv', columns: null }, ctx)).rejects.toMatchObject({ code: 'not_found' });
    expect(asked).toBe(0);
  });
});
