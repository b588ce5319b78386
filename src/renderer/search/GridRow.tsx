// One virtualised grid row. Memoised: while scrolling only rows entering the window render.
// Kept lean for layout and paint: rows placed with `top` (a transform per row gives each row its own
// paint chunk), a body cell is one block element that clips its own text (no inner span), and only
// the columns in view are mounted (`plan`), with a spacer standing in for the others.
import { Fragment, memo } from 'react';
import { cellText } from '../../shared/search/flatten';

/** A mounted column: its index in `columns`, and the empty width before it (columns not mounted). */
export interface ColumnSlot {
  index: number;
  gap: number;
}

export interface GridRowProps {
  index: number;
  /** 1-based row number shown to assistive tech. */
  rowNumber: number;
  top: number;
  height: number;
  width: number;
  record: Record<string, unknown>;
  columns: readonly string[];
  widths: readonly number[];
  /** Which columns are mounted (horizontal virtualisation); all of them when absent. */
  plan?: readonly ColumnSlot[];
  selected: boolean;
  /** Column index (0 = select box) holding the roving tab stop, or -1 when this row has none. */
  tabColumn: number;
  active: boolean;
  onToggle(index: number): void;
  onFocusCell(index: number, column: number): void;
  onOpen(index: number): void;
}

const LONG = 24;
/** Cells never show more than this (the full value is in the title and the focus line); shaping long text is slow. */
const MAX_SHOWN = 300;

export const GridRow = memo(function GridRow(p: GridRowProps) {
  return (
    <div
      role="row"
      aria-rowindex={p.index + 2}
      aria-selected={p.selected}
      className={`grid__row${p.selected ? ' grid__row--selected' : ''}${p.active ? ' grid__row--active' : ''}`}
      style={{ top: p.top, height: p.height, width: p.width }}
      onDoubleClick={() => p.onOpen(p.index)}
    >
      <div role="gridcell" aria-colindex={1} className="grid__cell grid__cell--select">
        <input
          type="checkbox"
          data-cell={`${p.index}:0`}
          tabIndex={p.tabColumn === 0 ? 0 : -1}
          aria-label={`Select row ${p.rowNumber}`}
          checked={p.selected}
          onChange={() => p.onToggle(p.index)}
          onFocus={() => p.onFocusCell(p.index, 0)}
        />
      </div>
      {(p.plan ?? p.columns.map((_, index) => ({ index, gap: 0 }))).map(({ index: ci, gap }) => {
        const col = p.columns[ci];
        const value = p.record[col];
        const text = cellText(value);
        return (
          <Fragment key={col}>
            {gap > 0 ? <div className="grid__gap" style={{ width: gap }} aria-hidden="true" /> : null}
            <div
              role="gridcell"
              aria-colindex={ci + 2}
              data-cell={`${p.index}:${ci + 1}`}
              tabIndex={p.tabColumn === ci + 1 ? 0 : -1}
              className={`grid__cell grid__cell--body${value === undefined ? ' grid__cell--missing' : ''}`}
              style={{ width: p.widths[ci] }}
              title={text.length > LONG || text.includes('\n') ? text : undefined}
              onFocus={() => p.onFocusCell(p.index, ci + 1)}
            >
              {text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text}
            </div>
          </Fragment>
        );
      })}
    </div>
  );
});
