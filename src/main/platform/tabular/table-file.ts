// The one way the app writes a table to a file: rows + columns to CSV, XLSX, JSON or NDJSON, through
// one atomic target (partial file, fsync, rename, journal) and one sink (backpressure, free-space
// check). Search export, bulk-match export and any later export (ESG) use this.
import { AtomicTarget } from './atomic-target';
import { DEFAULT_CSV, openCsv, type CsvOptions } from './csv';
import { FileSink, type FileSinkOptions } from './file-sink';
import { openJson, type JsonWriter } from './json';
import { sidecarDocument, sidecarText } from './sidecar';
import { openWorkbook, type AboutEntry, type SheetWriter, type WorkbookWriter } from './xlsx';

export type TableFormat = 'csv' | 'xlsx' | 'json' | 'ndjson';
export type { AboutEntry } from './xlsx';

export interface TableFileSpec {
  format: TableFormat;
  columns: readonly string[];
  csv?: Partial<CsvOptions>;
  /** XLSX: name of the data sheet. */
  sheetName?: string;
  sink?: FileSinkOptions;
}

export interface TableFile {
  readonly format: TableFormat;
  /** Rows of raw values in column order. */
  writeRows(rows: readonly (readonly unknown[])[]): Promise<void>;
  /** JSON/NDJSON only: whole records as they are. */
  writeRecords(records: readonly unknown[]): Promise<void>;
  /** JSON/NDJSON only: whole records already as JSON.stringify text (one line each), written as they are. */
  writeJsonTexts(texts: readonly string[]): Promise<void>;
  /** XLSX only: starts another sheet (an ESG workbook); later rows go there. */
  addSheet(name: string, columns: readonly string[]): void;
  /**
   * Completes the file and puts it under its name. `about` becomes the XLSX "About" sheet; for CSV,
   * JSON and NDJSON it becomes the `<file>.about.json` sidecar, committed with the file (sidecar.ts).
   */
  finish(about?: readonly AboutEntry[]): Promise<void>;
  /** Stops and removes every temporary; an existing file under the name stays as it was. */
  abort(): Promise<void>;
  /** CSV: cells written so far that got the formula prefix (0 in other formats). */
  neutralisedCells(): number;
}

export function csvOptions(csv: Partial<CsvOptions> = {}): CsvOptions {
  return { ...DEFAULT_CSV, ...Object.fromEntries(Object.entries(csv).filter(([, v]) => v !== undefined)) };
}

export async function openTableFile(target: AtomicTarget, spec: TableFileSpec): Promise<TableFile> {
  const sink = new FileSink(target.partial, spec.sink);
  try {
    await sink.checkSpace();
    let rowsOut: (rows: readonly (readonly unknown[])[]) => Promise<void>;
    let json: JsonWriter | null = null;
    let book: WorkbookWriter | null = null;
    if (spec.format === 'csv') {
      const csv = await openCsv(sink, spec.columns, csvOptions(spec.csv));
      rowsOut = csv.writeRows;
      return finishing(target, sink, spec.format, rowsOut, null, { end: async () => {}, neutralised: () => csv.counts.neutralised });
    } else if (spec.format === 'xlsx') {
      book = await openWorkbook(sink);
      let sheet: SheetWriter = book.addSheet(spec.sheetName ?? 'Data', spec.columns);
      rowsOut = (rows) => sheet.writeRows(rows);
      const b = book;
      return finishing(target, sink, spec.format, (r) => rowsOut(r), null, {
        addSheet(name, columns) {
          sheet = b.addSheet(name, columns);
        },
        end: (about) => b.finish(about),
      });
    } else {
      json = await openJson(sink, spec.format, spec.columns);
      rowsOut = json.writeRows;
    }
    const j = json;
    return finishing(target, sink, spec.format, rowsOut, j, { end: async () => j?.end() });
  } catch (e) {
    await sink.destroy();
    await target.discard();
    throw e;
  }
}

/** The sidecar text for formats without an About sheet; none for XLSX or without an about. */
export function aboutSidecar(target: AtomicTarget, format: TableFormat, about?: readonly AboutEntry[]): string | undefined {
  return about && format !== 'xlsx' ? sidecarText(sidecarDocument(target.target, format, about)) : undefined;
}

function finishing(
  target: AtomicTarget,
  sink: FileSink,
  format: TableFormat,
  rowsOut: (rows: readonly (readonly unknown[])[]) => Promise<void>,
  json: JsonWriter | null,
  ops: { addSheet?(name: string, columns: readonly string[]): void; end(about?: readonly AboutEntry[]): Promise<void>; neutralised?(): number },
): TableFile {
  return {
    format,
    writeRows: rowsOut,
    async writeRecords(records) {
      if (!json) throw new Error(`writeRecords is for JSON and NDJSON, not ${format}`);
      await json.writeRecords(records);
    },
    async writeJsonTexts(texts) {
      if (!json) throw new Error(`writeJsonTexts is for JSON and NDJSON, not ${format}`);
      await json.writeTexts(texts);
    },
    addSheet(name, columns) {
      if (!ops.addSheet) throw new Error(`Only XLSX files have sheets, not ${format}`);
      ops.addSheet(name, columns);
    },
    async finish(about) {
      await ops.end(about);
      await sink.close();
      await target.commit(aboutSidecar(target, format, about));
    },
    async abort() {
      await sink.destroy();
      await target.discard();
    },
    neutralisedCells: () => ops.neutralised?.() ?? 0,
  };
}
