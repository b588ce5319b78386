// The writing half of an export: pages in, a finished file out, through the one tabular writer
// (src/main/tabular). run-export.ts supplies the pages and the atomic target.
//
// - Chosen columns (any format): each record placed at those columns, in their order.
// - JSON/NDJSON of all fields: each record exactly as the service sent it.
// - CSV of all fields: csv-all-fields.ts (one pass; rewritten once only if a later page adds a column).
// - XLSX of all fields: the header needs the union over every page and XLSX cannot be rewritten
//   cheaply, so rows are spooled to a temporary NDJSON file, then written in one pass.
import type { AtomicTarget } from '../tabular/atomic-target';
import type { FileSinkOptions } from '../tabular/file-sink';
import { Spool } from '../tabular/spool';
import { openTableFile, type AboutEntry, type TableFile } from '../tabular/table-file';
import { ColumnUnion } from './column-union';
import { writeCsvAllFields } from './csv-all-fields';
import { cancelled, type WalkedPage } from './page-walker';
import type { ExportProgress, ExportSpec } from './types';

export interface WriteHooks {
  signal: AbortSignal;
  onProgress(p: ExportProgress): void;
  sink?: FileSinkOptions;
}

const WRITE_BATCH = 1_000;

function aboutOf(spec: ExportSpec, rows: number): AboutEntry[] {
  const t = spec.about.startedAt;
  const pad = (n: number) => String(n).padStart(2, '0');
  const offset = -t.getTimezoneOffset();
  const zone = `UTC${offset >= 0 ? '+' : '-'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return [
    { label: 'Exported by', value: 'Firmscope' },
    ...(spec.about.list
      ? [
          { label: 'List', value: spec.about.list.name },
          { label: 'Filter', value: spec.about.list.filter ?? '(none)' },
        ]
      : [{ label: 'Search', value: spec.about.query }]),
    { label: 'Profile', value: spec.about.profile ?? '(none)' },
    { label: 'Exported at', value: `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())} ${pad(t.getHours())}:${pad(t.getMinutes())} (${zone})` },
    { label: 'Rows', value: rows },
    ...(spec.about.list ? [] : [{ label: 'Columns', value: spec.columns ? 'chosen columns, in grid order' : 'all fields that have a value' }]),
  ];
}

/** Writes every page and puts the file under its name; on failure the caller discards the target. */
export async function writeExportFile(spec: ExportSpec, source: AsyncIterable<WalkedPage>, target: AtomicTarget, hooks: WriteHooks): Promise<{ rows: number; pages: number }> {
  const checkAbort = () => {
    if (hooks.signal.aborted) throw cancelled();
  };
  let rows = 0;
  let pages = 0;
  const fetched = (page: WalkedPage) => {
    rows += page.records.length;
    pages = page.number;
    hooks.onProgress({ phase: 'fetching', rows, pages, count: page.count });
  };
  checkAbort();
  if (spec.format === 'csv' && !spec.columns) {
    await writeCsvAllFields({
      pages: source,
      target,
      csv: spec.csv,
      sink: hooks.sink,
      checkAbort,
      onPage: fetched,
      onRewrite: (written) => hooks.onProgress({ phase: 'writing', rows: written, pages }),
    });
    checkAbort();
    await target.commit();
    return { rows, pages };
  }
  let file: TableFile | null = null;
  let spool: Spool | null = null;
  try {
    if (spec.columns) {
      const columns = spec.columns;
      // Seeded with the chosen columns, their values land at indices 0..n-1; other fields are ignored.
      const union = new ColumnUnion();
      union.seed(columns);
      const f = (file = await openTableFile(target, { format: spec.format, columns, csv: spec.csv, sheetName: 'Companies', sink: hooks.sink }));
      for await (const page of source) {
        checkAbort();
        await f.writeRows(page.records.map((r) => union.place(r)));
        fetched(page);
      }
    } else if (spec.format === 'json' || spec.format === 'ndjson') {
      const f = (file = await openTableFile(target, { format: spec.format, columns: [], sink: hooks.sink }));
      for await (const page of source) {
        checkAbort();
        await f.writeRecords(page.records);
        fetched(page);
      }
    } else {
      // XLSX, all fields.
      const union = new ColumnUnion();
      spool = await Spool.create(spec.spoolDir, spec.id, hooks.sink);
      for await (const page of source) {
        checkAbort();
        await spool.append(page.records.map((r) => union.place(r)));
        fetched(page);
      }
      const { columns, indices } = union.finalOrder();
      const f = (file = await openTableFile(target, { format: 'xlsx', columns, sheetName: 'Companies', sink: hooks.sink }));
      let batch: unknown[][] = [];
      let written = 0;
      for await (const stored of spool.read()) {
        batch.push(indices.map((i) => stored[i]));
        if (batch.length >= WRITE_BATCH) {
          checkAbort();
          await f.writeRows(batch);
          written += batch.length;
          batch = [];
          hooks.onProgress({ phase: 'writing', rows: written, pages });
        }
      }
      await f.writeRows(batch);
      hooks.onProgress({ phase: 'writing', rows: written + batch.length, pages });
    }
    checkAbort();
    await file.finish(aboutOf(spec, rows));
    file = null;
    return { rows, pages };
  } catch (e) {
    await (file as TableFile | null)?.abort().catch(() => undefined);
    throw e;
  } finally {
    await spool?.remove().catch(() => undefined);
  }
}
