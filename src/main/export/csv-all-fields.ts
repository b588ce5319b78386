// CSV of every field, in one pass in the usual case: the header is page 1's columns, and each later
// page is written at once. Should a later page bring a new field (or a nested one whose place is
// earlier in the order), the file is finished and rewritten once, streaming, with the final header
// and every earlier row re-ordered and padded. Correct in the rare case, one pass in the usual one.
import { createReadStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { parse } from 'csv-parse';
import type { AtomicTarget } from '../tabular/atomic-target';
import { openCsv, type CsvOptions, type CsvWriter } from '../tabular/csv';
import { FileSink, type FileSinkOptions } from '../tabular/file-sink';
import { ColumnUnion } from './column-union';
import type { WalkedPage } from './page-walker';

export const rewritePathFor = (partial: string) => partial.replace(/\.partial$/, '.rewrite.partial');

export interface CsvAllFieldsRun {
  pages: AsyncIterable<WalkedPage>;
  target: AtomicTarget;
  csv: CsvOptions;
  sink?: FileSinkOptions;
  checkAbort(): void;
  onPage(page: WalkedPage): void;
  onRewrite(rowsWritten: number): void;
}

const sameOrder = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Leaves a complete, durable CSV at the target's partial path (the caller commits it). */
export async function writeCsvAllFields(run: CsvAllFieldsRun): Promise<void> {
  const union = new ColumnUnion();
  let sink: FileSink | null = null;
  let writer: CsvWriter | null = null;
  // Union index of each written position: page 1's order, then columns in the order they appeared.
  let layout: number[] = [];
  let headerWidth = 0;
  try {
    for await (const page of run.pages) {
      run.checkAbort();
      const placed = page.records.map((r) => union.place(r));
      if (!writer) {
        layout = union.finalOrder().indices;
        headerWidth = layout.length;
        sink = new FileSink(run.target.partial, run.sink);
        writer = await openCsv(sink, union.finalOrder().columns, run.csv);
      }
      for (let i = layout.length; i < union.size; i++) layout.push(i);
      await writer.writeRows(
        placed.map((row) => layout.map((i) => row[i])),
        layout.length,
      );
      run.onPage(page);
    }
    if (!writer) {
      sink = new FileSink(run.target.partial, run.sink);
      writer = await openCsv(sink, [], run.csv);
    }
    run.checkAbort();
    await sink!.close();
    sink = null;
  } catch (e) {
    await sink?.destroy();
    throw e;
  }
  const final = union.finalOrder();
  // A column added after page 1 (the header is too short), or one that belongs earlier in the order.
  if (layout.length > headerWidth || !sameOrder(final.indices, layout)) await reorder(run, layout, final);
}

async function reorder(run: CsvAllFieldsRun, layout: number[], final: { columns: string[]; indices: number[] }): Promise<void> {
  const target = rewritePathFor(run.target.partial);
  const position = new Map(layout.map((index, pos) => [index, pos]));
  const sink = new FileSink(target, run.sink);
  const parser = createReadStream(run.target.partial).pipe(
    parse({ delimiter: run.csv.delimiter, bom: true, relax_column_count: true, from: 2 }),
  );
  try {
    const writer = await openCsv(sink, final.columns, run.csv);
    let batch: string[][] = [];
    let written = 0;
    for await (const row of parser as AsyncIterable<string[]>) {
      // Cells are final text from the first pass (prefix included): copied, never prefixed again.
      batch.push(final.indices.map((i) => row[position.get(i)!] ?? ''));
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
