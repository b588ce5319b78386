// The result grid's column model on TanStack Table: the analyst's order, hidden columns and widths
// (column-prefs.ts, saved with the screen) and the row selection. A drag of a header's edge changes
// the width within MIN_WIDTH..MAX_WIDTH, in whole pixels, straight into the column choices.
import type { Dispatch, SetStateAction } from 'react';
import { useMemo } from 'react';
import { getCoreRowModel, useReactTable, type Column, type ColumnDef, type ColumnSizingState, type Header, type RowSelectionState, type Updater } from '@tanstack/react-table';
import type { CompanyRecord } from '../../../shared/service/schemas';
import { defaultWidth, MAX_WIDTH, MIN_WIDTH, orderedColumns, type ColumnPrefs } from './column-prefs';

export function useColumnTable(
  rows: CompanyRecord[],
  available: string[],
  prefs: ColumnPrefs,
  onPrefsChange: (prefs: ColumnPrefs) => void,
  selection: RowSelectionState,
  setSelection: Dispatch<SetStateAction<RowSelectionState>>,
) {
  const columns = useMemo<ColumnDef<CompanyRecord>[]>(
    () => available.map((path) => ({ id: path, header: path, size: defaultWidth(path), minSize: MIN_WIDTH, maxSize: MAX_WIDTH })),
    [available],
  );
  const columnOrder = useMemo(() => orderedColumns(available, prefs), [available, prefs]);
  const columnVisibility = useMemo(() => Object.fromEntries(prefs.hidden.map((c) => [c, false])), [prefs.hidden]);
  return useReactTable({
    data: rows,
    columns,
    getRowId: (_row, i) => String(i),
    getCoreRowModel: getCoreRowModel(),
    enableRowSelection: true,
    columnResizeMode: 'onChange',
    state: { columnOrder, columnVisibility, columnSizing: prefs.widths, rowSelection: selection },
    onRowSelectionChange: setSelection,
    onColumnSizingChange: (u: Updater<ColumnSizingState>) => {
      const next = typeof u === 'function' ? u(prefs.widths) : u;
      const widths = Object.fromEntries(Object.entries(next).map(([k, v]) => [k, Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, v)))]));
      onPrefsChange({ ...prefs, widths });
    },
  });
}

/** A header's right edge: drag to resize its column, double-click for its default width. */
export function ColumnResizer({ column, header }: { column: Column<CompanyRecord> | undefined; header: Header<CompanyRecord, unknown> | undefined }) {
  if (!column || !header) return null;
  return (
    <div
      className={`grid__resizer${column.getIsResizing() ? ' grid__resizer--active' : ''}`}
      aria-hidden="true"
      onMouseDown={header.getResizeHandler()}
      onTouchStart={header.getResizeHandler()}
      onDoubleClick={() => column.resetSize()}
    />
  );
}
