// XLSX via exceljs's streaming WorkbookWriter: rows are committed as they come, no shared-strings
// table and no styles, so memory stays flat however many rows are exported.
// exceljs is loaded on first XLSX export: it is the heaviest module and would slow every start.
import type ExcelJS from 'exceljs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { FileSink } from '../file-sink';
import { toCell, type Cell } from '../cells';
import type { TableWriter } from './types';

/** Excel's sheet limit, header row included. Longer exports continue on "Companies 2", … */
export const XLSX_MAX_ROWS = 1_048_576;

export async function openXlsxWriter(path: string, header: string[], maxRowsPerSheet = XLSX_MAX_ROWS): Promise<TableWriter> {
  const { default: excel } = await import('exceljs');
  const sink = new FileSink(path);
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: sink.stream, useStyles: false, useSharedStrings: false });
  const headerCells = header.map((h) => toCell(h, { xlsx: true }));
  let sheetNumber = 0;
  let sheet: ExcelJS.Worksheet;
  let rowsInSheet = 0;
  const newSheet = () => {
    if (sheet) sheet.commit();
    sheetNumber++;
    sheet = workbook.addWorksheet(sheetNumber === 1 ? 'Companies' : `Companies ${sheetNumber}`, {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.addRow(headerCells).commit();
    rowsInSheet = 1;
  };
  newSheet();
  return {
    async writeRows(rows: Cell[][]) {
      for (const row of rows) {
        if (rowsInSheet >= maxRowsPerSheet) newSheet();
        sheet.addRow(row).commit();
        rowsInSheet++;
      }
      // exceljs has no backpressure of its own: give the zip a turn, then wait for the file.
      await nextTurn();
      await sink.drain();
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
      await sink.close();
    },
    abort: () => sink.destroy(),
  };
}
