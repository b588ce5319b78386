// CSV of every field, in one pass in the usual case: the header is page 1's columns, and each later
// page is written at once (formatted by csv-all-fields-format.ts, in this thread or a format thread). Should a later page bring a new field (or a nested one whose place is
// earlier in the order), the file is finished and rewritten once, streaming, with the final header
// and every earlier row re-ordered and padded. Correct in the rare case, one pass in the usual one.
import { createReadStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { parse } from 'csv-parse';
import type { AtomicTarget } from '../../platform/tabular/atomic-target';
import { openCsv, type CsvOptions, type FinalField } from '../../platform/tabular/csv';
import { FileSink, type FileSinkOptions } from '../../platform/tabular/file-sink';
import type { Chunk, FormatEnd } from './csv-all-fields-format';
import { inThreadFormat, type BatchFormat } from './format-worker';
import type { ExportPage } from './types';

export const rewritePathFor = (partial: string) => partial.replace(/\.partial$/, '.rewrite.partial');

export interface CsvAllFieldsRun {
  pages: AsyncIterable<ExportPage>;
  target: AtomicTarget;
  csv: CsvOptions;
  sink?: FileSinkOptions;
  /** Where batches are formatted (default: in this thread); started when writing starts, stopped however it ends. */
  format?: () => BatchFormat;
  checkAbort(): void;
  /** After each page is written: its number, its rows and the service's count. */
  onPage(done: { number: number; rows: number; count?: number }): void;
  onRewrite(rowsWritten: number): void;
}

const sameOrder = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Leaves a complete, durable CSV at the target's partial path (the caller commits it); returns the cells the formula prefix touched. */
export async function writeCsvAllFields(run: CsvAllFieldsRun): Promise<{ neutralised: number }> {
  const format = run.format?.() ?? inThreadFormat(run.csv);
  let sink: FileSink | null = null;
  let end: FormatEnd;
  // Pages handed to the format and not yet written; written in order, one at a time, as they finish.
  // Only their numbers are kept: the texts held here until written would outlive young collections.
  const inFlight: Array<{ done: { number: number; rows: number; count?: number }; chunks: Promise<Chunk[]> }> = [];
  const writeOldest = async () => {
    const { done, chunks } = inFlight.shift()!;
    for (const chunk of await chunks) await sink!.write(chunk);
    run.onPage(done);
  };
  try {
    sink = new FileSink(run.target.partial, run.sink);
    for await (const page of run.pages) {
      run.checkAbort();
      const chunks = format.batch(page);
      // Awaited in turn below; marked handled so a later batch's failure is not reported twice.
      chunks.catch(() => undefined);
      inFlight.push({ done: { number: page.number, rows: page.json?.length ?? page.records.length, count: page.count }, chunks });
      if (inFlight.length >= format.inFlight) await writeOldest();
    }
    while (inFlight.length) {
      run.checkAbort();
      await writeOldest();
    }
    const last = await format.end();
    for (const chunk of last.chunks) await sink.write(chunk);
    end = last.end;
    run.checkAbort();
    await sink.close();
    sink = null;
  } catch (e) {
    await sink?.destroy();
    throw e;
  } finally {
    await format.close();
  }
  const { layout, headerWidth, final } = end;
  // A column added after page 1 (the header is too short), or one that belongs earlier in the order.
  if (layout.length > headerWidth || !sameOrder(final.indices, layout)) await reorder(run, layout, final);
  // Counted in the first pass: the rewrite copies those cells as they are.
  return { neutralised: end.neutralised };
}

async function reorder(run: CsvAllFieldsRun, layout: number[], final: { columns: string[]; indices: number[] }): Promise<void> {
  const target = rewritePathFor(run.target.partial);
  const position = new Map(layout.map((index, pos) => [index, pos]));
  const sink = new FileSink(target, run.sink);
  const parser = createReadStream(run.target.partial).pipe(
    // Whether a field was quoted is kept: with quoteText, quotes mark text for the spreadsheet.
    parse({ delimiter: run.csv.delimiter, bom: true, relax_column_count: true, from: 2, cast: (text, ctx): FinalField => ({ text, quoted: ctx.quoting }) }),
  );
  try {
    const writer = await openCsv(sink, final.columns, run.csv);
    let batch: FinalField[][] = [];
    let written = 0;
    for await (const row of parser as AsyncIterable<FinalField[]>) {
      // Cells are final text from the first pass (prefix included): copied, never prefixed again.
      batch.push(final.indices.map((i) => row[position.get(i)!] ?? { text: '', quoted: false }));
      if (batch.length >= 1_000) {
        run.checkAbort();
        await writer.writeFinalFields(batch);
        written += batch.length;
        run.onRewrite(written);
        batch = [];
      }
    }
    await writer.writeFinalFields(batch);
    await sink.close();
    await rename(target, run.target.partial);
  } catch (e) {
    parser.destroy();
    await sink.destroy();
    await rm(target, { force: true });
    throw e;
  }
}
