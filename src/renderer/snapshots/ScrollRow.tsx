// One row of a snapshot's scroll view: the row number, then the mounted columns as one line of text
// each (chips joined; long values cut, the whole value in the title). A row whose block has not
// arrived is one placeholder cell (cheap to paint during a fling) and is aria-busy until it has.
import { Fragment, memo, useMemo } from 'react';
import type { CompanyRecord } from '../../shared/service/schemas';
import { cellValue, flattenRecord } from '../../shared/search/flatten';
import { cellFormat, type CellView } from '../ui/grid/cell-format';
import type { ColumnSlot } from '../ui/grid/use-virtual-grid';
import { formatCount } from '../ui/format';

const MAX_SHOWN = 200;

export interface ScrollRowProps {
  index: number;
  top: number;
  height: number;
  width: number;
  record: CompanyRecord | undefined;
  columns: readonly string[];
  widths: readonly number[];
  /** The mounted columns, each with the width of those scrolled away before it. */
  plan: readonly ColumnSlot[];
  active: boolean;
  onPick(i: number): void;
  onOpen(r: CompanyRecord): void;
}

/** One line of text for a cell (chips joined); long values cut (the whole value is in the title). */
function shown(view: CellView): string {
  const text = view.kind === 'chips' ? view.items.join(', ') : view.text;
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

export const ScrollRow = memo(
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
          {formatCount(index + 1)}
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
