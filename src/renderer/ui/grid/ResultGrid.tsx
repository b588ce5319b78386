// Result grid: TanStack Table for the column model (order, visibility, sizes, selection), the one
// virtualisation of rows and columns (use-virtual-grid.ts). Roving focus over cells (grid-keys.ts:
// arrows, Home/End, PageUp/PageDown, Enter opens the record, Space selects, Ctrl+C copies TSV,
// Ctrl+Shift+Left/Right resizes the column). The select box and the first column stay in view when
// scrolling sideways; rows are comfortable or compact.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { RowSelectionState } from '@tanstack/react-table';
import type { CompanyRecord } from '../../../shared/service/schemas';
import { flattenRecord } from '../../../shared/search/flatten';
import { fieldLabel } from '../../../shared/service/catalogue';
import { densityOf, ROW_HEIGHT, setWidth, visibleColumns, WIDTH_STEP, widthOf, type ColumnPrefs } from './column-prefs';
import { ColumnResizer, useColumnTable } from './column-table';
import { GridFocusLine } from './GridFocusLine';
import { GridHeader, type GridSort } from './GridHeader';
import { GridRow } from './GridRow';
import { GridToolbar } from './GridToolbar';
import { useGridClipboard } from './grid-clipboard';
import { onGridKey } from './grid-keys';
import { useVirtualGrid } from './use-virtual-grid';

export type { GridSort } from './GridHeader';

export interface ResultGridProps {
  rows: CompanyRecord[];
  /** 1-based number of the first row (for row labels). */
  firstRow: number;
  available: string[];
  prefs: ColumnPrefs;
  onPrefsChange(prefs: ColumnPrefs): void;
  onOpen(row: CompanyRecord): void;
  /** The column the rows are sorted by (a loaded snapshot sorts locally). */
  sort?: GridSort | null;
  /** Clicking a header asks for this column's sort (absent: the headers do not sort). */
  onSort?(field: string): void;
  /** Why headers do not sort, in the header's tooltip (e.g. service pages: "Load all to sort"). */
  sortHint?: string;
  /** Toolbar controls acting on the selected rows (e.g. "Add to list"); given the selected records. */
  selectionActions?(selected: CompanyRecord[]): ReactNode;
}

type Flat = Record<string, unknown>;
const HEAD_H = 34;
/** The row-selection column before the data columns. */
const SELECT_W = 44;

