import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspectCsv } from '../../../../src/main/features/match/csv-inspect';
import { detectDelimiter, readCsv, type CsvItem } from '../../../../src/main/features/match/csv-source';

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function collect(it: AsyncIterable<CsvItem>) {
  const out: CsvItem[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe('readCsv', () => {
  it('reads records with their start line and reports bad ones by line without stopping', async () => {
    const text = [
      'name,country', // 1
      'Acme,US', // 2
      '"Multi', // 3
      'Line Co",DE', // 4
      'Bad,row,extra', // 5
      'Good,FR', // 6
      'x"y,GB', // 7
      '', // 8
      'Last,IT', // 9
    ].join('\n');
    const items = await collect(readCsv({ text }));
    expect(items.map((i) => [i.kind, i.line])).toEqual([
      ['row', 2],
      ['row', 3],
      ['bad', 5],
      ['row', 6],
      ['bad', 7],
      ['row', 9],
    ]);
    expect(items[1]).toMatchObject({ record: { name: 'Multi\nLine Co', country: 'DE' } });
    expect(items[2]).toMatchObject({ message: expect.stringMatching(/^Line 5: wrong number of columns \(expected 2, found 3\)/) });
    expect(items[4]).toMatchObject({ message: expect.stringContaining('Line 7: a quote') });
  });

  it('says where an unclosed quote starts, and reports every row it swallows: rows in = rows out', async () => {
    const items = await collect(readCsv({ text: 'ref,name\nr1,A\nr2,"Open\nr3,B\n\nr4,C\n' }));
    expect(items.map((i) => [i.kind, i.line])).toEqual([
      ['row', 2],
      ['bad', 3],
      ['bad', 4],
      ['bad', 6],
    ]);
    expect(items[1]).toMatchObject({ message: expect.stringMatching(/^Line 3: a quote opened here is never closed, so lines 3–6 \(3 rows\) could not be read/), values: ['r2', '"Open'] });
    expect(items[2]).toMatchObject({ message: expect.stringContaining('Line 4: not read, because the quote opened on line 3 is never closed'), values: ['r3', 'B'] });
    expect(items[3]).toMatchObject({ values: ['r4', 'C'] });
  });

  it('keeps the values of a bad record: too many fields, or a stray quote (the whole line)', async () => {
    const text = 'ref,name,country\nr1,Bad,row,extra\nr2,x"y,GB\nr3,Ok,FR\n';
    {
      const items = await collect(readCsv({ text }));
      expect(items).toEqual([
        { kind: 'bad', line: 2, message: expect.stringContaining('wrong number of columns'), values: ['r1', 'Bad', 'row', 'extra'] },
        { kind: 'bad', line: 3, message: expect.stringContaining('a quote appears inside an unquoted value'), values: ['r2', 'x"y', 'GB'] },
        { kind: 'row', line: 4, record: { ref: 'r3', name: 'Ok', country: 'FR' } },
      ]);
    }
  });

  it('detects ; and tab delimiters, strips a BOM, names blank and duplicate headers', async () => {
    expect(detectDelimiter('a;b;"c,d"\n')).toBe(';');
    expect(detectDelimiter('a\tb\n')).toBe('\t');
    expect(detectDelimiter('name\n')).toBe(',');
    const items = await collect(readCsv({ text: '\uFEFFname;city;;city\r\nAcme;Paris;x;Lyon\r\n' }));
    expect(items).toEqual([{ kind: 'row', line: 2, record: { name: 'Acme', city: 'Paris', 'Column 3': 'x', 'city (2)': 'Lyon' } }]);
  });

  it('streams a large file from disk in order', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'match-csv-'));
    dirs.push(dir);
    const file = join(dir, 'big.csv');
    const n = 20_000;
    const lines = ['name,country'];
    for (let i = 0; i < n; i++) lines.push(`Company ${i},DE`);
    await writeFile(file, lines.join('\n'));
    let count = 0;
    let lastLine = 0;
    for await (const item of readCsv({ filePath: file })) {
      expect(item.kind).toBe('row');
      expect(item.line).toBe(lastLine ? lastLine + 1 : 2);
      lastLine = item.line;
      count++;
    }
    expect(count).toBe(n);
  });

  it('fails clearly for a missing file', async () => {
    await expect(collect(readCsv({ filePath: join(tmpdir(), 'no-such-dir-xyz', 'x.csv') }))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('inspectCsv', () => {
  it('returns headers and a small sample, tolerating a truncated snippet', async () => {
    const text = 'Company,Web\nA,a.example\nB,b.example\nC,c.example\n"D unfinished';
    const p = await inspectCsv({ text }, { sampleSize: 2, partial: true });
    expect(p).toMatchObject({ headers: ['Company', 'Web'], delimiter: ',', sample: [{ Company: 'A', Web: 'a.example' }, { Company: 'B', Web: 'b.example' }], partial: true });
    expect(p.issues).toEqual([]);
  });

  it('flags rows with a wrong field count, an unclosed quote with the rows it affects, and formula-like cells, before the run', async () => {
    // r1's phone number starts with + but no spreadsheet computes it: no warning (issue 39 #7).
    const text = ['ref,name,country', 'r1,+49 30 1234567,DE', 'r2,=1+cmd,FR', 'r3,Too,many,fields', 'r4,"Open,IT', 'r5,B,ES', 'r6,C,PT'].join('\n');
    const p = await inspectCsv({ text });
    expect(p.rows).toBe(6);
    expect(p.counts).toEqual({ fieldCount: 1, unclosedQuote: 1, unreadable: 2, formula: 1 });
    expect(p.issues.map((i) => [i.kind, i.line])).toEqual([
      ['formula', 3],
      ['field_count', 4],
      ['unclosed_quote', 5],
      ['unreadable', 6],
      ['unreadable', 7],
    ]);
    expect(p.issues.find((i) => i.kind === 'unclosed_quote')!.message).toMatch(/lines 5–7 \(3 rows\)/);
    expect(p.issues[0]!.message).toContain('"name" would be computed as a formula by a spreadsheet');
  });
});

describe('readCsv, stray quotes', () => {
  it('reports a line with several stray quotes once', async () => {
    const items = await collect(readCsv({ text: 'a,b\nBroken "quote" Co,x\nok,y\n' }));
    expect(items.map((i) => [i.kind, i.line])).toEqual([
      ['bad', 2],
      ['row', 3],
    ]);
  });
});

describe('readCsv, line numbers', () => {
  it('counts blank lines before the header and between records, and multi-line bad records', async () => {
    const text = '\n\nname,city\n\nA,x\n\n\n"B\nB",y,extra\nC,z\n';
    //            1 2 3          4 5   6 7 8       9          10
    const items = await collect(readCsv({ text }));
    expect(items.map((i) => [i.kind, i.line])).toEqual([
      ['row', 5],
      ['bad', 8],
      ['row', 10],
    ]);
  });
});

describe('text chunks', () => {
  it('never cuts an emoji (surrogate pair) in two, so names survive intact', async () => {
    const { textChunks } = await import('../../../../src/main/features/match/csv-source');
    const text = 'a😀b😀c';
    for (let size = 1; size <= text.length; size++) {
      const parts = [...textChunks(text, size)];
      expect(parts.join('')).toBe(text);
      for (const p of parts) expect(p).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
    }
    const rows = Array.from({ length: 3000 }, (_, i) => `Café 😀 ${i},FR`);
    const items = await collect(readCsv({ text: ['name,country', ...rows].join('\n') }));
    expect(items.map((i) => (i.kind === 'row' ? i.record.name : i.message))).toEqual(rows.map((r) => r.split(',')[0]));
  });
});
