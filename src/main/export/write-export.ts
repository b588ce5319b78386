// The writing half of an export: pages in, a complete `<target>.partial` out (never renamed here;
// run-export.ts supplies the pages and renames the finished file).
//
// Columns for CSV/XLSX "all fields" are the union over every page, so a field first seen on page 40
// is not lost. CSV from pages walked from the service: csv-pages.ts (encoded off the main thread,
// one pass, rewritten once only if a later page widens the union). XLSX cannot be rewritten cheaply,
// so its rows are converted to cells while pages arrive and spooled to a temporary NDJSON file, then
// written in one sequential pass once the header is known. Memory stays flat either way.
import { AppError, isAppError } from '../../shared/errors';
import { collectColumns, flattenRecord } from '../../shared/search/flatten';
import { toCell, type Cell } from './cells';
import { ColumnUnion } from './column-union';
import { writeCsvPages } from './csv-pages';
import type { PageEncoder } from './encoder/page-encoder';
import { cancelled, type RawWalkedPage, type WalkedPage } from './page-walker';
import type { ExportProgress, ExportSpec } from './run-export';
import { Spool } from './spool';
import { openCsvWriter } from './writers/csv';
import { openJsonWriter } from './writers/json';
import type { RecordWriter, TableWriter } from './writers/types';
import { openXlsxWriter } from './writers/xlsx';

export interface WriteHooks {
  signal: AbortSignal;
  onProgress(p: ExportProgress): void;
}

const WRITE_BATCH = 1_000;

export const partialPathFor = (target: string) => `${target}.partial`;

/** JSON: all fields = the record as the service sent it; chosen columns = exactly those dotted fields. */
function projectRecord(record: Record<string, unknown>, columns: string[] | null): unknown {
  if (!columns) return record;
  const flat = flattenRecord(record);
  const out: Record<string, unknown> = {};
  for (const c of columns) Object.defineProperty(out, c, { value: flat[c] ?? null, enumerable: true, writable: true, configurable: true });
  return out;
}

/** A file-system failure as a typed error the analyst can act on; anything else unchanged. */
export function toIoError(e: unknown): unknown {
  if (isAppError(e) || !(e instanceof Error)) return e;
  const code = (e as NodeJS.ErrnoException).code;
  if (!code) return e;
  return new AppError('io', `Could not write the export file (${code}).`, { details: { errno: code }, cause: e });
}

/** CSV of pages walked from the service, encoded by `encoder`: same contract as writeExportFile. */
export async function writeCsvExportFile(spec: ExportSpec, source: AsyncIterable<RawWalkedPage>, encoder: PageEncoder, hooks: WriteHooks): Promise<{ rows: number; pages: number }> {
  let writer: TableWriter | null = null;
  let rows = 0;
  let pages = 0;
  try {
    if (hooks.signal.aborted) throw cancelled();
    await writeCsvPages({
      pages: source,
      encoder,
      columns: spec.columns,
      partial: partialPathFor(spec.target),
      csv: spec.csv,
      checkAbort: () => {
        if (hooks.signal.aborted) throw cancelled();
      },
      onPage: (page) => {
        rows += page.rows;
        pages = page.number;
        hooks.onProgress({ phase: 'fetching', rows, pages, count: page.count });
      },
      onRewrite: (written) => hooks.onProgress({ phase: 'writing', rows: written, pages }),
      track: (w) => {
        writer = w;
      },
    });
    return { rows, pages };
  } catch (e) {
    await (writer as TableWriter | null)?.abort().catch(() => undefined);
    throw toIoError(e);
  }
}

/** Writes every page to `partialPathFor(spec.target)`, complete and durable; on failure the writer is closed and the error thrown. */
export async function writeExportFile(spec: ExportSpec, source: AsyncIterable<WalkedPage>, hooks: WriteHooks): Promise<{ rows: number; pages: number }> {
  const partial = partialPathFor(spec.target);
  const checkAbort = () => {
    if (hooks.signal.aborted) throw cancelled();
  };
  let writer: TableWriter | RecordWriter | null = null;
  let spool: Spool | null = null;
  let rows = 0;
  let pages = 0;
  const fetched = (page: WalkedPage) => {
    rows += page.records.length;
    pages = page.number;
    hooks.onProgress({ phase: 'fetching', rows, pages, count: page.count });
  };
  try {
    checkAbort();
    if (spec.format === 'json' || spec.format === 'ndjson') {
      const w = (writer = await openJsonWriter(partial, spec.format));
      for await (const page of source) {
        checkAbort();
        await w.writeRecords(page.records.map((r) => projectRecord(r, spec.columns)));
        fetched(page);
      }
    } else if (spec.columns || spec.source.kind === 'rows') {
      const columns = spec.columns ?? collectColumns(spec.source.kind === 'rows' ? spec.source.rows : []);
      // Seeded with the chosen columns, their values land at indices 0..n-1; other fields are ignored.
      const union = new ColumnUnion();
      union.seed(columns);
      const width = columns.length;
      if (spec.format === 'csv') {
        const w = (writer = await openCsvWriter(partial, columns, spec.csv));
        for await (const page of source) {
          checkAbort();
          await w.writeValues(page.records.map((r) => union.place(r)), width);
          fetched(page);
        }
      } else {
        const w = (writer = await openXlsxWriter(partial, columns));
        for await (const page of source) {
          checkAbort();
          await w.writeRows(
            page.records.map((r) => {
              const placed = union.place(r);
              const cells: Cell[] = new Array(width);
              for (let i = 0; i < width; i++) cells[i] = toCell(placed[i], { xlsx: true });
              return cells;
            }),
          );
          fetched(page);
        }
      }
    } else {
      if (spec.format !== 'xlsx') throw new AppError('internal', 'CSV with every field is written from raw pages (writeCsvExportFile).');
      // XLSX, all fields.
      const union = new ColumnUnion();
      spool = await Spool.create(spec.spoolDir, spec.id);
      for await (const page of source) {
        checkAbort();
        await spool.append(page.records.map((r) => Array.from(union.place(r), (v) => toCell(v, { xlsx: true }))));
        fetched(page);
      }
      const { columns, indices } = union.finalOrder();
      const w = (writer = await openXlsxWriter(partial, columns));
      let batch: Cell[][] = [];
      let written = 0;
      for await (const stored of spool.read()) {
        batch.push(indices.map((i) => (stored[i] ?? null) as Cell));
        if (batch.length >= WRITE_BATCH) {
          checkAbort();
          await w.writeRows(batch);
          written += batch.length;
          batch = [];
          hooks.onProgress({ phase: 'writing', rows: written, pages });
        }
      }
      await w.writeRows(batch);
      hooks.onProgress({ phase: 'writing', rows: written + batch.length, pages });
    }
    checkAbort();
    await (writer as TableWriter | RecordWriter | null)?.finish();
    writer = null;
    return { rows, pages };
  } catch (e) {
    await (writer as TableWriter | RecordWriter | null)?.abort().catch(() => undefined);
    throw toIoError(e);
  } finally {
    await spool?.remove().catch(() => undefined);
  }
}
