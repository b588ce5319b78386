// The grid over a loaded snapshot: local pages ("Page 3 of 248", first/last/jump), sort by any
// column, FTS text filter, facets with chips; Alt+Right/Alt+Left (J/K in the grid) page.
import { Suspense, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { CompanyRecord } from '../../shared/service/schemas';
import type { FacetId, SnapshotInfo, SnapshotView } from '../../shared/snapshots/snapshot';
import { collectColumns } from '../../shared/search/flatten';
import { visibleColumns, type ColumnPrefs } from '../ui/grid/column-prefs';
import type { SnapshotViewState } from '../state/search-state';
import { ResultGrid, type GridSort } from '../ui/grid/ResultGrid';
import { NEXT_KEYS, pagingKeyHandler, PREVIOUS_KEYS } from '../ui/grid/paging-keys';
import { fieldLabel } from '../../shared/service/catalogue';
import { FacetChips, FacetsPanel, type FacetChoices } from './FacetsPanel';
import { facetFilters, type ServiceFilter } from './facet-model';
import { refreshSnapshot } from './LoadAllBar';
import { useSnapshotFacets, useSnapshotPage } from '../data/snapshots';
import { SnapshotScroller } from './SnapshotScroller';
import { SnapshotToList } from './SnapshotToList';
import { GridSelectionActions } from '../lists/GridSelectionActions';
import { ViewExportMenu } from '../export/ViewExportMenu';
import { lazyScreen } from '../ui/lazy-screen';
import { prefetchPlot } from '../analytics/plot-loader';
import './snapshots.css';

// Analytics bring Observable Plot: loaded when a snapshot is shown (idle), drawn on the click.
const Analytics = lazyScreen(() => import('../analytics/ListAnalytics').then((m) => m.SnapshotAnalytics));

export const SNAPSHOT_PAGE_ROWS = 100;
const fmt = new Intl.NumberFormat();
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export interface SnapshotResultsProps {
  snapshot: SnapshotInfo;
  prefs: ColumnPrefs;
  onPrefs(p: ColumnPrefs): void;
  onOpen(r: CompanyRecord): void;
  onShowService(): void;
  /** Adds conditions to the filter builder; null when the builder cannot take them (an "or" search). */
  onAddConditions: ((filters: ServiceFilter[]) => void) | null;
  /** The view kept in the screen store (survives leaving the screen); undefined at first. */
  state: SnapshotViewState | undefined;
  onState(next: SnapshotViewState): void;
  /** The facet column is folded away, so the grid gets its width (remembered by the screen). */
  facetsHidden?: boolean;
  onFacetsHidden?(hidden: boolean): void;
}

export function SnapshotResults({ snapshot, prefs, onPrefs, onOpen, onShowService, onAddConditions, state, onState, facetsHidden = false, onFacetsHidden }: SnapshotResultsProps) {
  // A snapshot other than the one the stored view belongs to starts from its service order.
  const current: SnapshotViewState = state && state.snapshotId === snapshot.id ? state : { snapshotId: snapshot.id, sort: null, text: '', choices: {}, page: 0 };
  const { sort, page } = current;
  const scroll = current.mode === 'scroll';
  const choices = current.choices as FacetChoices;
  const latest = useRef(current);
  latest.current = current;
  const patch = (p: Partial<SnapshotViewState>) => onState({ ...latest.current, ...p });
  // A new sort, text or facet choice starts at the first page.
  const setSort = (u: (s: GridSort | null) => GridSort | null) => patch({ sort: u(latest.current.sort), page: 0, scrollRow: 0 });
  const setChoices = (u: (c: FacetChoices) => FacetChoices) => patch({ choices: u(latest.current.choices as FacetChoices), page: 0, scrollRow: 0 });
  const setPage = (p: number) => patch({ page: p });
  const [textInput, setTextInput] = useState(current.text);
  const [jump, setJump] = useState('');
  const rootRef = useRef<HTMLDivElement>(null);
  const sideId = useId();

  // Typing filters after a short pause, not at every key.
  useEffect(() => {
    const t = setTimeout(() => {
      if (textInput.trim() !== latest.current.text) patch({ text: textInput.trim(), page: 0, scrollRow: 0 });
    }, 200);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- patch reads the latest view through a ref
  }, [textInput]);
  const text = current.text;
  useEffect(() => {
    void Analytics.prefetch();
    prefetchPlot();
  }, []);

  const view = useMemo<SnapshotView>(() => ({ ...(sort ? { sort } : {}), ...(text ? { text } : {}), facets: choices }), [sort, text, choices]);
  const rows = useSnapshotPage(snapshot.id, view, page * SNAPSHOT_PAGE_ROWS, SNAPSHOT_PAGE_ROWS);
  // Rows first, then the counts (a facet click used to wait for all seven facets in main).
  const facets = useSnapshotFacets(snapshot.id, view, !rows.isPlaceholderData && !rows.isPending);
  const total = rows.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / SNAPSHOT_PAGE_ROWS));
  const records = useMemo(() => rows.data?.rows ?? [], [rows.data]);
  const columns = useMemo(() => collectColumns(records), [records]);

  const go = (p: number) => setPage(Math.max(0, Math.min(pages - 1, p)));
  const onSort = (field: string) =>
    setSort((s) => (s?.field !== field ? { field, direction: 'asc' } : s.direction === 'asc' ? { field, direction: 'desc' } : null));
  const toggle = (facet: FacetId, key: string | number) =>
    setChoices((c) => {
      const have = c[facet] ?? [];
      const next = have.some((k) => String(k) === String(key)) ? have.filter((k) => String(k) !== String(key)) : [...have, key];
      const { [facet]: _drop, ...rest } = c;
      return next.length ? { ...rest, [facet]: next } : rest;
    });
  const pagingKeys = pagingKeyHandler((direction) => go(page + (direction === 'next' ? 1 : -1)));
  // The scroll view has no pages; its keys move through the rows.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => (scroll ? undefined : pagingKeys(e));
  const chosenCount = Object.values(choices).reduce((n, k) => n + (k?.length ?? 0), 0);
  const first = total ? page * SNAPSHOT_PAGE_ROWS + 1 : 0;
  const last = Math.min(total, (page + 1) * SNAPSHOT_PAGE_ROWS);

  return (
    <div className="snapshot" ref={rootRef} onKeyDown={onKeyDown}>
      <div className="snapshot__banner" role="status">
        <span>
          Snapshot of {when.format(snapshot.finishedAt ?? snapshot.startedAt)}: {fmt.format(snapshot.rowCount)} rows
          {snapshot.status === 'capped' ? ` (row cap; the service has ${fmt.format(snapshot.serviceCount ?? 0)})` : ''}. Sorting, facets and the
          text filter work on this loaded set.
        </span>
        <button type="button" className="button button--small" onClick={() => void refreshSnapshot(snapshot)}>
          Refresh
        </button>
        <button type="button" className="button button--small" onClick={onShowService}>
          Show service pages
        </button>
        <button type="button" className="button button--small" aria-pressed={!!current.analytics} onClick={() => patch({ analytics: !latest.current.analytics })}>
          Analytics
        </button>
        {onFacetsHidden ? (
          <button type="button" className="button button--small" aria-expanded={!facetsHidden} aria-controls={sideId} onClick={() => onFacetsHidden(!facetsHidden)}>
            {facetsHidden ? `Show facets${chosenCount ? ` (${chosenCount} chosen)` : ''}` : 'Hide facets'}
          </button>
        ) : null}
      </div>
      {current.analytics ? (
        <Suspense fallback={<p role="status">Loading the charts…</p>}>
          <Analytics.Component key={snapshot.id} snapshot={snapshot} view={view} />
        </Suspense>
      ) : null}
      <SnapshotToList snapshot={snapshot} text={text} choices={choices} shown={rows.isPlaceholderData || rows.isPending ? null : total} />
      <ViewExportMenu snapshot={snapshot} view={view} total={rows.isPlaceholderData || rows.isPending ? null : total} columns={visibleColumns(columns, prefs)} rows={records} />
      <div className={`snapshot__layout${facetsHidden ? ' snapshot__layout--no-side' : ''}`}>
        <div className="snapshot__side" id={sideId} hidden={facetsHidden}>
          <FacetsPanel counts={facets.data} choices={choices} onToggle={toggle} />
        </div>
        <div className="snapshot__main">
          <div className="snapshot__sort">
            <label className="snapshot__text">
              Filter loaded rows{' '}
              <input
                className="field__input"
                type="search"
                value={textInput}
                placeholder="Name, city, domain, industry"
                onChange={(e) => setTextInput(e.target.value)}
              />
            </label>
            <label>
              Sort by{' '}
              <select
                className="field__input"
                value={sort?.field ?? ''}
                onChange={(e) => {
                  const field = e.target.value;
                  setSort((s) => (field ? { field, direction: s?.direction ?? 'asc' } : null));
                }}
              >
                <option value="">Service order</option>
                {columns.map((c) => (
                  <option key={c} value={c}>
                    {fieldLabel(c)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Direction{' '}
              <select
                className="field__input"
                value={sort?.direction ?? 'asc'}
                disabled={!sort}
                onChange={(e) => {
                  const direction = e.target.value === 'desc' ? 'desc' : 'asc';
                  setSort((s) => (s ? { field: s.field, direction } : s));
                }}
              >
                <option value="asc">Ascending</option>
                <option value="desc">Descending</option>
              </select>
            </label>
            <span className="snapshot__sort-note">Empty values come last in both directions.</span>
          </div>
          <div className="snapshot__mode" role="group" aria-label="View">
            <button type="button" className="button button--small" aria-pressed={!scroll} onClick={() => patch({ mode: 'pages' })}>
              Pages
            </button>
            <button type="button" className="button button--small" aria-pressed={scroll} onClick={() => patch({ mode: 'scroll' })}>
              Scroll
            </button>
          </div>
          <FacetChips choices={choices} onRemove={toggle} />
          {chosenCount > 0 ? (
            <button
              type="button"
              className="button button--small"
              disabled={!onAddConditions}
              title={onAddConditions ? undefined : 'The builder combines its conditions with "or"; switch it to "and" first.'}
              onClick={() => onAddConditions?.(facetFilters(choices))}
            >
              Turn these facet choices into service conditions
            </button>
          ) : null}
          {scroll ? (
            <SnapshotScroller
              snapshotId={snapshot.id}
              view={view}
              total={total}
              prefs={prefs}
              sort={sort}
              onSort={onSort}
              onOpen={onOpen}
              scrollRow={current.scrollRow}
              onScrollRow={(row) => row !== latest.current.scrollRow && patch({ scrollRow: row })}
            />
          ) : (
          <>
          <nav className="pager" aria-label="Snapshot pages">
            <button type="button" className="button button--small" onClick={() => go(0)} disabled={page === 0} title="First page">
              First
            </button>
            <button
              type="button"
              className="button button--small"
              onClick={() => go(page - 1)}
              disabled={page === 0}
              title={`Previous page (${PREVIOUS_KEYS})`}
              aria-keyshortcuts="Alt+ArrowLeft K"
            >
              Previous
            </button>
            <span className="pager__page" aria-live="polite" data-testid="snapshot-page">
              Page {fmt.format(page + 1)} of {fmt.format(pages)}
            </span>
            <button
              type="button"
              className="button button--small"
              onClick={() => go(page + 1)}
              disabled={page >= pages - 1}
              title={`Next page (${NEXT_KEYS})`}
              aria-keyshortcuts="Alt+ArrowRight J"
            >
              Next
            </button>
            <button type="button" className="button button--small" onClick={() => go(pages - 1)} disabled={page >= pages - 1} title="Last page">
              Last
            </button>
            <form
              className="pager__jump"
              onSubmit={(e) => {
                e.preventDefault();
                const n = Number(jump);
                if (Number.isInteger(n)) go(n - 1);
              }}
            >
              <label>
                Go to page
                <input className="field__input pager__jump-input" type="number" min={1} max={pages} value={jump} onChange={(e) => setJump(e.target.value)} />
              </label>
            </form>
            <span className="pager__rows" data-testid="snapshot-rows">
              {total ? `Rows ${fmt.format(first)}–${fmt.format(last)} of ${fmt.format(total)}` : 'No loaded rows match'}
            </span>
          </nav>
          {records.length ? (
            <ResultGrid
              rows={records}
              firstRow={first}
              available={columns}
              prefs={prefs}
              onPrefsChange={onPrefs}
              onOpen={onOpen}
              sort={sort}
              onSort={onSort}
              selectionActions={(selected) => <GridSelectionActions selected={selected} />}
            />
          ) : rows.isPending ? null : (
            <p className="empty">No loaded rows match the text filter and facet choices.</p>
          )}
          <p className="snapshot__keys">Alt+Right / Alt+Left (J / K in the grid) go to the next and previous page.</p>
          </>
          )}
        </div>
      </div>
    </div>
  );
}
