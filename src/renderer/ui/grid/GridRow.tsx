// One virtualised grid row. Memoised: while scrolling only rows entering the window render.
// Kept lean for layout and paint: rows placed with `top` (a transform per row gives each row its own
// paint chunk), a body cell is one block element that clips its own text (no inner span), and only
// the columns in view are mounted (`plan`), with a spacer standing in for the others.
// Values read as cell-format.ts says: locale numbers, chips for lists, the company id short with copy.
import { Fragment, memo } from 'react';
import { cellValue } from '../../../shared/search/flatten';
import { cellFormat, type CellView } from './cell-format';
import type { ColumnSlot } from './use-virtual-grid';


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
  /** Copies a full company id (the id cell's button). */
  onCopyId?(id: string): void;
}

const LONG = 24;
/** Cells never show more than this (the full value is in the title and the focus line); shaping long text is slow. */
const MAX_SHOWN = 300;
/** Chips shown in one cell; the rest are counted ("+3"), all of them in the title. */
const MAX_CHIPS = 6;
const clip = (text: string) => (text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text);

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
        if (col === undefined) return null; // a plan names columns of p.columns only
        // Under a null parent (`address: null`) a leaf is empty, not missing (not hatched).
        const value = cellValue(p.record, col);
        const view = cellFormat.cell(col, value);
        const full = view.full;
        const title = full && (view.kind !== 'text' || full !== view.text || full.length > LONG || full.includes('\n')) ? full : undefined;
        const kindClass = view.kind === 'chips' ? ' grid__cell--chips' : view.kind === 'id' ? ' grid__cell--id' : view.numeric ? ' grid__cell--num' : '';
        return (
          <Fragment key={col}>
            {gap > 0 ? <div className="grid__gap" style={{ width: gap }} aria-hidden="true" /> : null}
            <div
              role="gridcell"
              aria-colindex={ci + 2}
              data-cell={`${p.index}:${ci + 1}`}
              tabIndex={p.tabColumn === ci + 1 ? 0 : -1}
              className={`grid__cell grid__cell--body${ci === 0 ? ' grid__cell--pinned' : ''}${value === undefined ? ' grid__cell--missing' : ''}${kindClass}`}
              style={{ width: p.widths[ci] }}
              title={title}
              onFocus={() => p.onFocusCell(p.index, ci + 1)}
            >
              <CellContent view={view} rowNumber={p.rowNumber} onCopyId={p.onCopyId} />
            </div>
          </Fragment>
        );
      })}
    </div>
  );
});

function CellContent({ view, rowNumber, onCopyId }: { view: CellView; rowNumber: number; onCopyId?(id: string): void }) {
  if (view.kind === 'text') return <>{clip(view.text)}</>;
  if (view.kind === 'id') {
    return (
      <>
        <span className="grid__id">{view.text}</span>
        {onCopyId ? (
          <button
            type="button"
            tabIndex={-1}
            className="grid__copy"
            aria-label={`Copy company ID of row ${rowNumber}`}
            onClick={(e) => {
              e.stopPropagation();
              onCopyId(view.full);
            }}
          >
            Copy
          </button>
        ) : null}
      </>
    );
  }
  const more = view.items.length - MAX_CHIPS;
  return (
    <>
      {view.items.slice(0, MAX_CHIPS).map((item, i) => (
        <span key={i} className="grid__chip">
          {clip(item)}
        </span>
      ))}
      {more > 0 ? <span className="grid__chip grid__chip--more">+{more}</span> : null}
    </>
  );
}
