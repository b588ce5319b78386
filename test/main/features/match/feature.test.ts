import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { ProfileSchema, type Profile } from '../../../../src/shared/profile';
import { createMatchFeature } from '../../../../src/main/features/match/feature';
import { FakeMatchApi, hit, miss } from './fake-api';
import { matchFeatureDeps } from './helpers/sandbox-deps';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'match-feature-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const ctx = { signal: new AbortController().signal };

function setup(opts: { template?: string | null; kind?: 'electron' | 'browser'; choose?: (name: string) => Promise<string | null>; open?: () => Promise<string | null> } = {}) {
  const profile: Profile = ProfileSchema.parse({
    id: 'p1', name: 'P', kind: 'remote', authUrl: 'https://a.example', baseUrl: 'https://b.example', clientId: 'c',
    matchPayloadTemplate: opts.template ?? null,
  });
  const api = new FakeMatchApi((b) => (b.name === 'Nobody' ? miss : hit(String(b.name), 0.8, { website: '=cmd()', active: true })));
  const { deps, events, until, finished } = matchFeatureDeps({
    api,
    profile,
    dir,
    shell: {
      kind: opts.kind ?? 'browser',
      chooseExportPath: opts.choose ?? (async (name) => join(dir, name)),
      ...(opts.open ? { chooseCsvFile: opts.open } : {}),
      downloadUrlFor: (p) => `http://127.0.0.1:1/downloads/${encodeURIComponent(p.split('/').at(-1)!)}`,
    },
  });
  /** The first progress event saying a job is done. */
  const waitDone = () => until((e) => e.state === 'done');
  return { feature: createMatchFeature(deps), api, events, waitDone, finished };
}

describe('match feature: single', () => {
  it('previews the default body and reports missing facts instead of throwing', async () => {
    const { feature } = setup();
    expect(await feature.handlers.preview({ fields: { name: 'Acme', limit: 5 } }, ctx)).toEqual({ body: { name: 'Acme', limit: 5 }, problems: [], source: 'default' });
    expect(await feature.handlers.preview({ fields: {} }, ctx)).toMatchObject({ body: null, problems: [{ field: 'name' }] });
  });

  it('previews with the profile template', async () => {
    const { feature } = setup({ template: '{"query":"{{name}}"}' });
    expect(await feature.handlers.preview({ fields: { name: 'Acme' } }, ctx)).toEqual({ body: { query: 'Acme' }, problems: [], source: 'profile' });
  });

  it('sends the built body and returns candidates best first', async () => {
    const { feature, api } = setup();
    const r = await feature.handlers.single({ fields: { name: 'Acme', country: 'DE' } }, ctx);
    expect(api.calls).toEqual([{ name: 'Acme', country: 'DE' }]);
    expect(r.requestBody).toEqual({ name: 'Acme', country: 'DE' });
    expect(r.candidates.map((c) => c.confidence)).toEqual([0.8, 0.4]);
  });

  it('sends an edited body as written, after checking it', async () => {
    const { feature, api } = setup();
    await feature.handlers.single({ rawBody: { name: 'Edited', limit: 2, note: 'kept' } }, ctx);
    expect(api.calls).toEqual([{ name: 'Edited', limit: 2, note: 'kept' }]);
    await expect(feature.handlers.single({ rawBody: { limit: 2 } }, ctx)).rejects.toMatchObject({ code: 'invalid_input', details: { field: 'name' } });
    await expect(feature.handlers.single({ fields: { name: 'A', limit: '99' } }, ctx)).rejects.toMatchObject({ message: expect.stringContaining('1 to 50') });
  });
});

