// The CSV export's format thread: batches given to it come back as the same bytes, in order, as the
// in-thread format makes of them (late columns, formula prefix, another encoding); it falls back
// when it cannot start; the built scripts (what users run) start with no fallback.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../../../scripts/build-outputs.mjs';
import type { Chunk } from '../../../../src/main/features/export/csv-all-fields-format';
import { formatEntry, formatThread, inThreadFormat, type BatchFormat } from '../../../../src/main/features/export/format-worker';
import type { WriterEntry } from '../../../../src/main/features/snapshots/page-writer';
import { csvOptions } from '../../../../src/main/platform/tabular/table-file';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const csv = { ...csvOptions(), encoding: 'windows-1252' as const, delimiter: ';' as const };

/** Three batches of stored JSON texts; the third brings a column the first had not. */
const batches = [0, 1, 2].map((b) =>
  Array.from({ length: 50 }, (_, i) => JSON.stringify({ name: i % 5 ? `Zürich ${b}-${i}` : `=HYPERLINK(${i})`, revenue: i * 1.5, address: { city: 'Köln' }, ...(b === 2 ? { note: 'late' } : {}) })),
);

const bytes = (chunks: Chunk[]) => Buffer.concat(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : Buffer.from(c))));

/** All batches asked for at once (as the export does, a few in flight), then the end. */
async function formatted(format: BatchFormat) {
  try {
    const outs = await Promise.all(batches.map((json, i) => format.batch({ number: i + 1, count: 150, records: [], json })));
    const { chunks, end } = await format.end();
    return { file: bytes([...outs.flat(), ...chunks]), end };
  } finally {
    await format.close();
  }
}

describe('the format thread', () => {
  it('makes the same bytes and layout as the in-thread format, batches in order', async () => {
    const fallbacks: string[] = [];
    const thread = await formatted(formatThread({ csv, onFallback: (w) => fallbacks.push(w) }));
    const here = await formatted(inThreadFormat(csv));
    expect(fallbacks).toEqual([]);
    expect(thread).toEqual(here);
    expect(thread.end.neutralised).toBe(30);
    // Windows-1252 bytes (ü is one byte), the late column past the header's width.
    expect(thread.file.includes(Buffer.from([0xfc]))).toBe(true);
    expect(thread.end.layout.length).toBeGreaterThan(thread.end.headerWidth);
  }, 60_000);

  it('that cannot start says why and formats in the core thread', async () => {
    const fallbacks: string[] = [];
    const entry: WriterEntry = { source: new URL('./no-such-thread.ts', import.meta.url) };
    const result = await formatted(formatThread({ csv, entry, onFallback: (w) => fallbacks.push(w) }));
    expect(result).toEqual(await formatted(inThreadFormat(csv)));
    expect(fallbacks).toEqual([expect.stringMatching(/Cannot find module|ERR_MODULE_NOT_FOUND|no such file/i)]);
  }, 60_000);

  it('a character the encoding cannot hold rejects with its words and code', async () => {
    const format = formatThread({ csv });
    try {
      await expect(format.batch({ number: 1, count: 1, records: [], json: [JSON.stringify({ name: '東京' })] })).rejects.toMatchObject({
        code: 'invalid_input',
        message: expect.stringContaining('cannot hold the character "東"'),
      });
    } finally {
      await format.close();
    }
  }, 60_000);

  it('each bundle looks for the script beside itself', () => {
    expect(formatEntry('file:///app/out/main/index.js')).toEqual({ built: new URL('file:///app/out/main/export-format.js') });
    expect(formatEntry('file:///app/out/web-host/cli.mjs')).toEqual({ built: new URL('file:///app/out/web-host/export-format.mjs') });
    expect(formatEntry('file:///repo/src/main/features/export/format-worker.ts')).toEqual({ source: new URL('file:///repo/src/main/features/export/format-thread.ts') });
  });
});

describe('the built format scripts (what users run)', () => {
  beforeAll(() => {
    if (!ensureBuilt(root, ['webHost', 'electronMain'])) throw new Error('the builds failed');
  }, 240_000);

  it.each([
    ['Electron main', 'out/main/export-format.js'],
    ['browser-mode host', 'out/web-host/export-format.mjs'],
  ])('%s: %s formats with no fallback', async (_name, script) => {
    const fallbacks: string[] = [];
    const entry: WriterEntry = { built: new URL(script, `file://${root}/`) };
    expect(await formatted(formatThread({ csv, entry, onFallback: (w) => fallbacks.push(w) }))).toEqual(await formatted(inThreadFormat(csv)));
    expect(fallbacks).toEqual([]);
  }, 60_000);
});
