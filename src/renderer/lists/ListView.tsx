// One list: its companies by name with country, industry, size and the ESG summary columns ("—"
// until an ESG run stores data). Sort by any column, text filter, pages, remove selected, export.
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { ListInfo, ListMember, ListSortField, ListView as ListViewSpec } from '../../shared/lists/lists';
import type { ListsScreenState } from '../state/lists-state';
import { useNavigation } from '../state/navigation';
import { ErrorMessage } from '../ui/ErrorMessage';
import { ListExport } from './ListExport';
import { ListViewExport } from './ListViewExport';
import { EsgExportMenu } from '../esg-export/EsgExportMenu';
import { useListMembers, useRemoveMembers } from '../data/lists';
import { DASH, esgPillars, fmtChange, fmtCount, fmtMoney, fmtMoneyExact, fmtWhen, scoreWithRating } from './list-format';
import { ShortId } from '../ui/ShortId';
import { RefreshEsg } from '../esg-runs/RefreshEsg';
import { listCompanies } from '../data/esg-runs';
import { lazyScreen } from '../ui/lazy-screen';
import { prefetchPlot } from '../analytics/plot-loader';
import { WatchButton } from '../watches/WatchButton';
import { oneLineText } from '../../shared/service-text';
import { ServiceText } from '../ui/ServiceText';
import { mutateThen } from '../data/mutate-then';

// Analytics bring Observable Plot: loaded when a list is open (idle), drawn on the click.
const Analytics = lazyScreen(() => import('../analytics/ListAnalytics').then((m) => m.ListAnalytics));

export const LIST_PAGE_ROWS = 50;

interface Column {
  label: string;
  sort?: ListSortField;
  num?: boolean;
  /** Long text: cut with an ellipsis, the whole text in the tooltip. */
  clip?: boolean;
  cell(m: ListMember): string;
  title?(m: ListMember): string | undefined;
}

