// "Scroll" view of a loaded snapshot: one continuous, virtualised list over every row of the view
// (sort, text filter and facet choices apply), beside the paged view. Rows arrive in blocks of
// SCROLL_BLOCK through the same `snapshots.page` call and react-query cache as the pages; a row
// whose block has not arrived shows as a placeholder. Blocks are requested for what is in view,
// at most every FETCH_EVERY_MS while the analyst scrolls, so a fast fling through 100,000 rows
// does not queue hundreds of sorted queries in main. The row number and the first column stay in view
// when scrolling sideways; rows follow the grid's density.
import { Fragment, memo, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useQueries } from '@tanstack/react-query';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import type { CompanyRecord } from '../../shared/service/schemas';
import type { SnapshotView } from '../../shared/snapshots/snapshot';
import { cellValue, collectColumns, flattenRecord } from '../../shared/search/flatten';
import { fieldLabel } from '../../shared/service/catalogue';
import { cellFormat, type CellView } from '../ui/grid/cell-format';
import { defaultWidth, densityOf, visibleColumns, type ColumnPrefs } from '../ui/grid/column-prefs';
import type { GridSort } from '../ui/grid/ResultGrid';
import { useSaveStatus } from '../state/screen-store';
import { snapshotPageQuery } from '../data/snapshots';

/** Rows per request; the paged view's page size, so both views share cached pages. */
export const SCROLL_BLOCK = 100;
/** Row heights per density (the paged grid's are in column-prefs.ts). */
const ROW_HEIGHTS = { comfortable: 30, compact: 24 } as const;
const FETCH_EVERY_MS = 120;
const MAX_SHOWN = 200;
const NO_ROWS: CompanyRecord[] = [];
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

/** Scrolling must settle this long before the row at the top is kept (not at every frame). */
const KEEP_ROW_AFTER_MS = 250;

