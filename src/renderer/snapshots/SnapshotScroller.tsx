// "Scroll" view of a loaded snapshot: one continuous, virtualised list over every row of the view
// (sort, text filter and facet choices apply), beside the paged view. Rows arrive in blocks
// (scroll-blocks.ts); a row whose block has not arrived shows as a placeholder. The grid's one
// virtualisation and header (ui/grid): the row number and the first column stay in view when
// scrolling sideways; rows follow the grid's density. The row at the top is kept (kept-scroll-row.ts).
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { CompanyRecord } from '../../shared/service/schemas';
import type { SnapshotView } from '../../shared/snapshots/snapshot';
import { collectColumns } from '../../shared/search/flatten';
import { defaultWidth, densityOf, visibleColumns, type ColumnPrefs } from '../ui/grid/column-prefs';
import { GridHeader, type GridSort } from '../ui/grid/GridHeader';
import { useVirtualGrid } from '../ui/grid/use-virtual-grid';
import { useKeptScrollRow } from './kept-scroll-row';
import { ScrollRow } from './ScrollRow';
import { useFetchBlocksInView, useScrollBlocks } from './scroll-blocks';

export { SCROLL_BLOCK } from './scroll-blocks';

/** Row heights per density (the paged grid's are in column-prefs.ts). */
const ROW_HEIGHTS = { comfortable: 30, compact: 24 } as const;
const HEAD_H = 32;
/** The row-number column. */
const NUM_W = 64;

export interface SnapshotScrollerProps {
  snapshotId: number;
  view: SnapshotView;
  /** Rows in the view, when known (the paged view's last answer); refined by every block. */
  total: number;
  prefs: ColumnPrefs;
  sort: GridSort | null;
  onSort(field: string): void;
  onOpen(r: CompanyRecord): void;
  /** The row to show at the top when the view mounts (kept in the screen state, across restart). */
  scrollRow?: number;
  /** The row now at the top, once scrolling settles. */
  onScrollRow?(row: number): void;
}

export function SnapshotScroller({ snapshotId, view, total: knownTotal, prefs, sort, onSort, onOpen, scrollRow = 0, onScrollRow }: SnapshotScrollerProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const viewKey = JSON.stringify(view);
  const density = densityOf(prefs);
  const ROW_H = ROW_HEIGHTS[density];
  const blocks = useScrollBlocks(snapshotId, view, knownTotal);
  const { total, firstBlock, rowAt } = blocks;
  const columns = useMemo(() => visibleColumns(collectColumns(firstBlock), prefs), [firstBlock, prefs]);
  const widths = useMemo(() => columns.map((c) => prefs.widths[c] ?? defaultWidth(c)), [columns, prefs.widths]);
  const width = widths.reduce((a, b) => a + b, 0) + NUM_W;
  const grid = useVirtualGrid({ scrollRef, rowCount: total, rowHeight: ROW_H, widths, leadWidth: NUM_W, headHeight: HEAD_H, rowOverscan: 4, columnOverscan: 1 });
  const items = grid.rows;
  // Rows are keyed by slot (index modulo the most rows ever shown): the row leaving the window hands
  // its DOM to the row entering it. They are also listed in slot order, not row order: listed in row
  // order, every recycled row would move in the DOM (to the other end of the list), and a moved node
  // loses its layout boxes and style (rebuilt for all its cells, every frame of a scroll). Position
  // comes from `top`; screen readers get each row's place from aria-rowindex.
  const slotsRef = useRef(0);
  slotsRef.current = Math.max(slotsRef.current, items.length);
  const slots = slotsRef.current;
  const bySlot = [...items].sort((a, b) => (a.index % slots) - (b.index % slots));
  useFetchBlocksInView(blocks.setBlocks, items[0]?.index ?? 0, items[items.length - 1]?.index ?? 0);

  // A new view starts at the top; the view the scroller mounts with goes back to its kept row.
  const mountedView = useRef(viewKey);
  const restoreRow = useRef(scrollRow > 0 ? scrollRow : null);
  const { setBlocks } = blocks;
  useEffect(() => {
    if (mountedView.current === viewKey) return;
    mountedView.current = viewKey;
    restoreRow.current = null;
    scrollRef.current?.scrollTo({ top: 0 });
    setActive(0);
    setBlocks([0]);
  }, [viewKey, setBlocks]);
  // The kept row, once the view's row count is known (it may have fewer rows now: the last one then).
  const { scrollToRow } = grid;
  useEffect(() => {
    const row = restoreRow.current;
    if (row === null || total === 0) return;
    restoreRow.current = null;
    const to = Math.min(row, total - 1);
    setActive(to);
    scrollToRow(to, 'start');
  }, [total, scrollToRow]);
  const onScroll = useKeptScrollRow(onScrollRow, () => Math.floor((scrollRef.current?.scrollTop ?? 0) / ROW_H), () => restoreRow.current !== null);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 300) / ROW_H) - 1);
    const moves: Record<string, number> = { ArrowDown: active + 1, ArrowUp: active - 1, PageDown: active + page, PageUp: active - page, Home: 0, End: total - 1 };
    if (e.key === 'Enter') {
      const r = rowAt(active);
      if (r) onOpen(r);
      return;
    }
    const to = moves[e.key];
    if (to === undefined || total === 0) return;
    e.preventDefault();
    const next = Math.max(0, Math.min(total - 1, to));
    setActive(next);
    grid.scrollToRow(next, 'auto');
  };

  return (
    <div
      className={`scroller${density === 'compact' ? ' scroller--compact' : ''}`}
      ref={scrollRef}
      role="grid"
      aria-label="Loaded rows, continuous"
      aria-rowcount={total + 1}
      aria-colcount={columns.length + 1}
      aria-activedescendant={total ? `scroller-row-${active}` : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onScroll={onScroll}
      data-testid="snapshot-scroller"
    >
      <GridHeader
        lead={
          <div role="columnheader" aria-colindex={1} className="grid__cell grid__cell--select" style={{ width: NUM_W }}>
            #
          </div>
        }
        leadWidth={NUM_W} columns={columns} widths={widths} plan={grid.columns} width={width} height={HEAD_H} sort={sort} onSort={onSort}
      />
      <div role="rowgroup" className="scroller__body" style={{ height: grid.bodyHeight, width }}>
        {bySlot.map((vi) => (
          <ScrollRow
            key={vi.index % slots} index={vi.index} top={vi.top} height={ROW_H} width={width} record={rowAt(vi.index)}
            columns={columns} widths={widths} plan={grid.columns} active={vi.index === active} onPick={setActive} onOpen={onOpen}
          />
        ))}
      </div>
    </div>
  );
}
