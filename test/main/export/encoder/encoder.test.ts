// The export encoder: the thread gives byte for byte what inline encoding gives, in order, with
// the column union kept per export; errors come back typed; a thread that cannot start or that
// dies never loses a page silently; the bundled entries (Electron main, browser host) run.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../../src/shared/errors';
import type { CompanyRecord } from '../../../../src/shared/service/schemas';
import { ensureBuilt } from '../../../../scripts/build-outputs.mjs';
import { CsvPageEncoding, type CsvLayout } from '../../../../src/main/export/encoder/encode-page';
import { inlinePageEncoder, workerPageEncoder, type PageEncoder } from '../../../../src/main/export/encoder/page-encoder';
import { encoderWorkerEntry } from '../../../../src/main/export/encoder/worker-entry';
import { makeRecords } from '../fake-api';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pageBytes = (records: CompanyRecord[], next: string | null = null) =>
  new TextEncoder().encode(JSON.stringify({ pagination: { next, previous: null }, count: 1000, result: records }));
const utf8 = new TextDecoder();

/** Pages 1..n of `records` (100 per page), through one session of `encoder`. */
async function encodeAll(encoder: PageEncoder, layout: CsvLayout, records: CompanyRecord[], takeTotal = Infinity) {
  const session = encoder.open(layout);
  const out: Array<{ csv: string; rows: number; added: string[] }> = [];
  let left = takeTotal;
  try {
    // All pages handed over at once, as csv-pages.ts does: the session must keep them in order.
    const pending = [];
    for (let i = 0; i < records.length; i += 100) {
      const take = Math.min(100, left);
      left -= take;
      pending.push(session.encode(pageBytes(records.slice(i, i + 100)), take));
    }
    for (const p of await Promise.all(pending)) out.push({ csv: utf8.decode(p.csv), rows: p.rows, added: p.added });
  } finally {
    session.end();
  }
  return out;
}

const encoders: PageEncoder[] = [];
const threaded = (entry = encoderWorkerEntry(), opts = {}) => {
  const e = workerPageEncoder(entry, opts);
  encoders.push(e);
  return e;
};
afterAll(async () => {
  await Promise.all(encoders.map((e) => e.close()));
});

