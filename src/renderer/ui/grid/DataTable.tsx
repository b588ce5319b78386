// The one paged table: a page of rows the analyst reads and acts on (a list's companies, match
// candidates, bulk rows, the review queue). Columns are descriptors; sorting, a select box per row
// (and for the page), the row's name as its header and the row numbers of a paged view are written
// here once. Unbounded results (search, snapshots) scroll in ResultGrid/SnapshotScroller instead,
// on the same useVirtualGrid; a page of at most a few hundred rows needs no virtualisation, and
// stays a <table> that screen readers read as one.
import type { HTMLAttributes, ReactNode } from 'react';

export interface TableColumn<R> {
  /** Unique per table: the React key. */
  key: string;
  header: ReactNode;
  /** A header only screen readers hear (an actions column). */
  hiddenHeader?: boolean;
  /** Right-aligned figures. */
  num?: boolean;
  className?: string;
  /** The cell that names the row: a row header (`<th scope="row">`). */
  rowHeader?: boolean;
  /** The field a click on the header sorts by (needs the table's `sort`). */
  sort?: string;
  cell(row: R, index: number): ReactNode;
  /** The cell's tooltip (the whole text of a cut cell, an exact figure). */
  title?(row: R): string | undefined;
}

export interface TableSort {
  field: string;
  direction: 'asc' | 'desc';
}

export interface TableSelection<R> {
  selected: ReadonlySet<string>;
  onChange(next: Set<string>): void;
  /** The select box's label for one row ("Select Apex Energy GmbH") and for the page. */
  rowLabel(row: R): string;
  pageLabel: string;
}

export interface DataTableProps<R> {
  label: string;
  columns: readonly TableColumn<R>[];
  rows: readonly R[];
  rowKey(row: R, index: number): string;
  className?: string;
  /** A paged view: rows in the whole view and the 1-based number of this page's first row. */
  paging?: { total: number; first: number };
  sort?: { current: TableSort | null; onSort(field: string): void };
  selection?: TableSelection<R>;
  /** Per-row attributes (id, class, aria-selected, onClick) of an interactive table. */
  rowProps?(row: R, index: number): HTMLAttributes<HTMLTableRowElement>;
  /** Attributes of the table itself (role, tabIndex, aria-activedescendant of a keyboard table). */
  tableProps?: HTMLAttributes<HTMLTableElement>;
}

export function DataTable<R>({ label, columns, rows, rowKey, className, paging, sort, selection, rowProps, tableProps }: DataTableProps<R>) {
  const keys = rows.map(rowKey);
  return (
    <table
      {...tableProps}
      className={['data-table', className].filter(Boolean).join(' ')}
      aria-label={label}
      aria-rowcount={paging ? paging.total + 1 : undefined}
    >
      <thead>
        <tr>
          {selection ? <SelectAllHeader keys={keys} selection={selection} /> : null}
          {columns.map((c) => (
            <ColumnHeader key={c.key} column={c} sort={sort} />
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => {
          const key = keys[i]!;
          return (
            <tr key={key} aria-rowindex={paging ? paging.first + i + 1 : undefined} {...rowProps?.(row, i)}>
              {selection ? <SelectCell id={key} label={selection.rowLabel(row)} selection={selection} /> : null}
              {columns.map((c) => {
                const cls = [c.num ? 'num' : '', c.className ?? ''].filter(Boolean).join(' ') || undefined;
                return c.rowHeader ? (
                  <th key={c.key} scope="row" className={cls} title={c.title?.(row)}>
                    {c.cell(row, i)}
                  </th>
                ) : (
                  <td key={c.key} className={cls} title={c.title?.(row)}>
                    {c.cell(row, i)}
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function ColumnHeader<R>({ column: c, sort }: { column: TableColumn<R>; sort: DataTableProps<R>['sort'] }) {
  const cls = [c.num ? 'num' : '', c.className ?? ''].filter(Boolean).join(' ') || undefined;
  const on = c.sort !== undefined && sort?.current?.field === c.sort ? sort.current : null;
  const field = sort ? c.sort : undefined;
  return (
    <th scope="col" aria-sort={on ? (on.direction === 'asc' ? 'ascending' : 'descending') : undefined} className={cls}>
      {field !== undefined && sort ? (
        <button type="button" className="data-table__sort" onClick={() => sort.onSort(field)}>
          {c.header}
          <span aria-hidden="true">{on ? (on.direction === 'asc' ? ' ▲' : ' ▼') : ''}</span>
        </button>
      ) : c.hiddenHeader ? (
        <span className="visually-hidden">{c.header}</span>
      ) : (
        c.header
      )}
    </th>
  );
}

function SelectAllHeader<R>({ keys, selection }: { keys: string[]; selection: TableSelection<R> }) {
  const all = keys.length > 0 && keys.every((k) => selection.selected.has(k));
  return (
    <th scope="col" className="data-table__select">
      <input type="checkbox" aria-label={selection.pageLabel} checked={all} onChange={(e) => selection.onChange(e.target.checked ? new Set(keys) : new Set())} />
    </th>
  );
}

function SelectCell<R>({ id, label, selection }: { id: string; label: string; selection: TableSelection<R> }) {
  const toggle = () => {
    const next = new Set(selection.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    selection.onChange(next);
  };
  return (
    <td className="data-table__select">
      <input type="checkbox" aria-label={label} checked={selection.selected.has(id)} onChange={toggle} />
    </td>
  );
}