export function ResultGrid({ rows, firstRow, available, prefs, onPrefsChange, onOpen, sort, onSort, sortHint, selectionActions }: ResultGridProps) {
  // Rows are flattened when first shown, not all 200 up front: only mounted rows need their cells.
  const flatRow = useMemo(() => {
    const cache: Flat[] = [];
    return (i: number): Flat => (cache[i] ??= rows[i] ? flattenRecord(rows[i]) : {});
  }, [rows]);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [active, setActive] = useState({ r: 0, c: 1 });
  const clipboard = useGridClipboard();
  const ROW_H = ROW_HEIGHT[densityOf(prefs)];
  const scrollRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef(false);
  const table = useColumnTable(rows, available, prefs, onPrefsChange, selection, setSelection);
  const tableRows = table.getRowModel().rows;
  const visible = useMemo(() => visibleColumns(available, prefs), [available, prefs]);
  const widthKey = table.getVisibleLeafColumns().map((c) => c.getSize()).join(',');
  const widths = useMemo(() => widthKey.split(',').map(Number), [widthKey]);
  // Stable callbacks keep memoised rows from re-rendering while scrolling.
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;
  const toggleRow = useCallback((i: number) => setSelection((s) => ({ ...s, [String(i)]: !s[String(i)] })), []);
  const focusCell = useCallback((r: number, c: number) => setActive((a) => (a.r === r && a.c === c ? a : { r, c })), []);
  const openIndex = useCallback((i: number) => {
    const rec = rowsRef.current[i];
    if (rec) onOpenRef.current(rec);
  }, []);
  const colCount = visible.length + 1; // + selection column
  const totalWidth = table.getTotalSize() + SELECT_W;
  const activeRowIndex = Math.min(active.r, Math.max(0, rows.length - 1));
  const grid = useVirtualGrid({
    scrollRef, rowCount: tableRows.length, rowHeight: ROW_H, widths, leadWidth: SELECT_W, headHeight: HEAD_H,
    rowOverscan: 6, columnOverscan: 2, keepRow: rows.length ? activeRowIndex : -1, keepColumn: active.c - 1,
  });

  // A new page reuses the grid's DOM; selection and the focused row start over.
  const [rowsSeen, setRowsSeen] = useState(rows);
  if (rowsSeen !== rows) {
    setRowsSeen(rows);
    setSelection({});
    // Paging from the grid (J / K, Alt+arrows) keeps the focus in it, on the first row.
    if (typeof document !== 'undefined' && scrollRef.current?.contains(document.activeElement)) pendingFocus.current = true;
    setActive((a) => ({ r: 0, c: a.c }));
  }
  useEffect(() => {
    // Only when needed: writing scrollTop forces a layout even when it is already 0.
    if (scrollRef.current && scrollRef.current.scrollTop !== 0) scrollRef.current.scrollTop = 0;
  }, [rows]);
  useEffect(() => {
    if (!pendingFocus.current) return;
    pendingFocus.current = false;
    scrollRef.current?.querySelector<HTMLElement>(`[data-cell="${active.r}:${active.c}"]`)?.focus();
  }, [active]);

  const selected = () => tableRows.filter((r) => r.getIsSelected()).map((r) => r.original);
  const copy = () => {
    const picked = selected();
    const current = rows[activeRowIndex];
    clipboard.copyRows(picked.length ? picked : current ? [current] : [], visible);
  };
  const moveTo = (r: number, c: number) => {
    const nr = Math.max(0, Math.min(rows.length - 1, r));
    const nc = Math.max(0, Math.min(colCount - 1, c));
    pendingFocus.current = true;
    setActive({ r: nr, c: nc });
    grid.scrollToRow(nr, 'auto');
    if (nc > 0) grid.scrollToColumn(nc - 1);
  };
  const resize = (step: 1 | -1) => {
    const col = visible[active.c - 1]!;
    const next = setWidth(prefs, col, widthOf(prefs, col) + step * WIDTH_STEP);
    onPrefsChange(next);
    clipboard.setStatus(`${fieldLabel(col)} column: ${next.widths[col]} pixels wide.`);
  };
  const keyTarget = {
    r: active.r, c: active.c, rowCount: rows.length, colCount,
    page: Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 320) / ROW_H) - 1),
    moveTo, open: (r: number) => rows[r] && onOpen(rows[r]), toggleRow: (r: number) => tableRows[r]?.toggleSelected(),
    selectAll: () => table.toggleAllRowsSelected(true), copy, resize,
  };
  const activeCol = active.c > 0 ? visible[active.c - 1] : undefined;
  const selectedCount = Object.values(selection).filter(Boolean).length;

  return (
    <div className="result-grid">
      <GridToolbar
        available={available} prefs={prefs} onPrefsChange={onPrefsChange} hasRows={rows.length > 0} selectedCount={selectedCount}
        onCopy={copy} onShowDetails={() => rows[activeRowIndex] && onOpen(rows[activeRowIndex])}
        selectionActions={selectionActions?.(selected())} status={clipboard.status}
      />
      <div
        className={`grid${densityOf(prefs) === 'compact' ? ' grid--compact' : ''}`}
        role="grid" aria-label="Search results" aria-rowcount={rows.length + 1} aria-colcount={colCount} aria-multiselectable="true"
        onKeyDown={(e) => onGridKey(e, keyTarget)}
      >
        <div className="grid__scroll" ref={scrollRef}>
          <GridHeader
            lead={
              <div role="columnheader" aria-colindex={1} className="grid__cell grid__cell--select">
                <input type="checkbox" aria-label="Select all rows on this page" checked={table.getIsAllRowsSelected()} onChange={(e) => table.toggleAllRowsSelected(e.target.checked)} />
              </div>
            }
            leadWidth={SELECT_W} columns={visible} widths={widths} plan={grid.columns} width={totalWidth} height={HEAD_H}
            sort={sort} onSort={onSort} sortHint={sortHint} resizer={(i) => <ColumnResizer column={table.getVisibleLeafColumns()[i]} header={table.getHeaderGroups()[0]?.headers[i]} />}
          />
          <div role="rowgroup" className="grid__body" style={{ height: grid.bodyHeight, width: totalWidth }}>
            {grid.rows.map((vi) => (
              <GridRow
                key={vi.index} index={vi.index} rowNumber={firstRow + vi.index} top={vi.top} height={ROW_H} width={totalWidth}
                record={flatRow(vi.index)} columns={visible} widths={widths} plan={grid.columns} selected={Boolean(selection[String(vi.index)])}
                tabColumn={vi.index === activeRowIndex ? active.c : -1} active={vi.index === activeRowIndex}
                onToggle={toggleRow} onFocusCell={focusCell} onOpen={openIndex} onCopyId={clipboard.copyId}
              />
            ))}
          </div>
        </div>
      </div>
      <GridFocusLine column={activeCol} rowNumber={firstRow + activeRowIndex} record={activeCol && rows[activeRowIndex] ? flatRow(activeRowIndex) : null} />
    </div>
  );
}
