// The writing half of an export: pages in, a finished file out, through the one tabular writer
// (src/main/platform/tabular). run-export.ts supplies the pages and the atomic target.
//
// - Chosen columns (any format): each record placed at those columns, in their order.
// - JSON/NDJSON of all fields: each record exactly as the service sent it (a snapshot view's as stored).
// - CSV of all fields: csv-all-fields.ts (one pass; rewritten once only if a later page adds a column).
// - XLSX of all fields: the header needs the union over every page and XLSX cannot be rewritten
//   cheaply, so rows are spooled to a temporary NDJSON file, then written in one pass.
import type { AtomicTarget } from '../../platform/tabular/atomic-target';
import type { FileSinkOptions } from '../../platform/tabular/file-sink';
import { Spool } from '../../platform/tabular/spool';
import { aboutSidecar, openTableFile, type AboutEntry, type TableFile } from '../../platform/tabular/table-file';
import { ColumnUnion } from '../../platform/tabular/column-union';
import { writeCsvAllFields } from './csv-all-fields';
import type { BatchFormat } from './format-worker';
import { cancelled } from '../../platform/paging/page-walker';
import type { ExportPage, ExportProgress, ExportSpec } from './types';

export interface WriteHooks {
  signal: AbortSignal;
  onProgress(p: ExportProgress): void;
  sink?: FileSinkOptions;
  /** CSV of all fields: where its batches are formatted (default: in this thread). */
  csvFormat?: () => BatchFormat;
}

const WRITE_BATCH = 1_000;

export interface WrittenExport {
  rows: number;
  pages: number;
  /** CSV: cells the formula prefix touched (0 in other formats). */
  neutralised: number;
}

function stamp(t: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const offset = -t.getTimezoneOffset();
  const zone = `UTC${offset >= 0 ? '+' : '-'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())} ${pad(t.getHours())}:${pad(t.getMinutes())} (${zone})`;
}

/** What the rows are: a list and its filter, a snapshot view (its search, load time and view), or a search. */
function sourceAbout(spec: ExportSpec): AboutEntry[] {
  const { list, snapshot, view } = spec.about;
  if (view) return view;
  if (list) {
    return [
      { label: 'List', value: list.name },
      { label: 'Filter', value: list.filter ?? '(none)' },
      { label: 'Sort', value: list.sort },
    ];
  }
  if (snapshot) {
    return [
      { label: 'Search', value: spec.about.query },
      { label: 'Snapshot loaded at', value: stamp(snapshot.loadedAt) },
      { label: 'Snapshot rows', value: snapshot.rows },
      { label: 'Text filter', value: snapshot.view.filter },
      { label: 'Facets', value: snapshot.view.facets },
      { label: 'Sort', value: snapshot.view.sort },
    ];
  }
  return [{ label: 'Search', value: spec.about.query }];
}

function columnsWords(spec: ExportSpec): string {
  if (!spec.columns) return spec.about.list ? 'all fields of the stored records, the ESG summary (esg.*) and added_to_list' : 'all fields that have a value';
  const chosen = spec.about.list ? 'the list’s columns' : spec.about.view ? 'the table’s columns' : 'chosen columns, in grid order';
  return `${chosen}: ${spec.columns.join(', ')}`;
}

function aboutOf(spec: ExportSpec, rows: number): AboutEntry[] {
  return [
    { label: 'Exported by', value: 'Firmscope' },
    ...sourceAbout(spec),
    { label: 'Profile', value: spec.about.profile ?? '(none)' },
    { label: 'Exported at', value: stamp(spec.about.startedAt) },
    { label: 'Rows', value: rows },
    { label: 'Columns', value: columnsWords(spec) },
  ];
}

/** Writes every page and puts the file under its name; on failure the caller discards the target. */
export async function writeExportFile(spec: ExportSpec, source: AsyncIterable<ExportPage>, target: AtomicTarget, hooks: WriteHooks): Promise<WrittenExport> {
  const checkAbort = () => {
    if (hooks.signal.aborted) throw cancelled();
  };
  let rows = 0;
  let pages = 0;
  const counted = (done: { number: number; rows: number; count?: number }) => {
    rows += done.rows;
    pages = done.number;
    hooks.onProgress({ phase: 'fetching', rows, pages, count: done.count });
  };
  const fetched = (page: ExportPage) => counted({ number: page.number, rows: page.json?.length ?? page.records.length, count: page.count });
  checkAbort();
  if (spec.format === 'csv' && !spec.columns) {
    const { neutralised } = await writeCsvAllFields({
      pages: source,
      target,
      csv: spec.csv,
      sink: hooks.sink,
      format: hooks.csvFormat,
      checkAbort,
      onPage: counted,
      onRewrite: (written) => hooks.onProgress({ phase: 'writing', rows: written, pages }),
    });
    checkAbort();
    await target.commit(aboutSidecar(target, 'csv', aboutOf(spec, rows)));
    return { rows, pages, neutralised };
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
        if (page.json) await f.writeJsonTexts(page.json);
        else await f.writeRecords(page.records);
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
    const neutralised = file.neutralisedCells();
    await file.finish(aboutOf(spec, rows));
    file = null;
    return { rows, pages, neutralised };
  } catch (e) {
    await (file as TableFile | null)?.abort().catch(() => undefined);
    throw e;
  } finally {
    await spool?.remove().catch(() => undefined);
  }
}
