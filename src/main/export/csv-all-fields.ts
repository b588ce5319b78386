// CSV with "all fields": written in ONE pass when the first page already shows every column
// (the usual case), so the export costs no more than the page chain. The header is the column
// union of page 1; rows are padded to the current union width. If a later page brings a new
// column (say on page 40), the file is finished as-is and then rewritten once, streaming, with the
// wider header and every earlier row padded: correct in the rare case, fast in the common one.
import { createReadStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { parse } from 'csv-parse';
import type { Cell } from './cells';
import { ColumnUnion } from './column-union';
import type { WalkedPage } from './page-walker';
import { openCsvWriter, type CsvOptions, type CsvWriter } from './writers/csv';
import type { TableWriter } from './writers/types';

export const rewritePathFor = (partial: string) => partial.replace(/\.partial$/, '.rewrite.partial');

const pad = (row: Cell[], width: number): Cell[] => {
  for (let i = 0; i < width; i++) if (row[i] === undefined) row[i] = null;
  return row;
};

export interface CsvAllFieldsRun {
  pages: AsyncIterable<WalkedPage>;
  partial: string;
  csv: CsvOptions;
  checkAbort(): void;
  onPage(page: WalkedPage): void;
  onRewrite(rowsWritten: number): void;
  /** Lets the caller abort an open writer on failure. */
  track(writer: TableWriter | null): void;
}

/** Leaves a complete, durable CSV at `partial` (the caller renames it over the target). */
export async function writeCsvAllFields(run: CsvAllFieldsRun): Promise<void> {
  const union = new ColumnUnion();
  let writer: CsvWriter | null = null;
  let headerWidth = 0;
  for await (const page of run.pages) {
    run.checkAbort();
    if (!writer && page.records.length && 'company_id' in page.records[0]) union.seed(['company_id']);
    const placed = page.records.map((r) => union.place(r));
    if (!writer) {
      headerWidth = union.size;
      run.track((writer = await openCsvWriter(run.partial, union.columns, run.csv)));
    }
    // Rows are padded to the union's current width; a later, wider union triggers widen().
    await writer.writeValues(placed, union.size);
    run.onPage(page);
  }
  if (!writer) run.track((writer = await openCsvWriter(run.partial, [], run.csv)));
  run.checkAbort();
  await writer.finish();
  run.track(null);
  if (union.size > headerWidth) await widen(run, union.columns);
}

async function widen(run: CsvAllFieldsRun, columns: string[]): Promise<void> {
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
