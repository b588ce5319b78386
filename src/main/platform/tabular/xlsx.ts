// XLSX through exceljs's streaming WorkbookWriter: rows are committed as they come (no shared-strings
// table), so memory stays flat however many rows are written. Text is a string cell as it is (an XLSX
// string cell never runs as a formula, so no prefix); numbers, booleans and dates keep their type.
// Each sheet: bold, frozen header with an auto-filter, widths from the first rows' content. A
// workbook holds any number of sheets (one after the other) and ends with an "About" sheet.
// exceljs is loaded on first use: it is the heaviest module and would slow every start.
import type ExcelJS from 'exceljs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { toXlsxCell, type XlsxCell } from './cells';
import type { FileSink } from './file-sink';

/** Excel's sheet limit, header row included. Longer tables continue on "<name> 2", … */
export const XLSX_MAX_ROWS = 1_048_576;
/** Rows read to size the columns before the first is written (widths are fixed once rows stream). */
export const WIDTH_SAMPLE_ROWS = 200;
const MIN_WIDTH = 8;
const MAX_WIDTH = 60;

export interface AboutEntry {
  label: string;
  value: string | number | Date;
}

export interface SheetWriter {
  /** Rows of raw values in column order. */
  writeRows(rows: readonly (readonly unknown[])[]): Promise<void>;
}

export interface WorkbookWriter {
  /** Starts a sheet (the previous one is finished). */
  addSheet(name: string, columns: readonly string[]): SheetWriter;
  /** Finishes the last sheet, adds the About sheet when given, and completes the file. */
  finish(about?: readonly AboutEntry[]): Promise<void>;
}

function displayWidth(cell: XlsxCell): number {
  if (cell === null) return 0;
  if (cell instanceof Date) return isMidnightUtc(cell) ? 10 : 19;
  const text = String(cell);
  const nl = text.indexOf('\n');
  return nl >= 0 ? nl : text.length;
}

const isMidnightUtc = (d: Date) => d.getTime() % 86_400_000 === 0;

export async function openWorkbook(sink: FileSink, maxRowsPerSheet = XLSX_MAX_ROWS): Promise<WorkbookWriter> {
  const { default: excel } = await import('exceljs');
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: sink.stream, useStyles: true, useSharedStrings: false });
  let current: { commit(): Promise<void> } | null = null;
  const sheetNames = new Set<string>();

  const uniqueName = (base: string) => {
    // Excel: at most 31 characters, none of : \ / ? * [ ], unique (case-insensitive).
    const clean = base.replace(/[:\\/?*[\]]/g, ' ').trim().slice(0, 31) || 'Sheet';
    let name = clean;
    for (let n = 2; sheetNames.has(name.toLowerCase()); n++) name = `${clean.slice(0, 28)} ${n}`;
    sheetNames.add(name.toLowerCase());
    return name;
  };

  const writeCells = (sheet: ExcelJS.Worksheet, cells: XlsxCell[]) => {
    const row = sheet.addRow(cells);
    cells.forEach((c, i) => {
      if (c instanceof Date) row.getCell(i + 1).numFmt = isMidnightUtc(c) ? 'yyyy-mm-dd' : 'yyyy-mm-dd hh:mm:ss';
    });
    row.commit();
  };

  function addSheet(baseName: string, columns: readonly string[]): SheetWriter {
    const previous = current;
    let sheet: ExcelJS.Worksheet | null = null;
    let rowsInSheet = 0;
    let part = 0;
    let widths: number[] | null = null;
    let sample: XlsxCell[][] | null = [];

    const startPart = () => {
      sheet?.commit();
      part++;
      sheet = workbook.addWorksheet(uniqueName(part === 1 ? baseName : `${baseName} ${part}`), { views: [{ state: 'frozen', ySplit: 1 }] });
      if (columns.length) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
      sheet.columns = columns.map((_, i) => ({ width: widths![i] }));
      const header = sheet.addRow(columns.map((c) => toXlsxCell(c)));
      header.font = { bold: true };
      header.commit();
      rowsInSheet = 1;
    };

    const flushSample = () => {
      if (!sample) return;
      widths = columns.map((c, i) => {
        let w = c.length;
        for (const row of sample!) w = Math.max(w, displayWidth(row[i] ?? null));
        return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, w + 2));
      });
      const rows = sample;
      sample = null;
      startPart();
      for (const r of rows) put(r);
    };

    const put = (cells: XlsxCell[]) => {
      if (rowsInSheet >= maxRowsPerSheet) startPart();
      writeCells(sheet!, cells);
      rowsInSheet++;
    };

    const ready = (async () => {
      await previous?.commit();
    })();

    current = {
      async commit() {
        await ready;
        flushSample();
        sheet!.commit();
      },
    };

    return {
      async writeRows(rows) {
        await ready;
        for (const raw of rows) {
          const cells: XlsxCell[] = new Array(columns.length);
          for (let i = 0; i < columns.length; i++) cells[i] = toXlsxCell(raw[i]);
          if (sample) {
            sample.push(cells);
            if (sample.length >= WIDTH_SAMPLE_ROWS) flushSample();
          } else put(cells);
        }
        // exceljs has no backpressure of its own: give the zip a turn, then wait for the file.
        await nextTurn();
        await sink.drain();
        await sink.checkSpace();
      },
    };
  }

  return {
    addSheet,
    async finish(about) {
      await current?.commit();
      current = null;
      if (about?.length) {
        const sheet = workbook.addWorksheet(uniqueName('About'));
        sheet.columns = [{ width: 18 }, { width: Math.min(100, Math.max(30, ...about.map((a) => String(a.value).length + 2))) }];
        for (const a of about) {
          const row = sheet.addRow([a.label, a.value]);
          row.getCell(1).font = { bold: true };
          if (a.value instanceof Date) row.getCell(2).numFmt = 'yyyy-mm-dd hh:mm:ss';
          row.commit();
        }
        sheet.commit();
      }
      await workbook.commit();
    },
  };
}
