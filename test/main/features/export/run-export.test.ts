import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../../src/shared/errors';
import { runExport, type RunDeps } from '../../../../src/main/features/export/run-export';
import type { ExportFormat, ExportSpec } from '../../../../src/main/features/export/types';
import { DEFAULT_CSV } from '../../../../src/main/platform/tabular/csv';
import { countOpenChanges } from '../../../../src/shared/export/double-click-count';
import { ExportJournal } from '../../../../src/main/platform/tabular/journal';
import { BODY, fakeApi, makeRecords } from './fake-api';
import { expectedColumns, expectedRows, normaliseXlsxRow, readCsv, readXlsx } from './readback';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fs-export-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const fastRetry = { attempts: 3, baseDelayMs: 1, maxDelayMs: 2 };
const spec = (format: ExportFormat, over: Partial<ExportSpec> = {}): ExportSpec => ({
  id: `job-${format}`,
  source: { kind: 'all', body: BODY, pageSize: 200, rowLimit: 1_000_000 },
  format,
  columns: null,
  csv: DEFAULT_CSV,
  target: join(dir, `out.${format}`),
  spoolDir: join(dir, 'spool'),
  about: { query: 'country equals "DE"', profile: 'Sandbox', startedAt: new Date(0) },
  ...over,
});
const deps = (over: Partial<RunDeps> = {}): RunDeps => ({
  signal: new AbortController().signal,
  onProgress: () => {},
  journal: new ExportJournal(join(dir, 'journal')),
  ...over,
});
/** Files left next to the target (the journal and spool folders aside). */
const leftovers = async () => (await readdir(dir)).filter((f) => f !== 'spool' && f !== 'journal');

