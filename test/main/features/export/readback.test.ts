// The read-back helpers themselves: every data row of every sheet but About, continuation sheets
// without their header, and a failed check that keeps the file it read.
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileSink } from '../../../../src/main/platform/tabular/file-sink';
import { openWorkbook } from '../../../../src/main/platform/tabular/xlsx';
import { keepOnFailure, readXlsx } from './readback';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});
async function tempDir() {
  const d = await mkdtemp(join(tmpdir(), 'fs-readback-'));
  dirs.push(d);
  return d;
}

describe('readXlsx', () => {
  it('reads the header once, every data row of continuation sheets, and no row of About', async () => {
    const path = join(await tempDir(), 'book.xlsx');
    const sink = new FileSink(path);
    // Three rows a sheet, header included: 7 data rows make "Companies", "Companies 2", … "Companies 4".
    const book = await openWorkbook(sink, 3);
    const rows = Array.from({ length: 7 }, (_, i) => [`id-${i}`, i]);
    await book.addSheet('Companies', ['company_id', 'n']).writeRows(rows);
    await book.finish([{ label: 'Rows', value: 7 }, { label: 'Search', value: 'x' }, { label: 'At', value: 'now' }]);
    await sink.close();
    expect(await readXlsx(path)).toEqual([['company_id', 'n'], ...rows]);
  });
});

describe('keepOnFailure', () => {
  it('keeps the file under test-results/readback and names it in the failure', async () => {
    const path = join(await tempDir(), 'odd.csv');
    await writeFile(path, 'a,b\n1,2\n');
    const failure = await keepOnFailure(path, () => expect(1).toBe(2)).then(
      () => null,
      (e: Error) => e,
    );
    const kept = /kept at (.+)\)$/.exec(failure?.message ?? '')?.[1];
    expect(kept, failure?.message).toBeDefined();
    expect(existsSync(kept!)).toBe(true);
    expect(readFileSync(kept!, 'utf8')).toBe('a,b\n1,2\n');
    await rm(kept!);
  });

  it('passes a passing check through without copying anything', async () => {
    const path = join(await tempDir(), 'fine.csv');
    await writeFile(path, 'a\n');
    await expect(keepOnFailure(path, () => undefined)).resolves.toBeUndefined();
  });
});
