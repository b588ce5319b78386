// The export dialog's sentence "opened by double-click, this CSV changes …": the cells of the rows at
// hand that a spreadsheet would change, per column and per kind, each with one example.
import { flattenRecord } from '../search/flatten';
import { cellText } from './cell-rules';
import type { LocaleSeparators } from './csv-presets';
import { openChange, type OpenChangeKind, type WrittenCsv } from './double-click';

export interface ColumnOpenChanges {
  column: string;
  cells: number;
  /** Per kind: how many cells, and the first one's text as it is in the data. */
  kinds: Partial<Record<OpenChangeKind, { cells: number; example: string; excelOnly: boolean }>>;
}

export interface OpenChanges {
  cells: number;
  columns: ColumnOpenChanges[];
}

/** Cells of these records (in `columns`, or every field when null) a double-click would change. */
export function countOpenChanges(
  records: readonly Record<string, unknown>[],
  columns: readonly string[] | null,
  written: WrittenCsv,
  reader: Pick<LocaleSeparators, 'decimal'>,
): OpenChanges {
  const byColumn = new Map<string, ColumnOpenChanges>();
  let cells = 0;
  for (const record of records) {
    const flat = flattenRecord(record);
    for (const column of columns ?? Object.keys(flat)) {
      const value = flat[column];
      const change = openChange(value, written, reader);
      if (!change) continue;
      cells++;
      let entry = byColumn.get(column);
      if (!entry) byColumn.set(column, (entry = { column, cells: 0, kinds: {} }));
      entry.cells++;
      const kind = entry.kinds[change.kind];
      if (kind) kind.cells++;
      else entry.kinds[change.kind] = { cells: 1, example: typeof value === 'number' ? String(value) : cellText(value), excelOnly: change.excelOnly };
    }
  }
  return { cells, columns: [...byColumn.values()] };
}
