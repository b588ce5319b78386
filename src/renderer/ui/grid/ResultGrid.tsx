// Result grid: TanStack Table for the column model, @tanstack/react-virtual for rows and columns.
// Roving focus over cells (arrows, Home/End, PageUp/PageDown, Enter opens the record, Space
// selects, Ctrl+C copies TSV, Ctrl+Shift+Left/Right resizes the column). The select box and the first
// column stay in view when scrolling sideways; rows are comfortable or compact.
import { Fragment, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { getCoreRowModel, useReactTable, type ColumnDef, type ColumnSizingState, type RowSelectionState, type Updater } from '@tanstack/react-table';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import type { CompanyRecord } from '../../../shared/service/schemas';
import { cellValue, flattenRecord } from '../../../shared/search/flatten';
import { toTsv } from '../../../shared/search/tsv';
import { fieldLabel } from '../../../shared/service/catalogue';
import { cellFormat } from './cell-format';
import {
  defaultWidth,
  densityOf,
  MAX_WIDTH,
  MIN_WIDTH,
  orderedColumns,
  ROW_HEIGHT,
  setDensity,
  setWidth,
  visibleColumns,
  WIDTH_STEP,
  widthOf,
  type ColumnPrefs,
} from './column-prefs';
import { ColumnsPanel } from './ColumnsPanel';
import { GridRow, type ColumnSlot } from './GridRow';

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

export interface GridSort {
  field: string;
  direction: 'asc' | 'desc';
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
  const columns = useMemo<ColumnDef<CompanyRecord>[]>(
    () => available.map((path) => ({ id: path, header: path, size: defaultWidth(path), minSize: MIN_WIDTH, maxSize: MAX_WIDTH })),
    [available],
  );
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [active, setActive] = useState({ r: 0, c: 1 });
  /** What the last toolbar or keyboard action did (copied, resized), read out by the status line. */
  const [copied, setCopied] = useState<string | null>(null);
  const compact = densityOf(prefs) === 'compact';
  const ROW_H = ROW_HEIGHT[densityOf(prefs)];
  const scrollRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef(false);

  const columnOrder = useMemo(() => orderedColumns(available, prefs), [available, prefs]);
  const columnVisibility = useMemo(() => Object.fromEntries(prefs.hidden.map((c) => [c, false])), [prefs.hidden]);
  const table = useReactTable({
    data: rows,
    columns,
    getRowId: (_row, i) => String(i),
    getCoreRowModel: getCoreRowModel(),
    enableRowSelection: true,
    columnResizeMode: 'onChange',
    state: {
      columnOrder,
      columnVisibility,
      columnSizing: prefs.widths,
      rowSelection: selection,
    },
    onRowSelectionChange: setSelection,
    onColumnSizingChange: (u: Updater<ColumnSizingState>) => {
      const next = typeof u === 'function' ? u(prefs.widths) : u;
      const widths = Object.fromEntries(Object.entries(next).map(([k, v]) => [k, Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, v)))]));
      onPrefsChange({ ...prefs, widths });
    },
  });
  const tableRows = table.getRowModel().rows;
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const visible = useMemo(() => visibleColumns(available, prefs), [available, prefs]);
  const widthKey = table.getVisibleLeafColumns().map((c) => c.getSize()).join(',');
  // widthKey carries the sizes.
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
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_H,
    // Enough for PageUp/PageDown and fast wheel scrolling; every extra row is layout and paint on each new page.
    overscan: 6,
    scrollMargin: HEAD_H,
    scrollPaddingStart: HEAD_H,
    // The focused row stays mounted even when scrolled away, so Tab always finds the grid.
    rangeExtractor: (range: Range) => {
      const idx = defaultRangeExtractor(range);
      return idx.includes(activeRowIndex) || rows.length === 0 ? idx : [...idx, activeRowIndex].sort((a, b) => a - b);
    },
  });

  // Columns are virtualised too: records can have dozens of fields and only a few fit the width.
  const activeColIndex = active.c - 1;
  const colVirtualizer = useVirtualizer({
    horizontal: true,
    count: visible.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => widths[i] ?? MIN_WIDTH,
    overscan: 2,
    scrollMargin: SELECT_W,
    // The focused column stays mounted even when scrolled away, like the focused row; so does the
    // pinned first column.
    rangeExtractor: (range: Range) => {
      const idx = new Set(defaultRangeExtractor(range));
      if (visible.length) idx.add(0);
      if (activeColIndex >= 0 && activeColIndex < visible.length) idx.add(activeColIndex);
      return [...idx].sort((a, b) => a - b);
    },
  });
  useEffect(() => colVirtualizer.measure(), [colVirtualizer, widths]);
  useEffect(() => virtualizer.measure(), [virtualizer, ROW_H]);
  const colItems = colVirtualizer.getVirtualItems();
  const colPlan = useMemo(() => planColumns(colItems), [colItems]);

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

  const selectedRecords = () => {
    const picked = tableRows.filter((r) => r.getIsSelected()).map((r) => r.original);
    const active = rows[activeRowIndex];
    return picked.length ? picked : active ? [active] : [];
  };
  const copyId = useCallback(async (id: string) => {
    try {
      await navigator.clipboard.writeText(id);
      setCopied(`Copied company ID ${id}.`);
    } catch {
      setCopied('Copying was refused by the system clipboard.');
    }
  }, []);
  const onCopyId = useCallback((id: string) => void copyId(id), [copyId]);
  const copy = async () => {
    const recs = selectedRecords();
    try {
      await navigator.clipboard.writeText(toTsv(recs, visible));
      setCopied(`Copied ${recs.length} row${recs.length === 1 ? '' : 's'} as TSV.`);
    } catch {
      setCopied('Copying was refused by the system clipboard.');
    }
  };

  const moveTo = (r: number, c: number) => {
    const nr = Math.max(0, Math.min(rows.length - 1, r));
    const nc = Math.max(0, Math.min(colCount - 1, c));
    pendingFocus.current = true;
    setActive({ r: nr, c: nc });
    virtualizer.scrollToIndex(nr, { align: 'auto' });
    if (nc > 0) colVirtualizer.scrollToIndex(nc - 1, { align: 'auto' });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Alt+arrows page (handled by the results around the grid), they do not move the focus.
    if (e.altKey) return;
    const { r, c } = active;
    const mod = e.ctrlKey || e.metaKey;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 320) / ROW_H) - 1);
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(r + 1, c),
      ArrowUp: () => moveTo(r - 1, c),
      ArrowRight: () => moveTo(r, c + 1),
      ArrowLeft: () => moveTo(r, c - 1),
      Home: () => (mod ? moveTo(0, 0) : moveTo(r, 0)),
      End: () => (mod ? moveTo(rows.length - 1, colCount - 1) : moveTo(r, colCount - 1)),
      PageDown: () => moveTo(r + page, c),
      PageUp: () => moveTo(r - page, c),
      Enter: () => rows[r] && onOpen(rows[r]),
    };
    // Ctrl+Shift+Left/Right: the focused column narrower / wider (the keyboard's drag of its edge).
    const col = c > 0 ? visible[c - 1] : undefined;
    if (mod && e.shiftKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight') && col !== undefined) {
      e.preventDefault();
      const next = setWidth(prefs, col, widthOf(prefs, col) + (e.key === 'ArrowRight' ? WIDTH_STEP : -WIDTH_STEP));
      onPrefsChange(next);
      setCopied(`${fieldLabel(col)} column: ${next.widths[col]} pixels wide.`);
      return;
    }
    if (mod && e.key.toLowerCase() === 'c') {
      e.preventDefault();
      void copy();
      return;
    }
    if (mod && e.key.toLowerCase() === 'a') {
      e.preventDefault();
      table.toggleAllRowsSelected(true);
      return;
    }
    if (e.key === ' ' && c > 0) {
      e.preventDefault();
      tableRows[r]?.toggleSelected();
      return;
    }
    const action = keys[e.key];
    if (action) {
      e.preventDefault();
      action();
    }
  };

  const activeCol = active.c > 0 ? visible[active.c - 1] : undefined;
  const activeText = activeCol && rows[activeRowIndex] ? cellFormat.cell(activeCol, cellValue(flatRow(activeRowIndex), activeCol)).full : '';
  const selectedCount = Object.values(selection).filter(Boolean).length;

  return (
    <div className="result-grid">
      <div className="result-grid__toolbar">
        <button type="button" className="button button--small" onClick={() => void copy()} disabled={rows.length === 0}>
          {selectedCount ? `Copy ${selectedCount} selected rows (TSV)` : 'Copy row (TSV)'}
        </button>
        <button type="button" className="button button--small" onClick={() => rows[activeRowIndex] && onOpen(rows[activeRowIndex])} disabled={rows.length === 0}>
          Show details
        </button>
        <ColumnsPanel available={available} prefs={prefs} onChange={onPrefsChange} />
        <button type="button" className="button button--small" aria-pressed={compact} onClick={() => onPrefsChange(setDensity(prefs, compact ? 'comfortable' : 'compact'))}>
          Compact rows
        </button>
        {selectionActions?.(tableRows.filter((r) => r.getIsSelected()).map((r) => r.original))}
        <span className="result-grid__status" role="status">
          {copied}
        </span>
      </div>
      <div
        className={`grid${compact ? ' grid--compact' : ''}`}
        role="grid"
        aria-label="Search results"
        aria-rowcount={rows.length + 1}
        aria-colcount={colCount}
        aria-multiselectable="true"
        onKeyDown={onKeyDown}
      >
        <div className="grid__scroll" ref={scrollRef}>
          <div role="rowgroup" className="grid__head" style={{ width: totalWidth, height: HEAD_H }}>
            <div role="row" aria-rowindex={1} className="grid__row grid__row--head">
              <div role="columnheader" aria-colindex={1} className="grid__cell grid__cell--select">
                <input
                  type="checkbox"
                  aria-label="Select all rows on this page"
                  checked={table.getIsAllRowsSelected()}
                  onChange={(e) => table.toggleAllRowsSelected(e.target.checked)}
                />
              </div>
              {colPlan.map(({ index: i, gap }) => {
                const h = headers[i];
                if (!h) return null;
                return (
                  <Fragment key={h.id}>
                    {gap > 0 ? <div className="grid__gap" style={{ width: gap }} aria-hidden="true" /> : null}
                    <div
                      role="columnheader"
                      aria-colindex={i + 2}
                      aria-sort={sort?.field === h.id ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                      className={`grid__cell grid__cell--head${i === 0 ? ' grid__cell--pinned' : ''}`}
                      style={{ width: h.getSize() }}
                      title={onSort ? `${h.id}: click to sort` : sortHint ? `${h.id}. ${sortHint}` : h.id}
                    >
                      {onSort ? (
                        <button type="button" className="grid__sort" onClick={() => onSort(h.id)}>
                          <span className="grid__text">{fieldLabel(h.id)}</span>
                          <span className="grid__sort-mark" aria-hidden="true">
                            {sort?.field === h.id ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
                          </span>
                        </button>
                      ) : (
                        <span className="grid__text">{fieldLabel(h.id)}</span>
                      )}
                      <div
                        className={`grid__resizer${h.column.getIsResizing() ? ' grid__resizer--active' : ''}`}
                        aria-hidden="true"
                        onMouseDown={h.getResizeHandler()}
                        onTouchStart={h.getResizeHandler()}
                        onDoubleClick={() => h.column.resetSize()}
                      />
                    </div>
                  </Fragment>
                );
              })}
            </div>
          </div>
          <div role="rowgroup" className="grid__body" style={{ height: virtualizer.getTotalSize(), width: totalWidth }}>
            {virtualizer.getVirtualItems().map((vi) => (
              <GridRow
                key={vi.index}
                index={vi.index}
                rowNumber={firstRow + vi.index}
                top={vi.start - HEAD_H}
                height={ROW_H}
                width={totalWidth}
                record={flatRow(vi.index)}
                columns={visible}
                widths={widths}
                plan={colPlan}
                selected={Boolean(selection[String(vi.index)])}
                tabColumn={vi.index === activeRowIndex ? active.c : -1}
                active={vi.index === activeRowIndex}
                onToggle={toggleRow}
                onFocusCell={focusCell}
                onOpen={openIndex}
                onCopyId={onCopyId}
              />
            ))}
          </div>
        </div>
      </div>
      <p className="result-grid__focus" aria-live="polite">
        {activeCol ? (
          <>
            <strong title={activeCol}>{fieldLabel(activeCol)}</strong> (row {firstRow + activeRowIndex}): <span className="result-grid__focus-value">{activeText || '—'}</span>
          </>
        ) : (
          'Arrow keys move between cells, Enter opens the company, Space selects, Ctrl+C copies, Ctrl+Shift+Left/Right resizes a column.'
        )}
      </p>
    </div>
  );
}

/** The mounted columns in order, each with the empty width before it (scrolled-away columns). */
function planColumns(items: ReadonlyArray<{ index: number; start: number; end: number }>): ColumnSlot[] {
  let edge = SELECT_W;
  return items.map((it) => {
    const slot = { index: it.index, gap: Math.max(0, it.start - edge) };
    edge = it.end;
    return slot;
  });
}
