// How many cells the CSV formula prefix would touch: the export dialog says so before the file is
// written (and suggests XLSX, which needs no prefix). Counted by the same rules the writer applies
// (src/main/platform/tabular/cells.ts: the prefix on text, also behind leading bidi controls).
import { flattenRecord } from '../search/flatten';
import { cellText, needsNeutralising } from './cell-rules';

/** Whether the writer puts the prefix in front of this value (numbers and booleans never). */
export function wouldNeutralise(value: unknown): boolean {
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) return false;
  return needsNeutralising(cellText(value));
}

/** Cells of these records (in `columns`, or every field when null) the prefix would touch, and in how many columns. */
export function countNeutralised(records: readonly Record<string, unknown>[], columns: readonly string[] | null): { cells: number; columns: string[] } {
  let cells = 0;
  const touched = new Set<string>();
  for (const record of records) {
    const flat = flattenRecord(record);
    for (const column of columns ?? Object.keys(flat)) {
      if (!wouldNeutralise(flat[column])) continue;
      cells++;
      touched.add(column);
    }
  }
  return { cells, columns: [...touched] };
}
