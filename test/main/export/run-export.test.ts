import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/shared/errors';
import { collectColumns } from '../../../src/shared/search/flatten';
import { runExport, type ExportFormat, type ExportSpec } from '../../../src/main/export/run-export';
import { BODY, fakeApi, makeRecords } from './fake-api';
import { expectedRows, normaliseXlsxRow, readCsv, readXlsx } from './readback';

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
  source: { kind: 'all', body: BODY, pageSize: 200 },
  format,
  columns: null,
  csv: { delimiter: ',', bom: false },
  target: join(dir, `out.${format}`),
  spoolDir: join(dir, 'spool'),
  ...over,
});

describe('runExport, all pages, all fields', () => {
  const records = makeRecords(2_345, 2_201); // `late_field` first appears on page 12
  const columns = collectColumns(records);

  it('CSV has the union of columns over every page and every row, field for field', async () => {
    const { api } = fakeApi(records);
    const result = await runExport(spec('csv', { csv: { delimiter: ';', bom: true } }), { api, signal: new AbortController().signal, onProgress: () => {} });
    expect(result).toEqual({ rows: 2_345, pages: 12 });
    const raw = await readFile(join(dir, 'out.csv'), 'utf8');
    expect(raw.startsWith('\uFEFFcompany_id;')).toBe(true);
    const [header, ...rows] = await readCsv(join(dir, 'out.csv'), ';');
    expect(header).toEqual(columns);
    expect(header).toContain('late_field');
    expect(rows).toEqual(expectedRows(records, columns, 'csv'));
    expect((await readdir(dir)).filter((f) => f !== 'spool')).toEqual(['out.csv']); // no partial, no rewrite file
    expect(await readdir(join(dir, 'spool')).catch(() => [])).toEqual([]);
  });

  it('XLSX keeps numbers and booleans typed and every row', async () => {
    const { api } = fakeApi(records);
    await runExport(spec('xlsx'), { api, signal: new AbortController().signal, onProgress: () => {} });
    const [header, ...rows] = await readXlsx(join(dir, 'out.xlsx'));
    expect(header).toEqual(columns);
    expect(rows.map(normaliseXlsxRow)).toEqual(expectedRows(records, columns, 'xlsx').map(normaliseXlsxRow));
  });

  it('JSON and NDJSON hold the records exactly as the service returned them', async () => {
    for (const format of ['json', 'ndjson'] as const) {
      const { api } = fakeApi(records);
      await runExport(spec(format), { api, signal: new AbortController().signal, onProgress: () => {} });
      const text = await readFile(join(dir, `out.${format}`), 'utf8');
      const parsed = format === 'json' ? JSON.parse(text) : text.trimEnd().split('\n').map((l) => JSON.parse(l));
      expect(parsed).toEqual(records);
    }
  });

  it('chosen columns are exported in their order (JSON: flat dotted keys, arrays kept)', async () => {
    const cols = ['name', 'address.geo.lat', 'tags', 'company_id'];
    const { api } = fakeApi(records.slice(0, 300));
    await runExport(spec('json', { columns: cols }), { api, signal: new AbortController().signal, onProgress: () => {} });
    const parsed = JSON.parse(await readFile(join(dir, 'out.json'), 'utf8'));
    expect(Object.keys(parsed[3])).toEqual(cols);
    expect(parsed[3]).toEqual({ name: records[3].name, 'address.geo.lat': 0.3, tags: ['a', 'b;c', 't3'], company_id: 'C000003' });
    await runExport(spec('csv', { columns: cols }), { api: fakeApi(records.slice(0, 300)).api, signal: new AbortController().signal, onProgress: () => {} });
    const [header, ...rows] = await readCsv(join(dir, 'out.csv'));
    expect(header).toEqual(cols);
    expect(rows).toEqual(expectedRows(records.slice(0, 300), cols, 'csv'));
  });

  it('exports the page on screen without calling the service', async () => {
    const rows = records.slice(0, 50);
    await runExport(spec('csv', { source: { kind: 'rows', rows } }), { signal: new AbortController().signal, onProgress: () => {} });
    const [header, ...back] = await readCsv(join(dir, 'out.csv'));
    expect(back).toEqual(expectedRows(rows, header, 'csv'));
  });

  it('an empty result still makes a valid file', async () => {
    const { api } = fakeApi([]);
    await runExport(spec('json'), { api, signal: new AbortController().signal, onProgress: () => {} });
    expect(JSON.parse(await readFile(join(dir, 'out.json'), 'utf8'))).toEqual([]);
  });
});

describe('runExport never leaves a half-written file', () => {
  for (const format of ['csv', 'xlsx', 'json', 'ndjson'] as const) {
    it(`${format}: cancel removes the partial and leaves an existing target untouched`, async () => {
      const target = join(dir, `out.${format}`);
      await writeFile(target, 'previous export');
      const { api } = fakeApi(makeRecords(5_000), { delayMs: 2 });
      const controller = new AbortController();
      const run = runExport(spec(format), {
        api,
        signal: controller.signal,
        onProgress: (p) => {
          if (p.pages === 4) controller.abort();
        },
      });
      await expect(run).rejects.toMatchObject({ code: 'cancelled' });
      expect(await readFile(target, 'utf8')).toBe('previous export');
      expect((await readdir(dir)).filter((f) => f !== 'spool')).toEqual([`out.${format}`]);
      expect(await readdir(join(dir, 'spool')).catch(() => [])).toEqual([]);
    });
  }

  it('a page that keeps failing fails the export, names the page, and keeps the target', async () => {
    const err = new AppError('server_error', 'Service error 503', { retryable: true });
    const { api } = fakeApi(makeRecords(2_000), { failCalls: new Map([[5, err], [6, err], [7, err]]) });
    const run = runExport(spec('csv'), { api, signal: new AbortController().signal, onProgress: () => {}, retry: fastRetry });
    await expect(run).rejects.toMatchObject({ code: 'server_error', details: { page: 5 } });
    expect((await readdir(dir)).filter((f) => f !== 'spool')).toEqual([]);
    expect(await readdir(join(dir, 'spool')).catch(() => [])).toEqual([]);
  });

  it('a write error becomes an io error and leaves no partial', async () => {
    const { api } = fakeApi(makeRecords(300));
    const run = runExport(spec('csv', { target: join(dir, 'missing-dir', 'out.csv'), columns: ['company_id'] }), {
      api,
      signal: new AbortController().signal,
      onProgress: () => {},
    });
    await expect(run).rejects.toMatchObject({ code: 'io' });
    expect(await readdir(dir)).toEqual([]);
  });
});