export function SnapshotScroller({ snapshotId, view, total: knownTotal, prefs, sort, onSort, onOpen, scrollRow = 0, onScrollRow }: SnapshotScrollerProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [blocks, setBlocks] = useState<number[]>([0]);
  const viewKey = JSON.stringify(view);
  const density = densityOf(prefs);
  const ROW_H = ROW_HEIGHTS[density];

  const results = useQueries({ queries: blocks.map((b) => snapshotPageQuery(snapshotId, view, b * SCROLL_BLOCK, SCROLL_BLOCK)) });
  // Blocks stay in this map while the view is the same (react-query keeps them cached too).
  const loaded = useRef(new Map<number, CompanyRecord[]>());
  const loadedFor = useRef(viewKey);
  if (loadedFor.current !== viewKey) {
    loaded.current = new Map();
    loadedFor.current = viewKey;
  }
  let total = knownTotal;
  results.forEach((r, i) => {
    const block = blocks[i]; // one query per block
    if (!r.data || block === undefined) return;
    loaded.current.set(block, r.data.rows);
    total = r.data.total;
  });

  const firstBlock = loaded.current.get(0) ?? loaded.current.values().next().value ?? NO_ROWS;
  const columns = useMemo(() => visibleColumns(collectColumns(firstBlock), prefs), [firstBlock, prefs]);
  const widths = useMemo(() => columns.map((c) => prefs.widths[c] ?? defaultWidth(c)), [columns, prefs.widths]);
  const width = widths.reduce((a, b) => a + b, 0) + NUM_W;

  const virtualizer = useVirtualizer({ count: total, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_H, overscan: 4 });
  useEffect(() => virtualizer.measure(), [virtualizer, ROW_H]);
  const items = virtualizer.getVirtualItems();
  // Only the columns in view are mounted; a spacer stands in for those scrolled away to the left.
  const colVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => widths[i] ?? 120,
    paddingStart: NUM_W,
    overscan: 1,
    // The first column is pinned: always mounted, whatever is scrolled into view.
    rangeExtractor: (range: Range) => {
      const idx = defaultRangeExtractor(range);
      return idx.includes(0) || range.count === 0 ? idx : [0, ...idx];
    },
  });
  useEffect(() => colVirtualizer.measure(), [colVirtualizer, widths]);
  const colItems = colVirtualizer.getVirtualItems();
  // Each mounted column with the width of the columns scrolled away before it (a spacer).
  const planKey = colItems.map((c) => `${c.index}:${c.start}:${c.end}`).join(',');
  const plan = useMemo(() => {
    let edge = NUM_W;
    return colItems.map((c) => {
      const slot = { index: c.index, gap: Math.max(0, c.start - edge) };
      edge = c.end;
      return slot;
    });
  }, [planKey]); // eslint-disable-line react-hooks/exhaustive-deps -- keyed by the items' places
  // Rows are keyed by slot (index modulo the most rows ever shown): the row leaving the window hands
  // its DOM to the row entering it. They are also listed in slot order, not row order: listed in row
  // order, every recycled row would move in the DOM (to the other end of the list), and a moved node
  // loses its layout boxes and style (rebuilt for all its cells, every frame of a scroll). Position
  // comes from `top`; screen readers get each row's place from aria-rowindex.
  const slotsRef = useRef(0);
  slotsRef.current = Math.max(slotsRef.current, items.length);
  const slots = slotsRef.current;
  const bySlot = [...items].sort((a, b) => (a.index % slots) - (b.index % slots));
  const firstIndex = items[0]?.index ?? 0;
  const lastIndex = items[items.length - 1]?.index ?? 0;

  // A new view starts at the top; the view the scroller mounts with goes back to its kept row.
  const mountedView = useRef(viewKey);
  const restoreRow = useRef(scrollRow > 0 ? scrollRow : null);
  useEffect(() => {
    if (mountedView.current === viewKey) return;
    mountedView.current = viewKey;
    restoreRow.current = null;
    scrollRef.current?.scrollTo({ top: 0 });
    setActive(0);
    setBlocks([0]);
  }, [viewKey]);
  // The kept row, once the view's row count is known (it may have fewer rows now: the last one then).
  useEffect(() => {
    const row = restoreRow.current;
    if (row === null || total === 0) return;
    restoreRow.current = null;
    const to = Math.min(row, total - 1);
    setActive(to);
    virtualizer.scrollToIndex(to, { align: 'start' });
  }, [total, virtualizer]);
  const keepTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Until the row is kept, the frame's save state says a change is still on its way (save-status.ts).
  const saveStatus = useSaveStatus();
  const keepPart = `scroll-row:${useId()}`;
  useEffect(
    () => () => {
      clearTimeout(keepTimer.current);
      saveStatus?.set(keepPart, 'saved');
    },
    [saveStatus, keepPart],
  );
  const onScroll = () => {
    if (!onScrollRow || restoreRow.current !== null) return;
    clearTimeout(keepTimer.current);
    saveStatus?.set(keepPart, 'saving');
    keepTimer.current = setTimeout(() => {
      // Kept first (the screen state then waits for its own save), then this part is done.
      onScrollRow(Math.floor((scrollRef.current?.scrollTop ?? 0) / ROW_H));
      saveStatus?.set(keepPart, 'saved');
    }, KEEP_ROW_AFTER_MS);
  };

  // The blocks in view, asked for at most every FETCH_EVERY_MS (and once scrolling stops).
  const want = useRef<number[]>([0]);
  want.current = [];
  for (let b = Math.floor(firstIndex / SCROLL_BLOCK); b <= Math.floor(lastIndex / SCROLL_BLOCK); b++) want.current.push(b);
  const wantKey = want.current.join(',');
  const lastFetch = useRef(0);
  useEffect(() => {
    const apply = () => {
      lastFetch.current = performance.now();
      setBlocks((have) => (have.join(',') === want.current.join(',') ? have : want.current));
    };
    const wait = Math.max(0, lastFetch.current + FETCH_EVERY_MS - performance.now());
    if (wait === 0) {
      apply();
      return;
    }
    const t = setTimeout(apply, wait);
    return () => clearTimeout(t);
  }, [wantKey]);

  const rowAt = (i: number): CompanyRecord | undefined => loaded.current.get(Math.floor(i / SCROLL_BLOCK))?.[i % SCROLL_BLOCK];

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
    virtualizer.scrollToIndex(next, { align: 'auto' });
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
      <div role="rowgroup" className="scroller__head" style={{ width }}>
        <div role="row" aria-rowindex={1} className="scroller__row scroller__row--head">
          <div role="columnheader" aria-colindex={1} className="scroller__cell scroller__cell--num">
            #
          </div>
          {plan.map(({ index: ci, gap }) => {
            const c = columns[ci];
            if (c === undefined) return null; // a plan names columns of `columns` only
            return (
              <Fragment key={c}>
                {gap > 0 ? <div className="scroller__gap" style={{ width: gap }} aria-hidden="true" /> : null}
                <div
                  role="columnheader"
                  aria-colindex={ci + 2}
                  aria-sort={sort?.field === c ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                  className={`scroller__cell${ci === 0 ? ' scroller__cell--pinned' : ''}`}
                  style={{ width: widths[ci] }}
                >
                  <button type="button" className="scroller__sort" title={`${c}: click to sort`} onClick={() => onSort(c)}>
                    {fieldLabel(c)}
                    <span aria-hidden="true">{sort?.field === c ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                  </button>
                </div>
              </Fragment>
            );
          })}
        </div>
      </div>
      <div role="rowgroup" className="scroller__body" style={{ height: virtualizer.getTotalSize(), width }}>
        {bySlot.map((vi) => (
          <ScrollRow
            key={vi.index % slots}
            index={vi.index}
            top={vi.start}
            height={ROW_H}
            width={width}
            record={rowAt(vi.index)}
            columns={columns}
            widths={widths}
            plan={plan}
            active={vi.index === active}
            onPick={setActive}
            onOpen={onOpen}
          />
        ))}
      </div>
    </div>
  );
}

