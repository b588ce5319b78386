// The header row of Firmscope's grids (search results, a snapshot's scroll view): the lead cell (select
// box or row number), then the mounted columns with a spacer for those scrolled away; the first column
// pinned; a header sorts its column when the grid sorts, and says so with aria-sort and a mark.
import { Fragment, type ReactNode } from 'react';
import { fieldLabel } from '../../../shared/service/catalogue';
import type { ColumnSlot } from './use-virtual-grid';
import './search-grid.css';

export interface GridSort {
  field: string;
  direction: 'asc' | 'desc';
}

export interface GridHeaderProps {
  /** The lead column's header cell (role columnheader, aria-colindex 1). */
  lead: ReactNode;
  leadWidth: number;
  /** Field paths of the data columns, in order; `widths` in the same order. */
  columns: readonly string[];
  widths: readonly number[];
  plan: readonly ColumnSlot[];
  width: number;
  height: number;
  sort?: GridSort | null;
  /** Clicking a header asks for its column's sort (absent: the headers do not sort). */
  onSort?(field: string): void;
  /** Why headers do not sort, in the header's tooltip (e.g. service pages: "Load all to sort"). */
  sortHint?: string;
  /** The drag handle that resizes a column (absent: columns do not resize here). */
  resizer?(index: number): ReactNode;
}

const ariaSort = (sort: GridSort | null | undefined, field: string) => (sort?.field === field ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined);

export function GridHeader({ lead, leadWidth, columns, widths, plan, width, height, sort, onSort, sortHint, resizer }: GridHeaderProps) {
  return (
    <div role="rowgroup" className="grid__head" style={{ width, height }}>
      <div role="row" aria-rowindex={1} className="grid__row grid__row--head">
        {lead}
        {plan.map(({ index: i, gap }) => {
          const field = columns[i];
          if (field === undefined) return null; // a plan names columns of `columns` only
          const mark = sort?.field === field ? (sort.direction === 'asc' ? '▲' : '▼') : '';
          return (
            <Fragment key={field}>
              {gap > 0 ? <div className="grid__gap" style={{ width: gap }} aria-hidden="true" /> : null}
              <div
                role="columnheader"
                aria-colindex={i + 2}
                aria-sort={ariaSort(sort, field)}
                className={`grid__cell grid__cell--head${i === 0 ? ' grid__cell--pinned' : ''}`}
                style={i === 0 ? { width: widths[i], left: leadWidth } : { width: widths[i] }}
                title={onSort ? `${field}: click to sort` : sortHint ? `${field}. ${sortHint}` : field}
              >
                {onSort ? (
                  <button type="button" className="grid__sort" onClick={() => onSort(field)}>
                    <span className="grid__text">{fieldLabel(field)}</span>
                    <span className="grid__sort-mark" aria-hidden="true">
                      {mark}
                    </span>
                  </button>
                ) : (
                  <span className="grid__text">{fieldLabel(field)}</span>
                )}
                {resizer?.(i)}
              </div>
            </Fragment>
          );
        })}
      </div>
    </div>
  );
}
