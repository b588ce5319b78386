// One page of a list's companies as a table: a select box per row (and for the page), the name that
// opens the company's ESG data, country, industry, size, the ESG summary columns ("—" until an ESG
// run stores data) and the id last. A header sorts its column: ascending, descending, list order.
import type { ListInfo, ListMember, ListSortField, ListView } from '../../shared/lists/lists';
import { oneLineText } from '../../shared/service-text';
import { useNavigation } from '../state/navigation';
import { ServiceText } from '../ui/ServiceText';
import { ShortId } from '../ui/ShortId';
import { DataTable, type TableColumn } from '../ui/grid/DataTable';
import { WeightInput } from './WeightInput';
import { DASH, esgPillars, fmtChange, fmtCount, fmtMoney, fmtMoneyExact, fmtWhen, scoreWithRating } from './list-format';
import { countryShown } from '../ui/value-catalogue';

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
  { label: 'Country', sort: 'country', cell: (m) => (m.country || m.countryName ? countryShown(m.country, m.countryName) : DASH) },
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
  const columns: TableColumn<ListMember>[] = [
    {
      key: 'name',
      header: 'Name',
      sort: 'name',
      rowHeader: true,
      className: 'list-view__name',
      cell: (m) =>
        m.name ? (
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
        ),
    },
    // Per-company weighting: each row's weight is typed here (equal weighting needs none).
    ...(list.weighting === 'given' ? [{ key: 'weight', header: 'Weight', sort: 'weight', num: true, cell: (m: ListMember) => <WeightInput listId={list.id} member={m} /> }] : []),
    ...COLUMNS.map((c): TableColumn<ListMember> => ({ key: c.label, header: c.label, sort: c.sort, num: c.num, className: c.clip && !c.num ? 'list-view__clip' : undefined, cell: c.cell, title: c.title })),
    // Last: names lead, and the ESG columns stay in view without scrolling sideways.
    { key: 'id', header: 'ID', cell: (m) => <ShortId id={m.companyId} name={m.name} /> },
  ];
  return (
    <div className="table-wrap">
      <DataTable
        label={`Companies in ${list.name}`}
        className="list-view__table"
        columns={columns}
        rows={rows}
        rowKey={(m) => m.companyId}
        paging={{ total, first }}
        sort={{ current: sort ?? null, onSort: (f) => onSort(f as ListSortField) }}
        selection={{ selected, onChange: onSelected, rowLabel: (m) => `Select ${oneLineText(m.name ?? m.companyId)}`, pageLabel: 'Select all companies on this page' }}
      />
    </div>
  );
}