describe('export encoder', () => {
  const records = makeRecords(1_000, 750); // late_field from page 8
  const allFields: CsvLayout = { columns: null, delimiter: ';' };

  it('a thread encodes exactly as inline: columns grow in order, row limit kept', async () => {
    const inline = await encodeAll(inlinePageEncoder(), allFields, records, 930);
    const thread = await encodeAll(threaded(), allFields, records, 930);
    expect(thread).toEqual(inline);
    expect(inline.map((p) => p.rows)).toEqual([100, 100, 100, 100, 100, 100, 100, 100, 100, 30]);
    expect(inline[0].added.slice(0, 2)).toEqual(['company_id', 'name']);
    expect(inline[7].added).toEqual(['late_field']);
    expect(inline.flatMap((p) => p.added)).toHaveLength(new Set(inline.flatMap((p) => p.added)).size);
    // Rows of page 8 and later are as wide as the grown union.
    const width = (csv: string) => (parse(csv, { delimiter: ';' }) as string[][])[0].length;
    expect(width(inline[7].csv)).toBe(width(inline[6].csv) + 1);
  });

  it('two exports on one thread keep their own columns', async () => {
    const encoder = threaded(encoderWorkerEntry(), { threads: 1 });
    const chosen: CsvLayout = { columns: ['name', 'address.city'], delimiter: ',' };
    const [a, b] = await Promise.all([encodeAll(encoder, allFields, records), encodeAll(encoder, chosen, records)]);
    expect(a).toEqual(await encodeAll(inlinePageEncoder(), allFields, records));
    expect(b[0].csv.split('\r\n')[0]).toBe('"=HYPERLINK(""http://x/0"")"'.replace('"=', "\"'=") + ',City 0');
    expect(b.every((p) => p.added.length === 0)).toBe(true);
  });

  it('a page that breaks the documented shape fails with the field named, as search would', async () => {
    const session = threaded().open(allFields);
    const bad = pageBytes([{ company_id: 'C1' }, { name: 'no id' } as never]);
    const e = await session.encode(bad, 10).catch((x: unknown) => x);
    session.end();
    expect(e).toBeInstanceOf(AppError);
    expect(e).toMatchObject({ code: 'bad_response', details: { field: 'result.1.company_id' } });
    expect(() => new CsvPageEncoding(allFields).encode(bad, 10)).toThrow((e as AppError).message);
  });

  it('a thread that cannot start: its pages and later ones are encoded inline, none lost', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const missing = threaded({ url: pathToFileURL(join(root, 'no-such-encoder.mjs')) });
    expect(await encodeAll(missing, allFields, records)).toEqual(await encodeAll(inlinePageEncoder(), allFields, records));
    expect(await encodeAll(missing, allFields, records.slice(0, 300))).toEqual(await encodeAll(inlinePageEncoder(), allFields, records.slice(0, 300)));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('did not start'), expect.anything());
    warn.mockRestore();
  });

  it('a thread that dies mid-export fails that export with a clear error; the next one gets a new thread', async () => {
    const dying = threaded({ url: new URL('../fixtures/dying-encoder.mjs', import.meta.url) });
    const session = dying.open(allFields);
    await new Promise((r) => setTimeout(r, 300)); // let it come online
    const e = await session.encode(pageBytes(records.slice(0, 10)), 10).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'internal', message: expect.stringMatching(/stopped unexpectedly/) });
    await expect(session.encode(pageBytes(records.slice(0, 10)), 10)).rejects.toMatchObject({ code: 'internal' });
    session.end();
  });
});

describe('bundled encoder entries', () => {
  const dir = mkdtemp(join(tmpdir(), 'fs-encoder-entry-'));
  afterAll(async () => rm(await dir, { recursive: true, force: true }));

  it('are found beside the bundle, or one folder up from a chunk', async () => {
    const d = await dir;
    await mkdir(join(d, 'chunks'));
    await writeFile(join(d, 'export-encoder.js'), '');
    expect(encoderWorkerEntry(pathToFileURL(join(d, 'index.js')).href).url.href).toBe(pathToFileURL(join(d, 'export-encoder.js')).href);
    expect(encoderWorkerEntry(pathToFileURL(join(d, 'chunks', 'core-x1.js')).href).url.href).toBe(pathToFileURL(join(d, 'export-encoder.js')).href);
    expect(encoderWorkerEntry(new URL('../../../../src/main/export/encoder/worker-entry.ts', import.meta.url).href).url.pathname).toMatch(/worker-boot\.mjs$/);
  });

  // Built by `npm run build` (Electron main) and the browser-mode host build; both run in plain Node.
  for (const [name, file, output] of [
    ['Electron main', 'out/main/export-encoder.js', null],
    ['browser-mode host', 'out/web-host/export-encoder.mjs', 'webHost'],
  ] as const) {
    it(`the ${name} bundle's encoder thread encodes pages`, async () => {
      if (output) expect(ensureBuilt(root, [output], () => {})).toBe(true);
      const path = join(root, file);
      expect(existsSync(path), `${file} is missing: run npm run build`).toBe(true);
      const bundled = threaded({ url: pathToFileURL(path) });
      const warn = vi.spyOn(console, 'warn');
      expect(await encodeAll(bundled, allFields, makeRecords(250))).toEqual(await encodeAll(inlinePageEncoder(), allFields, makeRecords(250)));
      expect(warn).not.toHaveBeenCalled();
      warn.mockRestore();
    }, 120_000);
  }
  const allFields: CsvLayout = { columns: null, delimiter: ',' };
});
