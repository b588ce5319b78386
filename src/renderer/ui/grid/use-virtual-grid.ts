// The one virtualisation of Firmscope's grids (the search results and a snapshot's scroll view), on
// TanStack Virtual: rows and columns are both virtual, the header row sits inside the scroll element,
// the first column is pinned (always mounted, whatever is scrolled into view), and the focused row and
// column stay mounted when scrolled away (so Tab, the focus and aria-activedescendant still find them).
// What it returns is what a grid renders: the rows to mount, and the columns to mount each with the
// width of those scrolled away before it (a spacer stands in for them).
import { useCallback, useEffect, useMemo, type RefObject } from 'react';
import { defaultRangeExtractor, useVirtualizer, type Range, type VirtualItem } from '@tanstack/react-virtual';

/** A mounted column: its index among the grid's columns, and the empty width before it. */
export interface ColumnSlot {
  index: number;
  gap: number;
}

export interface VirtualGridOptions {
  scrollRef: RefObject<HTMLElement | null>;
  rowCount: number;
  rowHeight: number;
  /** Widths of the data columns, in order. */
  widths: readonly number[];
  /** The column before the data columns (select box or row number), pinned at the left. */
  leadWidth: number;
  /** The header row's height, inside the scroll element above the rows. */
  headHeight: number;
  /** Rows mounted beyond the window: enough for PageUp/PageDown, each one is layout and paint. */
  rowOverscan: number;
  columnOverscan: number;
  /** A row that stays mounted when scrolled away (the focused one); -1 for none. */
  keepRow?: number;
  /** A data column that stays mounted when scrolled away (the focused one); -1 for none. */
  keepColumn?: number;
}

export interface VirtualGrid {
  /** The rows to mount; `top` is a row's place in the body (below the header). */
  rows: Array<VirtualItem & { top: number }>;
  /** The data columns to mount, in order. */
  columns: ColumnSlot[];
  /** The body's height: every row, mounted or not. */
  bodyHeight: number;
  /** Stable across renders. */
  scrollToRow(index: number, align: 'auto' | 'start'): void;
  scrollToColumn(index: number): void;
}

const FALLBACK_WIDTH = 120;

export function useVirtualGrid(o: VirtualGridOptions): VirtualGrid {
  const { scrollRef, rowCount, rowHeight, widths, leadWidth, headHeight, keepRow = -1, keepColumn = -1 } = o;
  const rowVirtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: o.rowOverscan,
    // The header is above the rows inside the scroll element: rows start below it, and a row
    // scrolled to the top is not hidden under the sticky header.
    scrollMargin: headHeight,
    scrollPaddingStart: headHeight,
    rangeExtractor: (range: Range) => {
      const idx = defaultRangeExtractor(range);
      return keepRow < 0 || keepRow >= rowCount || idx.includes(keepRow) ? idx : [...idx, keepRow].sort((a, b) => a - b);
    },
  });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: widths.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => widths[i] ?? FALLBACK_WIDTH,
    overscan: o.columnOverscan,
    scrollMargin: leadWidth,
    rangeExtractor: (range: Range) => {
      const idx = new Set(defaultRangeExtractor(range));
      if (widths.length) idx.add(0);
      if (keepColumn >= 0 && keepColumn < widths.length) idx.add(keepColumn);
      return [...idx].sort((a, b) => a - b);
    },
  });
  useEffect(() => columnVirtualizer.measure(), [columnVirtualizer, widths]);
  useEffect(() => rowVirtualizer.measure(), [rowVirtualizer, rowHeight]);

  const columnItems = columnVirtualizer.getVirtualItems();
  // Keyed by the items' places: a scroll that mounts the same columns keeps the same plan (and the
  // memoised rows that receive it do not render again).
  const planKey = columnItems.map((c) => `${c.index}:${c.start}:${c.end}`).join(',');
  const columns = useMemo(() => planColumns(columnItems, leadWidth), [planKey, leadWidth]); // eslint-disable-line react-hooks/exhaustive-deps -- keyed by the items' places
  const rows = rowVirtualizer.getVirtualItems().map((vi) => ({ ...vi, top: vi.start - headHeight }));
  const scrollToRow = useCallback((index: number, align: 'auto' | 'start') => rowVirtualizer.scrollToIndex(index, { align }), [rowVirtualizer]);
  const scrollToColumn = useCallback((index: number) => columnVirtualizer.scrollToIndex(index, { align: 'auto' }), [columnVirtualizer]);
  return { rows, columns, bodyHeight: rowVirtualizer.getTotalSize(), scrollToRow, scrollToColumn };
}

/** The mounted columns in order, each with the empty width before it (scrolled-away columns). */
export function planColumns(items: ReadonlyArray<{ index: number; start: number; end: number }>, leadWidth: number): ColumnSlot[] {
  let edge = leadWidth;
  return items.map((it) => {
    const slot = { index: it.index, gap: Math.max(0, it.start - edge) };
    edge = it.end;
    return slot;
  });
}
