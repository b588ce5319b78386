// A bulk-match CSV export goes out the way its input came in (issue 27): a ";" file with a UTF-8 BOM
// comes back with ";" and a BOM, a Windows-1252 file as Windows-1252; a cell that code page cannot
// store makes the file UTF-8 with a BOM and a notice naming it (never a silent "?"); a preset chosen
// in the panel wins over the input's format.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileSchema } from '../../../../src/shared/profile';
import { localeSeparators, presetCsvOptions } from '../../../../src/shared/export/csv-presets';
import { createMatchFeature } from '../../../../src/main/features/match/feature';
import { FakeMatchApi, hit } from './fake-api';
import { matchFeatureDeps } from './helpers/sandbox-deps';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'match-export-format-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
const ctx = { signal: new AbortController().signal };

/** A desktop match feature whose open dialog answers `file`; the service names companies `name ⟶ rename(name)`. */
function setup(file: string, rename: (name: string) => string = (n) => n) {
  const profile = ProfileSchema.parse({ id: 'p1', name: 'P', kind: 'remote', authUrl: 'https://a.example', baseUrl: 'https://b.example', clientId: 'c' });
  const api = new FakeMatchApi((b) => hit(rename(String(b.name)), 0.9));
  const { deps, finished } = matchFeatureDeps({ api, profile, dir, shell: { kind: 'electron', chooseExportPath: async (name) => join(dir, name), chooseCsvFile: async () => file } });
  return { feature: createMatchFeature(deps), finished };
}

async function run(file: string, bytes: Buffer, rename?: (name: string) => string) {
  await writeFile(file, bytes);
  const { feature, finished } = setup(file, rename);
  const picked = await feature.handlers.pickFile(undefined, ctx);
  const started = await feature.handlers.bulkStart({ fileId: picked!.fileId, mapping: { name: 'Firma' }, concurrency: 2 }, ctx);
  expect(await finished(started.id)).toMatchObject({ state: 'done' });
  return { feature, id: started.id };
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

describe('bulk-match CSV export format', () => {
  it('keeps a ";" + BOM input\'s delimiter and BOM, and writes its numbers with a decimal comma (issue 39 #2)', async () => {
    const { feature, id } = await run(join(dir, 'semi.csv'), Buffer.concat([BOM, Buffer.from('Kundennr;Firma\r\nK1;Müller GmbH\r\n')]));
    expect(await feature.handlers.bulkCsvInput({ id }, ctx)).toEqual({ delimiter: ';', bom: true, encoding: 'utf-8', decimalSeparator: ',' });
    const out = await feature.handlers.bulkExport({ id, format: 'csv' }, ctx);
    const bytes = await readFile(join(dir, out!.fileName));
    expect(bytes.subarray(0, 3)).toEqual(BOM);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]!.startsWith('Kundennr;Firma;match.line;match.status;')).toBe(true);
    // A ";" file opened in a decimal-comma spreadsheet reads 0,9 as the number 0.9; "0.9" would not be.
    expect(lines[1]!.startsWith('K1;Müller GmbH;2;matched;"0,9";')).toBe(true);
    expect(out).toMatchObject({ csv: expect.stringContaining('semicolon-separated'), neutralised: 0 });
    expect(out!.notice).toBeUndefined();
  });

  it('counts the analyst\'s own formula-like cells and, when asked, leaves them as in the file (issue 39 #2)', async () => {
    // The service's name for the company starts like a formula too: it stays protected either way.
    const input = 'Kundennr;Firma;Telefon;Summe\r\nK1;Müller GmbH;+49 30 1234567;=SUMME(A1:A3)\r\nK2;Plain AG;030 1;12\r\n';
    const { feature, id } = await run(join(dir, 'own.csv'), Buffer.from(input), (n) => `=${n}`);
    expect(await feature.handlers.bulkOwnFormulaCells({ id }, ctx)).toEqual({ cells: 2, columns: ['Telefon', 'Summe'], example: '+49 30 1234567' });
    const read = async (out: { fileName: string } | null) => (await readFile(join(dir, out!.fileName), 'utf8')).split('\r\n');
    const protectedOut = await feature.handlers.bulkExport({ id, format: 'csv' }, ctx);
    expect((await read(protectedOut))[1]!.startsWith("K1;Müller GmbH;'+49 30 1234567;'=SUMME(A1:A3);")).toBe(true);
    const asIs = await feature.handlers.bulkExport({ id, format: 'csv', ownCells: 'as-is' }, ctx);
    const line = (await read(asIs))[1]!;
    expect(line.startsWith('K1;Müller GmbH;+49 30 1234567;=SUMME(A1:A3);')).toBe(true);
    expect(line).toContain(";'=Müller GmbH;");
    expect(asIs!.neutralised).toBe(protectedOut!.neutralised! - 2);
  });

  it('writes a Windows-1252 input back as Windows-1252', async () => {
    const { feature, id } = await run(join(dir, 'ansi.csv'), iconv.encode('Kundennr;Firma;Straße\r\nK1;Müller GmbH;Königsallee 1\r\n', 'windows-1252'));
    expect(await feature.handlers.bulkCsvInput({ id }, ctx)).toEqual({ delimiter: ';', bom: false, encoding: 'windows-1252', decimalSeparator: ',' });
    const out = await feature.handlers.bulkExport({ id, format: 'csv' }, ctx);
    const bytes = await readFile(join(dir, out!.fileName));
    expect(bytes.includes(0xdf)).toBe(true); // ß as one byte
    expect(iconv.decode(bytes, 'windows-1252').split('\r\n')[1]!.startsWith('K1;Müller GmbH;Königsallee 1;2;matched')).toBe(true);
    expect(out!.csv).toContain('Windows-1252');
  });

  it('falls back to UTF-8 with a BOM and says where, when a cell cannot be stored in Windows-1252', async () => {
    const { feature, id } = await run(join(dir, 'ansi-lodz.csv'), iconv.encode('Kundennr;Firma\r\nK1;Lödz AG\r\n', 'windows-1252'), () => 'Łódź AG');
    const out = await feature.handlers.bulkExport({ id, format: 'csv' }, ctx);
    const bytes = await readFile(join(dir, out!.fileName));
    expect(bytes.subarray(0, 3)).toEqual(BOM);
    expect(bytes.subarray(3).toString('utf8')).toContain(';Łódź AG;');
    expect(out!.notice).toBe('Saved as UTF-8 with a byte-order mark, not Windows-1252 like the input file: line 2, column match.company_id holds "Ł", which Windows-1252 cannot store.');
    expect(out!.csv).toContain('UTF-8 with byte-order mark');
  });

  it('writes a preset chosen in the panel instead of the input format', async () => {
    const { feature, id } = await run(join(dir, 'semi2.csv'), Buffer.concat([BOM, Buffer.from('Kundennr;Firma\r\nK1;+49 Müller\r\n')]));
    const out = await feature.handlers.bulkExport({ id, format: 'csv', csv: presetCsvOptions('data', localeSeparators('de-DE')) }, ctx);
    const text = (await readFile(join(dir, out!.fileName))).toString('utf8');
    expect(text.startsWith('Kundennr,Firma,match.line')).toBe(true);
    expect(text.split('\n')[1]!.startsWith('K1,+49 Müller,2,matched')).toBe(true);
    expect(text).not.toContain('\r\n');
  });
});
