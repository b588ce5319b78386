// Bulk-match imports are bounded in work and memory, and each bound says itself: a file of one
// 50 MB line (232 s before: the open line was re-split with every 64 KB chunk), 10,000 columns
// (about 21 times the file's size in memory before), and a file over 50 MB in the desktop picker
// (no limit before). Work is measured as the bytes the reader took from the disk (each
// ReadStream's bytesRead), never as time.
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import type { ReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { inspectCsv } from '../../../../src/main/features/match/csv-inspect';
import { readCsvBatches } from '../../../../src/main/features/match/csv-source';
import { fileEncoding, inspectBulk } from '../../../../src/main/features/match/bulk-inspect';
import { createMatchFeature } from '../../../../src/main/features/match/feature';
import { IMPORT_MAX_BYTES, IMPORT_MAX_COLUMNS, IMPORT_MAX_RECORD_CHARS } from '../../../../src/shared/match/import-limits';
import { ProfileSchema } from '../../../../src/shared/profile';
import { FakeMatchApi, hit } from './fake-api';
import { matchFeatureDeps } from './helpers/sandbox-deps';

// Every read stream the reader opens, to add up the bytes it took from each file.
const streams = vi.hoisted(() => [] as ReadStream[]);
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const createReadStream = ((...args: Parameters<typeof fs.createReadStream>) => {
    const s = fs.createReadStream(...args);
    streams.push(s);
    return s;
  }) as typeof fs.createReadStream;
  return { ...fs, default: { ...fs, createReadStream }, createReadStream };
});
const bytesReadOf = (file: string) => streams.filter((s) => s.path === file).reduce((n, s) => n + s.bytesRead, 0);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'import-bounds-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
beforeEach(() => {
  streams.length = 0;
});

async function fileOf(name: string, text: string | Buffer): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, text);
  return file;
}

async function failure(p: Promise<unknown>): Promise<{ code: string; message: string; details?: Record<string, unknown> }> {
  try {
    await p;
  } catch (e) {
    return e as { code: string; message: string; details?: Record<string, unknown> };
  }
  throw new Error('it did not fail');
}

const MB = 1_000_000;

describe('a file of one 50 MB line', () => {
  it('stops at the record limit with a message naming the line and the limit, having read about 1 MB of the 50', async () => {
    const file = await fileOf('one-line.csv', `name,city\n${'x'.repeat(50 * MB)}\n`);
    const e = await failure(inspectCsv({ filePath: file, encoding: 'utf-8' }));
    expect(e).toMatchObject({ code: 'invalid_input', details: { line: 2, limit: IMPORT_MAX_RECORD_CHARS, unit: 'characters' } });
    expect(e.message).toBe(
      'Line 2: one record runs past 1,000,000 characters (the limit for one row), so the file is not read further. A quote opened there and never closed does this, and so does a file that is not a CSV with one company per line. Fix the line, or save the file again as "CSV UTF-8", then open it again.',
    );
    // The record limit, plus the first line's read for the delimiter and a chunk or two in flight.
    expect(bytesReadOf(file)).toBeLessThan(2.5 * MB);
  });

  it('a file that is one line only (no line break at all), of short or empty fields, stops the same way, on line 1', async () => {
    // 50 million delimiters are 50 million fields whose characters alone never reach csv-parse's limit.
    for (const [name, text] of [['short-fields.csv', 'y,'.repeat(25 * MB)], ['empty-fields.csv', ','.repeat(50 * MB)]] as const) {
      const file = await fileOf(name, text);
      const e = await failure(readCsvBatches({ filePath: file, encoding: 'utf-8' }).next());
      expect(e, name).toMatchObject({ code: 'invalid_input', details: { line: 1, limit: IMPORT_MAX_RECORD_CHARS } });
      expect(bytesReadOf(file), name).toBeLessThan(2.5 * MB);
    }
  });

  it('an unclosed quote early in a large file is said the same way, not held to the end of the file', async () => {
    const rows = Array.from({ length: 60_000 }, (_, i) => `Company ${i},Berlin`).join('\n');
    const file = await fileOf('open-quote.csv', `name,city\n"Acme,Berlin\n${rows}\n`);
    const e = await failure(inspectCsv({ filePath: file, encoding: 'utf-8' }));
    expect(e.message).toMatch(/^Line 2: one record runs past 1,000,000 characters/);
  });
});