describe('match feature: bulk', () => {
  const text = ['Firm;Land;Web', 'Acme;DE;acme.example', ';FR;', 'Nobody;IT;', 'Beta;ES;beta.example'].join('\n');

  it('inspects a CSV and suggests a mapping', async () => {
    const { feature } = setup();
    expect(await feature.handlers.bulkInspect({ csvText: text }, ctx)).toMatchObject({ headers: ['Firm', 'Land', 'Web'], delimiter: ';', suggested: { name: 'Firm', website: 'Web' } });
    await expect(feature.handlers.bulkInspect({ csvText: '' }, ctx)).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('reads only files chosen in its own dialog: no dialog in browser mode, no unknown ids, no non-CSV files', async () => {
    await expect(setup().feature.handlers.pickFile(undefined, ctx)).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(setup({ kind: 'electron', open: async () => '/etc/passwd' }).feature.handlers.pickFile(undefined, ctx)).rejects.toMatchObject({ message: expect.stringContaining('.csv') });
    expect(await setup({ kind: 'electron', open: async () => null }).feature.handlers.pickFile(undefined, ctx)).toBeNull();
    await expect(setup({ kind: 'electron' }).feature.handlers.bulkInspect({ fileId: '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5' }, ctx)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('runs, pages rows by state, and exports atomically in every format', async () => {
    const { feature, waitDone } = setup();
    await expect(feature.handlers.bulkStart({ csvText: text, mapping: { country: 'Land' }, concurrency: 2 }, ctx)).rejects.toMatchObject({ details: { field: 'name' } });
    const started = await feature.handlers.bulkStart({ csvText: text, fileName: 'firms.csv', mapping: { name: 'Firm', country: 'Land', website: 'Web' }, concurrency: 2 }, ctx);
    expect(started).toMatchObject({ state: 'running', fileName: 'firms.csv' });
    const done = await waitDone();
    expect(done).toMatchObject({ id: started.id, total: 4, matched: 2, noMatch: 1, invalid: 1 });
    const invalid = await feature.handlers.bulkRows({ id: started.id, offset: 0, limit: 10, states: ['invalid'] }, ctx);
    expect(invalid).toMatchObject({ total: 1, rows: [{ line: 3, input: { country: 'FR' }, state: 'invalid' }] });
    expect((await feature.handlers.bulkJobs(undefined, ctx)).map((j) => j.id)).toEqual([started.id]);

    const csvOut = await feature.handlers.bulkExport({ id: started.id, format: 'csv' }, ctx);
    expect(csvOut).toMatchObject({ fileName: expect.stringMatching(/^firms-matched-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/), rows: 4, exportId: expect.any(String) });
    expect(csvOut!.downloadUrl).toContain(csvOut!.fileName);
    const csvText = await readFile(join(dir, csvOut!.fileName), 'utf8');
    const lines = csvText.trim().split('\r\n');
    // Every input column as in the file, then the match; the company's "=cmd()" is neutralised in CSV.
    // The input's ";" is kept (issue 27: a bulk export defaults to the input file's delimiter).
    expect(csvOut).toMatchObject({ csv: expect.stringMatching(/^semicolon-separated, decimal comma, UTF-8 without byte-order mark, CRLF/), neutralised: 2 });
    expect(lines[0]).toBe(
      'Firm;Land;Web;match.line;match.status;match.confidence;match.company_id;match.company.name;match.company.website;match.company.active;match.candidates;match.duplicate_of;match.message;match.decision;candidate.company_id;candidate.name;candidate.confidence',
    );
    // 0.8 is at the default review threshold: accepted without review, so match.* holds it.
    expect(lines[1]).toBe("Acme;DE;acme.example;2;matched;\"0,8\";id-Acme;Acme;'=cmd();true;2;;;auto-accepted;id-Acme;Acme;\"0,8\"");
    expect(lines[2]).toBe(';FR;;3;invalid;;;;;;;;Line 3: Company name is required.;;;;');
    expect(lines[3]).toContain('Nobody;IT;;4;no match');

    const jsonOut = await feature.handlers.bulkExport({ id: started.id, format: 'json' }, ctx);
    const json = JSON.parse(await readFile(join(dir, jsonOut!.fileName), 'utf8'));
    expect(json).toHaveLength(4);
    expect(json[0]).toMatchObject({ Firm: 'Acme', Land: 'DE', match: { line: 2, status: 'matched', company_id: 'id-Acme', company: { website: '=cmd()' } } });

    const xlsxOut = await feature.handlers.bulkExport({ id: started.id, format: 'xlsx' }, ctx);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(dir, xlsxOut!.fileName));
    const sheet = wb.getWorksheet('Matches')!;
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getRow(2).getCell(1).value).toBe('Acme');
    expect(sheet.getRow(2).getCell(4).value).toBe(2);
    expect(sheet.getRow(2).getCell(7).value).toBe('id-Acme');
    // XLSX keeps text as it is: no apostrophe in front of "=cmd()".
    expect(sheet.getRow(2).getCell(9).value).toBe('=cmd()');
    expect(wb.getWorksheet('About')).toBeTruthy();
    expect((await readdir(dir)).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('in the desktop shell reads a file chosen in its dialog, streaming it, and explains a file gone since', async () => {
    const file = join(dir, 'companies.csv');
    const missing = join(dir, 'gone.csv');
    await writeFile(file, 'Company,Country\nAcme,DE\nBeta,FR\n');
    await writeFile(missing, 'Company\nX\n');
    const answers = [file, missing];
    const { feature, waitDone, finished } = setup({ kind: 'electron', open: async () => answers.shift() ?? null });
    const picked = await feature.handlers.pickFile(undefined, ctx);
    expect(picked).toMatchObject({ fileName: 'companies.csv', bytes: 32, fileId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(JSON.stringify(picked)).not.toContain(dir);
    expect(await feature.handlers.bulkInspect({ fileId: picked!.fileId }, ctx)).toMatchObject({ headers: ['Company', 'Country'], suggested: { name: 'Company', country: 'Country' } });
    const started = await feature.handlers.bulkStart({ fileId: picked!.fileId, mapping: { name: 'Company' }, concurrency: 2 }, ctx);
    expect(started.fileName).toBe('companies.csv');
    expect(await waitDone()).toMatchObject({ total: 2, matched: 2 });

    const gone = await feature.handlers.pickFile(undefined, ctx);
    await rm(missing);
    await expect(feature.handlers.bulkInspect({ fileId: gone!.fileId }, ctx)).rejects.toMatchObject({ code: 'io', message: expect.stringContaining('not found') });
    const failed = await feature.handlers.bulkStart({ fileId: gone!.fileId, mapping: { name: 'Company' }, concurrency: 2 }, ctx);
    const last = await finished(failed.id);
    expect(last).toMatchObject({ state: 'failed', error: { code: 'io', message: expect.stringContaining('choose it again') } });
  });

  it('exports every input row with every input column (the key too), malformed and unreadable rows with their values: rows in = rows out', async () => {
    const { feature, waitDone } = setup();
    const csv = ['ref;Firm;Land', 'K1;Acme;DE', 'K2;Too;many;fields', 'K3;Beta;ES', 'K4;"Open;IT', 'K5;Gamma;FR', 'K6;Delta;PT'].join('\n');
    const started = await feature.handlers.bulkStart({ csvText: csv, fileName: 'keyed.csv', mapping: { name: 'Firm', country: 'Land' }, concurrency: 2 }, ctx);
    const done = await waitDone();
    // 6 rows in: 2 matched, 1 with too many fields, 3 swallowed by the unclosed quote, each reported.
    expect(done).toMatchObject({ total: 6, matched: 2, invalid: 4 });
    const out = await feature.handlers.bulkExport({ id: started.id, format: 'csv' }, ctx);
    expect(out!.rows).toBe(6);
    const [header, ...rows] = parse(await readFile(join(dir, out!.fileName), 'utf8'), { delimiter: ';' }) as string[][];
    expect(header!.slice(0, 4)).toEqual(['ref', 'Firm', 'Land', 'extra fields']);
    expect(rows.map((r) => r[0])).toEqual(['K1', 'K2', 'K3', 'K4', 'K5', 'K6']);
    const status = header!.indexOf('match.status');
    const message = header!.indexOf('match.message');
    expect(rows.map((r) => r[status])).toEqual(['matched', 'invalid', 'matched', 'invalid', 'invalid', 'invalid']);
    expect(rows[1]!.slice(0, 4)).toEqual(['K2', 'Too', 'many', 'fields']);
    expect(rows[3]![message]).toMatch(/^Line 5: a quote opened here is never closed, so lines 5–7 \(3 rows\)/);
    expect(rows[5]!.slice(0, 3)).toEqual(['K6', 'Delta', 'PT']);
  });

  it('returns null when the analyst cancels the save dialog', async () => {
    const { feature, waitDone } = setup({ choose: async () => null });
    const started = await feature.handlers.bulkStart({ csvText: 'name\nAcme\n', mapping: { name: 'name' }, concurrency: 1 }, ctx);
    await waitDone();
    expect(await feature.handlers.bulkExport({ id: started.id, format: 'csv' }, ctx)).toBeNull();
  });

  it('answers clearly for an unknown job', async () => {
    await expect(setup().feature.handlers.bulkRows({ id: 'nope', offset: 0, limit: 1 }, ctx)).rejects.toMatchObject({ code: 'not_found', message: expect.stringContaining('Run the file again') });
  });
});
