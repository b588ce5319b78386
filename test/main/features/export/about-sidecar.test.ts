// CSV, JSON and NDJSON have no About sheet: the export writes `<file>.about.json` beside the file,
// committed with it through the same atomic target and journal (issue 27).
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runExport, type RunDeps } from '../../../../src/main/features/export/run-export';
import type { ExportFormat, ExportSpec } from '../../../../src/main/features/export/types';
import { DEFAULT_CSV } from '../../../../src/main/platform/tabular/csv';
import { ExportJournal } from '../../../../src/main/platform/tabular/journal';
import { AtomicTarget } from '../../../../src/main/platform/tabular/atomic-target';
import { sidecarPathFor } from '../../../../src/main/platform/tabular/sidecar';
import { BODY, fakeApi, makeRecords } from './fake-api';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fs-sidecar-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const spec = (format: ExportFormat, over: Partial<ExportSpec> = {}): ExportSpec => ({
  id: `job-${format}`,
  source: { kind: 'all', body: BODY, pageSize: 200, rowLimit: 1_000_000 },
  format,
  columns: null,
  csv: DEFAULT_CSV,
  target: join(dir, `out.${format}`),
  spoolDir: join(dir, 'spool'),
  about: {
    query: 'country equals "DE"',
    snapshot: { loadedAt: new Date('2026-03-05T10:00:00Z'), rows: 917, view: { filter: '“gmbh”', facets: 'Country: DE', sort: 'revenue, largest first' } },
    profile: 'Sandbox',
    startedAt: new Date(0),
  },
  ...over,
});
const deps = (over: Partial<RunDeps> = {}): RunDeps => ({
  signal: new AbortController().signal,
  onProgress: () => {},
  journal: new ExportJournal(join(dir, 'journal')),
  ...over,
});
const files = async () => (await readdir(dir)).filter((f) => f !== 'spool' && f !== 'journal').sort();
const readSidecar = async (format: string) => JSON.parse(await readFile(join(dir, `out.${format}.about.json`), 'utf8'));

describe('the About sidecar of CSV, JSON and NDJSON', () => {
  const cases: Array<[ExportFormat, string[] | null]> = [
    ['csv', null], // all fields: the one-pass CSV writer commits the target itself
    ['csv', ['company_id', 'name']],
    ['json', null],
    ['ndjson', ['company_id', 'address.city']],
  ];
  for (const [format, columns] of cases) {
    it(`${format}, ${columns ? 'chosen columns' : 'all fields'}: records the search, snapshot time, view, columns and profile`, async () => {
      const { api } = fakeApi(makeRecords(450));
      await runExport(spec(format, { columns }), deps({ api }));
      expect(await files()).toEqual([`out.${format}`, `out.${format}.about.json`]);
      const doc = await readSidecar(format);
      expect(doc).toMatchObject({ file: `out.${format}`, format });
      expect(doc.about).toMatchObject({
        'Exported by': 'Firmscope',
        Search: 'country equals "DE"',
        'Text filter': '“gmbh”',
        Facets: 'Country: DE',
        Sort: 'revenue, largest first',
        'Snapshot rows': 917,
        Profile: 'Sandbox',
        Rows: 450,
        Columns: columns ? `chosen columns, in grid order: ${columns.join(', ')}` : 'all fields that have a value',
      });
      expect(doc.about['Snapshot loaded at']).toMatch(/^2026-03-05 \d\d:00 \(UTC[+-]\d\d:\d\d\)$/);
      expect(Object.keys(doc.about)[0]).toBe('Exported by'); // the About sheet's order
    });
  }

  it('XLSX keeps its About sheet and gets no sidecar', async () => {
    const { api } = fakeApi(makeRecords(50));
    await runExport(spec('xlsx'), deps({ api }));
    expect(await files()).toEqual(['out.xlsx']);
  });

  for (const format of ['csv', 'json', 'ndjson'] as const) {
    it(`${format}: a cancelled export leaves neither the file nor its sidecar (nor any partial)`, async () => {
      const { api } = fakeApi(makeRecords(5_000), { delayMs: 2 });
      const controller = new AbortController();
      const run = runExport(spec(format), deps({ api, signal: controller.signal, onProgress: (p) => p.pages === 4 && controller.abort() }));
      await expect(run).rejects.toMatchObject({ code: 'cancelled' });
      expect(await files()).toEqual([]);
      expect(await readdir(join(dir, 'journal'))).toEqual([]);
    });
  }

  it('a failed rename of the file takes the just-renamed sidecar away again', async () => {
    const journal = new ExportJournal(join(dir, 'journal'));
    const target = await AtomicTarget.open(join(dir, 'out.csv'), journal, 'x');
    // No partial was written, so the file's rename fails after the sidecar's.
    await expect(target.commit('{}')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await files()).toEqual([]);
  });
});

describe('the journal sweep and sidecars', () => {
  it('removes a sidecar whose file never appeared (killed between the two renames), keeps one whose file exists', async () => {
    const journal = new ExportJournal(join(dir, 'journal'));
    const orphan = join(dir, 'orphan.csv');
    const kept = join(dir, 'kept.csv');
    await AtomicTarget.open(orphan, journal, 'a');
    await AtomicTarget.open(kept, journal, 'b');
    await writeFile(sidecarPathFor(orphan), '{}');
    await writeFile(kept, 'an earlier export');
    await writeFile(sidecarPathFor(kept), '{}');
    await writeFile(`${sidecarPathFor(kept)}.partial`, '{');
    expect(await journal.sweep()).toBe(2);
    expect(await files()).toEqual(['kept.csv', 'kept.csv.about.json']);
  });
});