describe('columns', () => {
  it(`10,000 columns are refused at the header, naming the limit (${IMPORT_MAX_COLUMNS.toLocaleString('en-US')}), before any row is read`, async () => {
    const header = Array.from({ length: 10_000 }, (_, i) => `column ${i + 1}`).join(',');
    const row = Array.from({ length: 10_000 }, (_, i) => String(i % 10)).join(',');
    const file = await fileOf('wide.csv', `${header}\n${`${row}\n`.repeat(300)}`);
    const encoding = await fileEncoding(file, undefined);
    streams.length = 0; // detection reads the whole file once; what follows is the check itself
    const e = await failure(inspectBulk({ filePath: file, encoding: encoding.encoding }, { encoding }));
    expect(e).toMatchObject({ code: 'invalid_input', details: { limit: IMPORT_MAX_COLUMNS, columns: 10_000 } });
    expect(e.message).toBe(
      'This file has 10,000 columns; the limit is 1,000. Keep only the columns the match needs (name, country, website, address...), save the file, and open it again.',
    );
    // The header (about 120 KB) and a chunk or two of rows, of a 6 MB file.
    expect(bytesReadOf(file)).toBeLessThan(400_000);
  });

  it('a file at the limit is read: 1,000 columns', async () => {
    const header = Array.from({ length: IMPORT_MAX_COLUMNS }, (_, i) => `c${i}`).join(',');
    const file = await fileOf('at-limit.csv', `${header}\n${Array.from({ length: IMPORT_MAX_COLUMNS }, () => 'v').join(',')}\n`);
    const preview = await inspectCsv({ filePath: file, encoding: 'utf-8' });
    expect(preview.headers).toHaveLength(IMPORT_MAX_COLUMNS);
    expect(preview.rows).toBe(1);
  });
});

describe('the check streams', () => {
  it('checks the first records before the file is read to its end (nothing is gathered first)', async () => {
    const file = await fileOf('long.csv', `name,city\n${Array.from({ length: 150_000 }, (_, i) => `Company number ${i},Berlin`).join('\n')}\n`);
    let atFirst = -1;
    const preview = await inspectCsv({ filePath: file, encoding: 'utf-8' }, { onRecord: () => void (atFirst < 0 && (atFirst = bytesReadOf(file))) });
    expect(preview.rows).toBe(150_000);
    const size = bytesReadOf(file); // every byte, once the check is done (plus the first line's read)
    expect(size).toBeGreaterThan(4 * MB);
    expect(atFirst).toBeGreaterThan(0);
    expect(atFirst).toBeLessThan(512 * 1024);
  });
});

describe('the desktop file picker', () => {
  function setup(open: () => Promise<string | null>) {
    const profile = ProfileSchema.parse({ id: 'p1', name: 'P', kind: 'remote', authUrl: 'https://a.example', baseUrl: 'https://b.example', clientId: 'c' });
    const api = new FakeMatchApi((b) => hit(String(b.name), 0.9));
    const { deps } = matchFeatureDeps({ api, profile, dir, shell: { kind: 'electron', chooseCsvFile: open } });
    return createMatchFeature(deps);
  }
  const ctx = { signal: new AbortController().signal };
  const tooBig = /^big\.csv is 60\.0 MB; the limit is 50 MB \(50,000,000 bytes\) of file\. Split it into smaller files and match them one after the other\.$/;

  it('refuses a file over 50 MB before reading it, naming the limit and what to do', async () => {
    const file = join(dir, 'big.csv');
    await writeFile(file, 'name,city\n');
    await truncate(file, 60 * MB); // sparse: the size is what counts
    const feature = setup(async () => file);
    const e = await failure(feature.handlers.pickFile(undefined, ctx));
    expect(e).toMatchObject({ code: 'invalid_input', details: { limit: IMPORT_MAX_BYTES, unit: 'bytes', bytes: 60 * MB } });
    expect(e.message).toMatch(tooBig);
    expect(bytesReadOf(file)).toBe(0);
  });

  it('refuses a file that grew past the limit after it was chosen, in the check and at the start', async () => {
    const file = join(dir, 'big.csv');
    await writeFile(file, 'name,city\nAcme,Berlin\n');
    const feature = setup(async () => file);
    const picked = await feature.handlers.pickFile(undefined, ctx);
    await truncate(file, 60 * MB);
    expect((await failure(feature.handlers.bulkInspect({ fileId: picked!.fileId }, ctx))).message).toMatch(tooBig);
    expect((await failure(feature.handlers.bulkStart({ fileId: picked!.fileId, mapping: { name: 'name' }, concurrency: 1 }, ctx))).message).toMatch(tooBig);
    expect(bytesReadOf(file)).toBe(0);
  });
});
