// One page of a list's companies as a table: a select box per row (and for the page), the name that
// opens the company's ESG data, country, industry, size, the ESG summary columns ("—" until an ESG
// run stores data) and the id last. A header sorts its column: ascending, descending, list order.
import type { ListInfo, ListMember, ListSortField, ListView } from '../../shared/lists/lists';
import { oneLineText } from '../../shared/service-text';
import { useNavigation } from '../state/navigation';
import { ServiceText } from '../ui/ServiceText';
import { ShortId } from '../ui/ShortId';
import { DASH, esgPillars, fmtChange, fmtCount, fmtMoney, fmtMoneyExact, fmtWhen, scoreWithRating } from './list-format';

interface Column {
  label: string;
  sort?: ListSortField;
  num?: boolean;
  /** Long text: cut with an ellipsis, the whole text in the tooltip. */
  clip?: boolean;
  cell(m: ListMember): string;
  title?(m: ListMember): string | undefined;
}

export const COLUMNS: readonly Column[] = [
  { label: 'Country', sort: 'country', cell: (m) => m.countryName ?? m.country ?? DASH },
  { label: 'Industry', sort: 'industry', clip: true, cell: (m) => m.industry ?? DASH, title: (m) => m.industry ?? undefined },
  { label: 'Employees', sort: 'employees', num: true, cell: (m) => fmtCount(m.employees) },
  { label: 'Revenue', sort: 'revenue', num: true, cell: (m) => fmtMoney(m.revenue), title: (m) => fmtMoneyExact(m.revenue) },
  ...esgPillars.map(
    (p): Column => ({
      label: p.label,
      sort: p.sort,
      num: true,
      cell: (m) => scoreWithRating(m.esg[p.score] as number | null | undefined, m.esg[p.rating] as string | null | undefined),
    }),
  ),
  { label: 'News', sort: 'newsCount', num: true, cell: (m) => fmtCount(m.esg.newsCount) },
  { label: 'Commitments', sort: 'commitmentsCount', num: true, cell: (m) => fmtCount(m.esg.commitmentsCount) },
  { label: 'ESG refreshed', sort: 'refreshedAt', cell: (m) => fmtWhen(m.esg.refreshedAt) },
  { label: 'Change since previous refresh', sort: 'overallChange', num: true, cell: (m) => fmtChange(m.esg.overallChange) },
];

export interface ListMembersTableProps {
  list: ListInfo;
  rows: ListMember[];
  /** Rows in the view, and the 1-based number of the first row of this page. */
  total: number;
  first: number;
  sort: ListView['sort'] | null;
  onSort(field: ListSortField): void;
  selected: ReadonlySet<string>;
  onSelected(next: Set<string>): void;
}

export function ListMembersTable({ list, rows, total, first, sort, onSort, selected, onSelected }: ListMembersTableProps) {
  const { navigate } = useNavigation();
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.companyId));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelected(next);
  };
  const header = (label: string, field?: ListSortField, num?: boolean, className?: string) => (
    <SortHeader key={label} label={label} field={field} sort={sort} onSort={onSort} className={[num ? 'num' : '', className ?? ''].filter(Boolean).join(' ') || undefined} />
  );
  return (
    <div className="table-wrap">
      <table className="data-table list-view__table" aria-label={`Companies in ${list.name}`} aria-rowcount={total + 1}>
        <thead>
          <tr>
            <th scope="col" className="list-view__select">
              <input type="checkbox" aria-label="Select all companies on this page" checked={allOnPage} onChange={(e) => onSelected(e.target.checked ? new Set(rows.map((r) => r.companyId)) : new Set())} />
            </th>
            {header('Name', 'name', false, 'list-view__name')}
            {COLUMNS.map((c) => header(c.label, c.sort, c.num))}
            {/* Last: names lead, and the ESG columns stay in view without scrolling sideways. */}
            <th scope="col">ID</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((m, i) => (
            <tr key={m.companyId} aria-rowindex={first + i + 1}>
              <td className="list-view__select">
                <input type="checkbox" aria-label={`Select ${oneLineText(m.name ?? m.companyId)}`} checked={selected.has(m.companyId)} onChange={() => toggle(m.companyId)} />
              </td>
              <th scope="row" className="list-view__name">
                {m.name ? (
                  <button
                    type="button"
                    className="button button--ghost button--small list-view__open"
                    title={`Open the ESG data of ${oneLineText(m.name)}`}
                    onClick={() => navigate({ screen: 'esg', companyId: m.companyId, companyName: m.name ?? undefined, fromListId: list.id })}
                  >
                    <ServiceText text={m.name} />
                  </button>
                ) : (
                  <span className="muted">Name unknown</span>
                )}
              </th>
              {COLUMNS.map((c) => (
                <td key={c.label} className={c.num ? 'num' : c.clip ? 'list-view__clip' : undefined} title={c.title?.(m)}>
                  {c.cell(m)}
                </td>
              ))}
              <td>
                <ShortId id={m.companyId} name={m.name} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SortHeader({ label, field, sort, onSort, className }: { label: string; field?: ListSortField; sort: ListView['sort'] | null; onSort(f: ListSortField): void; className?: string }) {
  const on = field !== undefined && sort?.field === field;
  return (
    <th scope="col" aria-sort={on ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined} className={className}>
      {field ? (
        <button type="button" className="list-view__sort" onClick={() => onSort(field)}>
          {label}
          <span aria-hidden="true">{on ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}</span>
        </button>
      ) : (
        label
      )}
    </th>
  );
}
