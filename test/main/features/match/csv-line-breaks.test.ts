// Rows in = rows out + rows reported unreadable, whatever ends the lines: a file saved with lone CR
// line ends (Excel's "CSV (Macintosh)") and a stray quote used to hand on its first record only,
// because bad records waited for a line counted by LF alone. The same records with LF, CRLF or CR
// ends, read from text or from disk in small chunks, give the same items.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCsv, type CsvItem } from '../../../../src/main/features/match/csv-source';

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function collect(it: AsyncIterable<CsvItem>) {
  const out: CsvItem[] = [];
  for await (const x of it) out.push(x);
  return out;
}
const shape = (items: CsvItem[]) => items.map((i) => (i.kind === 'row' ? ['row', i.line, Object.values(i.record)] : ['bad', i.line, i.values]));

describe('line ends', () => {
  it('a CR-only file with a stray quote: every record is handed on, the bad one with its values', async () => {
    const text = 'name,country\rAlpha,DE\rBeta "the" Co,DE\rGamma,DE\rDelta,DE\r';
    expect(shape(await collect(readCsv({ text })))).toEqual([
      ['row', 2, ['Alpha', 'DE']],
      ['bad', 3, ['Beta "the" Co', 'DE']],
      ['row', 4, ['Gamma', 'DE']],
      ['row', 5, ['Delta', 'DE']],
    ]);
  });

  it('a CRLF split between two chunks counts as one line break', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'csv-breaks-'));
    dirs.push(dir);
    // The file is read in 64 KiB chunks: put a CRLF right across the first boundary, a bad record after it.
    const head = 'name,country\r\n';
    const filler = 'x'.repeat(64 * 1024 - head.length - 4);
    const text = `${head}${filler},DE\r\nBad "q" Co,DE\r\nLast,FR\r\n`;
    expect(text.indexOf('\r\n', head.length)).toBe(64 * 1024 - 1);
    await writeFile(join(dir, 'split.csv'), text);
    expect(shape(await collect(readCsv({ filePath: join(dir, 'split.csv') })))).toEqual([
      ['row', 2, [filler, 'DE']],
      ['bad', 3, ['Bad "q" Co', 'DE']],
      ['row', 4, ['Last', 'FR']],
    ]);
  });

  it('property: LF, CRLF and CR files of the same records give the same items, in order, none lost', async () => {
    const cell = fc.stringMatching(/^[A-Za-zÄÖÜäöüß0-9 ."&-]{0,12}$/);
    const record = fc.tuple(cell, cell);
    await fc.assert(
      fc.asyncProperty(fc.array(record, { minLength: 1, maxLength: 30 }), async (records) => {
        // Quotes only as stray quotes inside a value (never opening one): each makes a bad record.
        const lines = records.map(([a, b]) => `${a.replace(/^"+/, '')},${b.replace(/^"+/, '')}`);
        const read = (eol: string) => collect(readCsv({ text: ['name,country', ...lines].join(eol) + eol }));
        const lf = await read('\n');
        expect(lf).toHaveLength(lines.length);
        for (const eol of ['\r\n', '\r']) expect(shape(await read(eol))).toEqual(shape(lf));
      }),
      { numRuns: 150 },
    );
  });
});