describe('runExport, all pages, all fields', () => {
  const records = makeRecords(2_345, 2_201); // `late_field` first appears on page 12
  const columns = expectedColumns(records);

  it('CSV has the union of columns over every page and every row, field for field', async () => {
    const { api } = fakeApi(records);
    const result = await runExport(spec('csv', { csv: { ...DEFAULT_CSV, delimiter: ';', bom: true } }), deps({ api }));
    // Every formula-like text cell got the prefix, and the count says how many (the dialog's own rule).
    const apostrophes = countOpenChanges(records, null, { decimalSeparator: '.', formulaPrefix: true }, { decimal: '.' }).columns.reduce((n, c) => n + (c.kinds.apostrophe?.cells ?? 0), 0);
    expect(result).toEqual({ rows: 2_345, pages: 12, neutralised: apostrophes });
    expect(result.neutralised).toBeGreaterThan(0);
    const raw = await readFile(join(dir, 'out.csv'), 'utf8');
    expect(raw.startsWith('\uFEFFcompany_id;')).toBe(true);
    const [header, ...rows] = await readCsv(join(dir, 'out.csv'), ';');
    expect(header).toEqual(columns);
    expect(header).toContain('late_field');
    expect(rows).toEqual(expectedRows(records, columns, 'csv'));
    expect(await leftovers()).toEqual(['out.csv', 'out.csv.about.json']); // no partial, no rewrite file; the About sidecar
    expect(await readdir(join(dir, 'spool')).catch(() => [])).toEqual([]);
    expect(await readdir(join(dir, 'journal'))).toEqual([]);
  });

  it('XLSX keeps numbers and booleans typed, text without any added apostrophe, and every row', async () => {
    const { api } = fakeApi(records);
    await runExport(spec('xlsx'), deps({ api }));
    const [header, ...rows] = await readXlsx(join(dir, 'out.xlsx'));
    expect(header).toEqual(columns);
    expect(rows.map(normaliseXlsxRow)).toEqual(expectedRows(records, columns, 'xlsx').map(normaliseXlsxRow));
    // `=HYPERLINK(...)` names are stored as the text they are.
    expect(rows[0]![header!.indexOf('name')]).toBe('=HYPERLINK("http://x/0")');
  });

  it('JSON and NDJSON hold the records exactly as the service returned them', async () => {
    for (const format of ['json', 'ndjson'] as const) {
      const { api } = fakeApi(records);
      await runExport(spec(format), deps({ api }));
      const text = await readFile(join(dir, `out.${format}`), 'utf8');
      const parsed = format === 'json' ? JSON.parse(text) : text.trimEnd().split('\n').map((l) => JSON.parse(l));
      expect(parsed).toEqual(records);
    }
  });

  it('chosen columns are exported in their order; JSON nests dotted columns back into objects', async () => {
    const cols = ['name', 'address.geo.lat', 'address.city', 'tags', 'company_id'];
    const { api } = fakeApi(records.slice(0, 300));
    await runExport(spec('json', { columns: cols }), deps({ api }));
    const parsed = JSON.parse(await readFile(join(dir, 'out.json'), 'utf8'));
    expect(parsed[3]).toEqual({ name: records[3]!.name, address: { geo: { lat: 0.3 }, city: 'City 3' }, tags: ['a', 'b;c', 't3'], company_id: 'C000003' });
    expect(Object.keys(parsed[3])).toEqual(['name', 'address', 'tags', 'company_id']);
    await runExport(spec('csv', { columns: cols }), deps({ api: fakeApi(records.slice(0, 300)).api }));
    const [header, ...rows] = await readCsv(join(dir, 'out.csv'));
    expect(header).toEqual(cols);
    expect(rows).toEqual(expectedRows(records.slice(0, 300), cols, 'csv'));
  });

  it('"All fields" has no always-empty column beside its nested fields and no {} cell', async () => {
    const rows = [
      { company_id: 'a', name: 'A', address: null, identifiers: {}, tags: [] },
      { company_id: 'b', name: 'B', address: { city: 'Oslo', zip: '0150' }, identifiers: {}, tags: [] },
      { company_id: 'c', name: 'C', address: { city: 'Rome' }, identifiers: { lei: 'L1' }, tags: [] },
    ];
    for (const format of ['csv', 'xlsx'] as const) {
      const { api } = fakeApi(rows);
      await runExport(spec(format), deps({ api }));
      const [header, ...data] = format === 'csv' ? await readCsv(join(dir, 'out.csv')) : await readXlsx(join(dir, 'out.xlsx'));
      expect(header).toEqual(['company_id', 'name', 'address.city', 'address.zip', 'identifiers.lei']);
      expect(data.flat()).not.toContain('{}');
      expect(data[0]).toEqual(format === 'csv' ? ['a', 'A', '', '', ''] : ['a', 'A', null, null, null]);
    }
  });

  it('CSV: the formula prefix can be turned off for pandas or Power Query', async () => {
    const { api } = fakeApi(records.slice(0, 10));
    await runExport(spec('csv', { columns: ['name'], csv: { ...DEFAULT_CSV, formulaPrefix: false } }), deps({ api }));
    const [, first] = await readCsv(join(dir, 'out.csv'));
    expect(first).toEqual(['=HYPERLINK("http://x/0")']);
  });

  it('exports the page on screen without calling the service', async () => {
    const rows = records.slice(0, 50);
    await runExport(spec('csv', { source: { kind: 'rows', rows } }), deps());
    const [header, ...back] = await readCsv(join(dir, 'out.csv'));
    expect(header).toEqual(expectedColumns(rows));
    expect(back).toEqual(expectedRows(rows, header!, 'csv'));
  });

  it('an empty result still makes a valid file', async () => {
    const { api } = fakeApi([]);
    await runExport(spec('json'), deps({ api }));
    expect(JSON.parse(await readFile(join(dir, 'out.json'), 'utf8'))).toEqual([]);
  });
});