const COLUMNS: readonly Column[] = [
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

const n = (v: number) => v.toLocaleString('en-US');

export function ListView({ list, state, onState }: { list: ListInfo; state: ListsScreenState; onState(p: Partial<ListsScreenState>): void }) {
  const [textInput, setTextInput] = useState(state.text);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [analytics, setAnalytics] = useState(false);
  const { navigate } = useNavigation();
  useEffect(() => {
    void Analytics.prefetch();
    prefetchPlot();
  }, []);
  const latest = useRef(state);
  latest.current = state;
  useEffect(() => {
    const t = setTimeout(() => {
      if (textInput.trim() !== latest.current.text) onState({ text: textInput.trim(), page: 0 });
    }, 200);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onState reads the latest state through the store
  }, [textInput]);

  const view = useMemo<ListViewSpec>(() => ({ ...(state.sort ? { sort: state.sort } : {}), ...(state.text ? { text: state.text } : {}) }), [state.sort, state.text]);
  const members = useListMembers(list.id, view, state.page * LIST_PAGE_ROWS, LIST_PAGE_ROWS);
  const remove = useRemoveMembers();
  const rows = members.data?.rows ?? [];
  const total = members.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / LIST_PAGE_ROWS));
  const page = Math.min(state.page, pages - 1);
  const first = total ? page * LIST_PAGE_ROWS + 1 : 0;
  const last = Math.min(total, (page + 1) * LIST_PAGE_ROWS);
  const go = (p: number) => onState({ page: Math.max(0, Math.min(pages - 1, p)) });

  // Another list, page or view: the selection starts over.
  const viewKey = `${list.id}|${page}|${JSON.stringify(view)}`;
  const [seenKey, setSeenKey] = useState(viewKey);
  if (seenKey !== viewKey) {
    setSeenKey(viewKey);
    setSelected(new Set());
  }

  const sortBy = (field: ListSortField) => {
    const s = state.sort;
    onState({ sort: s?.field !== field ? { field, direction: 'asc' } : s.direction === 'asc' ? { field, direction: 'desc' } : null, page: 0 });
  };
  const ariaSort = (field?: ListSortField) => (field && state.sort?.field === field ? (state.sort.direction === 'asc' ? 'ascending' : 'descending') : undefined);
  const mark = (field?: ListSortField) => (field && state.sort?.field === field ? (state.sort.direction === 'asc' ? ' ▲' : ' ▼') : '');
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.companyId));
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const header = (label: string, field?: ListSortField, num?: boolean, className?: string) => (
    <th key={label} scope="col" aria-sort={ariaSort(field)} className={[num ? 'num' : '', className ?? ''].filter(Boolean).join(' ') || undefined}>
      {field ? (
        <button type="button" className="list-view__sort" onClick={() => sortBy(field)}>
          {label}
          <span aria-hidden="true">{mark(field)}</span>
        </button>
      ) : (
        label
      )}
    </th>
  );

  return (
    <section className="list-view" aria-labelledby="list-view-title">
      <div className="list-view__head">
        <h2 id="list-view-title">{list.name}</h2>
        <span className="muted">
          {n(list.memberCount)} {list.memberCount === 1 ? 'company' : 'companies'}
        </span>
        <button type="button" className="button button--small list-view__analytics" aria-pressed={analytics} onClick={() => setAnalytics((a) => !a)}>
          Analytics
        </button>
      </div>
      <div className="list-view__toolbar">
        <label className="field list-view__filter">
          <span className="field__label">Filter this list</span>
          <input className="field__input" type="search" value={textInput} placeholder="Name, country, city, industry or id" onChange={(e) => setTextInput(e.target.value)} />
        </label>
        <button
          type="button"
          className="button button--small"
          disabled={selected.size === 0 || remove.isPending}
          onClick={() => mutateThen(remove, { id: list.id, companyIds: [...selected] }, { onSuccess: () => setSelected(new Set()) })}
        >
          Remove {selected.size ? n(selected.size) : ''} selected from list
        </button>
        <ListExport key={list.id} list={list} view={view} />
        <ListViewExport key={`view-${list.id}`} list={list} view={view} total={members.data ? total : null} rows={rows} sortLabel={COLUMNS.find((c) => c.sort === state.sort?.field)?.label ?? (state.sort?.field === 'name' ? 'Name' : state.sort?.field)} />
        <EsgExportMenu source={{ kind: 'list', listId: list.id }} label={`list “${list.name}”`} />
        <WatchButton key={`watch-${list.id}`} target={{ kind: 'list', listId: list.id, name: list.name, memberCount: list.memberCount }} />
        <RefreshEsg label={list.name} listId={list.id} count={list.memberCount} companies={() => listCompanies(list.id)} onStarted={(run) => navigate({ screen: 'runs', runId: run.id })} />
        {selected.size ? (
          <RefreshEsg
            key={`sel-${selected.size}`}
            label={`${n(selected.size)} selected ${selected.size === 1 ? 'company' : 'companies'} of ${list.name}`}
            listId={list.id}
            count={selected.size}
            buttonLabel={`Refresh ESG for ${n(selected.size)} selected`}
            companies={() => rows.filter((r) => selected.has(r.companyId)).map((r) => ({ companyId: r.companyId, companyName: r.name }))}
            onStarted={(run) => navigate({ screen: 'runs', runId: run.id })}
          />
        ) : null}
      </div>
      {analytics ? (
        <Suspense fallback={<p role="status">Loading the charts…</p>}>
          <Analytics.Component key={list.id} list={list} />
        </Suspense>
      ) : null}
      {remove.error ? <ErrorMessage error={remove.error} title="Could not remove the companies" /> : null}
      {members.error ? <ErrorMessage error={members.error} title="Could not read the list" onRetry={() => void members.refetch()} /> : null}
      <nav className="pager" aria-label="List pages">
        <button type="button" className="button button--small" onClick={() => go(page - 1)} disabled={page === 0}>
          Previous
        </button>
        <span className="pager__page" aria-live="polite">
          Page {n(page + 1)} of {n(pages)}
        </span>
        <button type="button" className="button button--small" onClick={() => go(page + 1)} disabled={page >= pages - 1}>
          Next
        </button>
        <span className="pager__rows" data-testid="list-rows">
          {total ? `Rows ${n(first)}–${n(last)} of ${n(total)}` : state.text ? 'No companies in this list match the filter' : 'This list is empty'}
        </span>
      </nav>
      {rows.length ? (
        <div className="table-wrap">
          <table className="data-table list-view__table" aria-label={`Companies in ${list.name}`} aria-rowcount={total + 1}>
            <thead>
              <tr>
                <th scope="col" className="list-view__select">
                  <input
                    type="checkbox"
                    aria-label="Select all companies on this page"
                    checked={allOnPage}
                    onChange={(e) => setSelected(e.target.checked ? new Set(rows.map((r) => r.companyId)) : new Set())}
                  />
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
      ) : null}
    </section>
  );
}