interface ScrollRowProps {
  index: number;
  top: number;
  height: number;
  width: number;
  record: CompanyRecord | undefined;
  columns: readonly string[];
  widths: readonly number[];
  /** The mounted columns, each with the width of those scrolled away before it. */
  plan: ReadonlyArray<{ index: number; gap: number }>;
  active: boolean;
  onPick(i: number): void;
  onOpen(r: CompanyRecord): void;
}

const fmt = new Intl.NumberFormat();

/** One line of text for a cell (chips joined); long values cut (the whole value is in the title). */
function shown(view: CellView): string {
  const text = view.kind === 'chips' ? view.items.join(', ') : view.text;
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

const ScrollRow = memo(
  function ScrollRow({ index, top, height, width, record, columns, widths, plan, active, onPick, onOpen }: ScrollRowProps) {
    const flat = useMemo(() => (record ? flattenRecord(record) : null), [record]);
    return (
      <div
        role="row"
        id={`scroller-row-${index}`}
        aria-rowindex={index + 2}
        aria-busy={flat ? undefined : true}
        data-company-id={record ? String(record.company_id ?? '') : undefined}
        className={`scroller__row${active ? ' scroller__row--active' : ''}${flat ? '' : ' scroller__row--pending'}`}
        style={{ top, height, width }}
        onClick={() => onPick(index)}
        onDoubleClick={() => record && onOpen(record)}
      >
        <div role="gridcell" aria-colindex={1} className="scroller__cell scroller__cell--num">
          {fmt.format(index + 1)}
        </div>
        {flat ? (
          plan.map(({ index: ci, gap }) => {
            const col = columns[ci];
            if (col === undefined) return null; // a plan names columns of `columns` only
            const view = cellFormat.cell(col, cellValue(flat, col));
            const text = shown(view);
            return (
              <Fragment key={col}>
                {gap > 0 ? <div className="scroller__gap" style={{ width: gap }} aria-hidden="true" /> : null}
                <div
                  role="gridcell"
                  aria-colindex={ci + 2}
                  className={`scroller__cell${ci === 0 ? ' scroller__cell--pinned' : ''}${view.kind === 'text' && view.numeric ? ' scroller__cell--number' : ''}`}
                  style={{ width: widths[ci] }}
                  title={view.full && view.full !== text ? view.full : undefined}
                >
                  {text}
                </div>
              </Fragment>
            );
          })
        ) : (
          // Not fetched yet: one placeholder cell for the row (cheap to paint during a fling).
          <div role="gridcell" aria-colindex={2} className="scroller__cell scroller__cell--pending">
            <span className="scroller__placeholder" aria-hidden="true" />
          </div>
        )}
      </div>
    );
  },
  (a, b) =>
    a.index === b.index && a.top === b.top && a.height === b.height && a.width === b.width && a.record === b.record && a.columns === b.columns && a.widths === b.widths && a.plan === b.plan && a.active === b.active,
);
