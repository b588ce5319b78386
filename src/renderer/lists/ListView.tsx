// One list: its companies by name with country, industry, size and the ESG summary columns ("—"
// until an ESG run stores data). Sort by any column, text filter, pages, remove selected, export.
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { ListInfo, ListSortField, ListView as ListViewSpec } from '../../shared/lists/lists';
import type { ListsScreenState } from '../state/lists-state';
import { useNavigation } from '../state/navigation';
import { ErrorMessage } from '../ui/ErrorMessage';
import { ListExport } from './ListExport';
import { ListViewExport } from './ListViewExport';
import { COLUMNS, ListMembersTable } from './ListMembersTable';
import { EsgExportMenu } from '../esg-export/EsgExportMenu';
import { useListMembers, useRemoveMembers } from '../data/lists';
import { RefreshEsg } from '../esg-runs/RefreshEsg';
import { listCompanies } from '../data/esg-runs';
import { lazyScreen } from '../ui/lazy-screen';
import { prefetchPlot } from '../analytics/plot-loader';
import { WatchButton } from '../watches/WatchButton';
import { WeightingChoice } from './WeightingChoice';
import { mutateThen } from '../data/mutate-then';
import { formatCount } from '../ui/format';

// Analytics bring Observable Plot: loaded when a list is open (idle), drawn on the click.
const Analytics = lazyScreen(() => import('../analytics/ListAnalytics').then((m) => m.ListAnalytics));

export const LIST_PAGE_ROWS = 50;

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
  return (
    <section className="list-view" aria-labelledby="list-view-title">
      <div className="list-view__head">
        <h2 id="list-view-title">{list.name}</h2>
        <span className="muted">
          {formatCount(list.memberCount)} {list.memberCount === 1 ? 'company' : 'companies'}
        </span>
        <button type="button" className="button button--small list-view__analytics" aria-pressed={analytics} onClick={() => setAnalytics((a) => !a)}>
          Analytics
        </button>
      </div>
      <div className="list-view__toolbar">
        <WeightingChoice list={list} />
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
          Remove {selected.size ? formatCount(selected.size) : ''} selected from list
        </button>
        <ListExport key={list.id} list={list} view={view} />
        <ListViewExport key={`view-${list.id}`} list={list} view={view} total={members.data ? total : null} rows={rows} sortLabel={COLUMNS.find((c) => c.sort === state.sort?.field)?.label ?? (state.sort?.field === 'name' ? 'Name' : state.sort?.field)} />
        <EsgExportMenu source={{ kind: 'list', listId: list.id }} label={`list “${list.name}”`} />
        <WatchButton key={`watch-${list.id}`} target={{ kind: 'list', listId: list.id, name: list.name, memberCount: list.memberCount }} />
        <RefreshEsg label={list.name} listId={list.id} count={list.memberCount} companies={() => listCompanies(list.id)} onStarted={(run) => navigate({ screen: 'runs', runId: run.id })} />
        {selected.size ? (
          <RefreshEsg
            key={`sel-${selected.size}`}
            label={`${formatCount(selected.size)} selected ${selected.size === 1 ? 'company' : 'companies'} of ${list.name}`}
            listId={list.id}
            count={selected.size}
            buttonLabel={`Refresh ESG for ${formatCount(selected.size)} selected`}
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
          Page {formatCount(page + 1)} of {formatCount(pages)}
        </span>
        <button type="button" className="button button--small" onClick={() => go(page + 1)} disabled={page >= pages - 1}>
          Next
        </button>
        <span className="pager__rows" data-testid="list-rows">
          {total ? `Rows ${formatCount(first)}–${formatCount(last)} of ${formatCount(total)}` : state.text ? 'No companies in this list match the filter' : 'This list is empty'}
        </span>
      </nav>
      {rows.length ? (
        <ListMembersTable list={list} rows={rows} total={total} first={first} sort={state.sort} onSort={sortBy} selected={selected} onSelected={setSelected} />
      ) : null}
    </section>
  );
}
