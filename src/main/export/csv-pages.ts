// CSV from every page of a search, the hot path of exporting: pages arrive as the service's bytes
// and a PageEncoder session (an encoder thread, or inline) parses and encodes them in order,
// keeping the column union, so the main thread only fetches and writes.
//
// "All fields": the header is page 1's columns. A later page that brings a new column (say on
// page 40) gets rows as wide as the grown union; the file is then finished and rewritten once,
// streaming, with the wider header and every earlier row padded. Correct in the rare case, one
// pass in the usual one.
import { createReadStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { parse } from 'csv-parse';
import type { Cell } from './cells';
import type { EncodedPage } from './encoder/encode-page';
import type { PageEncoder } from './encoder/page-encoder';
import type { RawWalkedPage } from './page-walker';
import { openCsvWriter, type CsvOptions, type CsvWriter } from './writers/csv';
import type { TableWriter } from './writers/types';

export const rewritePathFor = (partial: string) => partial.replace(/\.partial$/, '.rewrite.partial');

const pad = (row: Cell[], width: number): Cell[] => {
  for (let i = 0; i < width; i++) if (row[i] === undefined) row[i] = null;
  return row;
};

export interface CsvPagesRun {
  pages: AsyncIterable<RawWalkedPage>;
  encoder: PageEncoder;
  /** The analyst's columns in order, or null for every field (the union over all pages). */
  columns: string[] | null;
  partial: string;
  csv: CsvOptions;
  checkAbort(): void;
  onPage(page: { number: number; count: number; rows: number }): void;
  onRewrite(rowsWritten: number): void;
  /** Lets the caller abort an open writer on failure. */
  track(writer: TableWriter | null): void;
}

/** Pages handed to the encoder and not yet written: enough to keep it busy, bounded memory. */
export const ENCODE_AHEAD_PAGES = 4;

/** Leaves a complete, durable CSV at `partial` (the caller renames it over the target). */
export async function writeCsvPages(run: CsvPagesRun): Promise<void> {
  const columns: string[] = run.columns ? [...run.columns] : [];
  const session = run.encoder.open({ columns: run.columns, delimiter: run.csv.delimiter });
  const queue: Array<{ page: RawWalkedPage; encoded: Promise<EncodedPage> }> = [];
  let writer: CsvWriter | null = null;
  let headerWidth = 0;
  // Pages are written in order; the encoder already works on the next ones meanwhile.
  const writeOldest = async () => {
    const { page, encoded } = queue.shift()!;
    const out = await encoded;
    run.checkAbort();
    columns.push(...out.added);
    if (!writer) {
      headerWidth = columns.length;
      run.track((writer = await openCsvWriter(run.partial, columns, run.csv)));
    }
    await writer.writeBytes(out.csv);
    run.onPage({ number: page.number, count: page.count, rows: out.rows });
  };
  try {
    for await (const page of run.pages) {
      run.checkAbort();
      const encoded = session.encode(page.bytes, page.take);
      // Rejections surface in order, from writeOldest; until then they are not "unhandled".
      encoded.catch(() => undefined);
      queue.push({ page, encoded });
      if (queue.length >= ENCODE_AHEAD_PAGES) await writeOldest();
    }
    while (queue.length) await writeOldest();
  } finally {
    session.end();
  }
  if (!writer) run.track((writer = await openCsvWriter(run.partial, columns, run.csv)));
  run.checkAbort();
  await writer!.finish();
  run.track(null);
  if (columns.length > headerWidth) await widen(run, columns);
}

async function widen(run: CsvPagesRun, columns: string[]): Promise<void> {
  const target = rewritePathFor(run.partial);
  const writer = await openCsvWriter(target, columns, run.csv);
  run.track(writer);
  const parser = createReadStream(run.partial).pipe(parse({ delimiter: run.csv.delimiter, bom: true, relax_column_count: true, from_line: 2 }));
  try {
    let batch: Cell[][] = [];
    let written = 0;
    for await (const row of parser as AsyncIterable<string[]>) {
      // Cells were already neutralised in the first pass; they are copied verbatim.
      batch.push(pad(row as Cell[], columns.length));
      if (batch.length >= 1_000) {
        run.checkAbort();
        await writer.writeRows(batch);
        written += batch.length;
        run.onRewrite(written);
        batch = [];
      }
    }
    await writer.writeRows(batch);
    await writer.finish();
    run.track(null);
    await rename(target, run.partial);
  } catch (e) {
    parser.destroy();
    await rm(target, { force: true });
    throw e;
  }
}