describe('runExport always ends', () => {
  it('stops at a page that repeats a next token it already gave, keeping the rows received', async () => {
    const records = makeRecords(5_000);
    // From call 4 on, the service hands out page 3's token again: an endless loop without the check.
    const { api, calls } = fakeApi(records, { alterPage: (page, call) => (call >= 4 ? { ...page, pagination: { ...page.pagination, next: 'p600' } } : page) });
    const stops: string[] = [];
    const result = await runExport(spec('ndjson'), deps({ api, onStop: (s) => stops.push(`${s.reason}@${s.page}`) }));
    expect(stops).toEqual(['repeated_token@4']);
    expect(result).toEqual({ rows: 800, pages: 4, neutralised: 0 });
    expect(calls()).toBe(4);
  });

  it('stops at a page with no rows although the service announces more', async () => {
    const { api, calls } = fakeApi(makeRecords(5_000), { alterPage: (page, call) => (call === 3 ? { ...page, result: [] } : page) });
    const stops: string[] = [];
    const result = await runExport(spec('csv', { columns: ['company_id'] }), deps({ api, onStop: (s) => stops.push(s.reason) }));
    expect(stops).toEqual(['empty_page']);
    expect(result.rows).toBe(400);
    expect(calls()).toBe(3);
  });

  it('stops at the row limit however large the count the service claims', async () => {
    const { api, calls } = fakeApi(makeRecords(3_000), { alterPage: (page) => ({ ...page, count: 10 ** 12 }) });
    const stops: string[] = [];
    const result = await runExport(spec('csv', { columns: ['company_id'], source: { kind: 'all', body: BODY, pageSize: 200, rowLimit: 1_000 } }), deps({ api, onStop: (s) => stops.push(s.reason) }));
    expect(result.rows).toBe(1_000);
    expect(calls()).toBe(5);
    expect(stops).toEqual(['row_limit']);
  });
});

describe('runExport never leaves a half-written file', () => {
  for (const format of ['csv', 'xlsx', 'json', 'ndjson'] as const) {
    it(`${format}: cancel removes the partial and leaves an existing target untouched`, async () => {
      const target = join(dir, `out.${format}`);
      await writeFile(target, 'previous export');
      const { api } = fakeApi(makeRecords(5_000), { delayMs: 2 });
      const controller = new AbortController();
      const run = runExport(spec(format), deps({ api, signal: controller.signal, onProgress: (p) => p.pages === 4 && controller.abort() }));
      await expect(run).rejects.toMatchObject({ code: 'cancelled' });
      expect(await readFile(target, 'utf8')).toBe('previous export');
      expect(await leftovers()).toEqual([`out.${format}`]);
      expect(await readdir(join(dir, 'spool')).catch(() => [])).toEqual([]);
      expect(await readdir(join(dir, 'journal'))).toEqual([]);
    });
  }

  it('a page that keeps failing fails the export, names the page, and keeps the target', async () => {
    const err = new AppError('server_error', 'Service error 503', { retryable: true });
    const { api } = fakeApi(makeRecords(2_000), { failCalls: new Map([[5, err], [6, err], [7, err]]) });
    const run = runExport(spec('csv'), deps({ api, retry: fastRetry }));
    await expect(run).rejects.toMatchObject({ code: 'server_error', details: { page: 5 } });
    expect(await leftovers()).toEqual([]);
    expect(await readdir(join(dir, 'spool')).catch(() => [])).toEqual([]);
  });

  it('a write error becomes an io error and leaves no partial', async () => {
    const { api } = fakeApi(makeRecords(300));
    const run = runExport(spec('csv', { target: join(dir, 'missing-dir', 'out.csv'), columns: ['company_id'] }), deps({ api }));
    await expect(run).rejects.toMatchObject({ code: 'io' });
    expect(await leftovers()).toEqual([]);
  });

  for (const format of ['csv', 'xlsx', 'json', 'ndjson'] as const) {
    it(`${format}: a disk that fills up during the export stops it with a clear error and no partial file`, async () => {
      const { api } = fakeApi(makeRecords(20_000));
      // Plenty of space at first, then 10 MB left: the check as the file grows catches it.
      let checks = 0;
      const sink = { freeSpace: async () => (++checks > 1 ? 10 * 1024 * 1024 : 10 * 1024 ** 3), minFreeBytes: 64 * 1024 * 1024, checkEveryBytes: 64 * 1024 };
      const run = runExport(spec(format, { columns: format === 'csv' ? null : ['company_id', 'name', 'tags'] }), deps({ api, sink }));
      await expect(run).rejects.toMatchObject({ code: 'io', message: expect.stringMatching(/disk is nearly full \(10 MB free\)/) });
      expect(checks).toBeGreaterThan(1);
      expect(await leftovers()).toEqual([]);
    });
  }
});
