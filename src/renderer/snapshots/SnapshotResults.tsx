// The grid over a loaded snapshot: local pages ("Page 3 of 248", first/last/jump), sort by any
// column, FTS text filter, facets with chips; Alt+Right/Alt+Left (J/K in the grid) page; or the
// continuous scroll view. The view state is snapshot-view-state.ts; the parts around the grid are
// SnapshotBanner, SnapshotSortBar and SnapshotPager.
import { Suspense, useEffect, useId, useMemo, useRef, type KeyboardEvent } from 'react';
import type { CompanyRecord, SearchFilter } from '../../shared/service/schemas';
import type { SnapshotInfo, SnapshotView } from '../../shared/snapshots/snapshot';
import { collectColumns } from '../../shared/search/flatten';
import { visibleColumns, type ColumnPrefs } from '../ui/grid/column-prefs';
import type { SnapshotViewState } from '../state/search-state';
import { ResultGrid } from '../ui/grid/ResultGrid';
import { pagingKeyHandler } from '../ui/grid/paging-keys';
import { FacetChips, FacetsPanel, type FacetChoices } from './FacetsPanel';
import { FacetConditionsButton } from './FacetConditionsButton';
import { useSnapshotFacets, useSnapshotPage } from '../data/snapshots';
import { SnapshotScroller } from './SnapshotScroller';
import { SnapshotToList } from './SnapshotToList';
import { GridSelectionActions } from '../lists/GridSelectionActions';
import { ViewExportMenu } from '../export/ViewExportMenu';
import { lazyScreen } from '../ui/lazy-screen';
import { prefetchPlot } from '../analytics/plot-loader';
import { SnapshotBanner } from './SnapshotBanner';
import { SnapshotPager } from './SnapshotPager';
import { SnapshotSortBar } from './SnapshotSortBar';
import { nextSort, toggleChoice, useSnapshotViewState } from './snapshot-view-state';
import './snapshots.css';

// Analytics bring Observable Plot: loaded when a snapshot is shown (idle), drawn on the click.
const Analytics = lazyScreen(() => import('../analytics/ListAnalytics').then((m) => m.SnapshotAnalytics));

export const SNAPSHOT_PAGE_ROWS = 100;

export interface SnapshotResultsProps {
  snapshot: SnapshotInfo;
  prefs: ColumnPrefs;
  onPrefs(p: ColumnPrefs): void;
  onOpen(r: CompanyRecord): void;
  onShowService(): void;
  /** Adds conditions to the filter builder; null when the builder cannot take them (an "or" search). */
  onAddConditions: ((filters: SearchFilter[]) => void) | null;
  /** The view kept in the screen store (survives leaving the screen); undefined at first. */
  state: SnapshotViewState | undefined;
  onState(next: SnapshotViewState): void;
  /** The facet column is folded away, so the grid gets its width (remembered by the screen). */
  facetsHidden?: boolean;
  onFacetsHidden?(hidden: boolean): void;
}

export function SnapshotResults({ snapshot, prefs, onPrefs, onOpen, onShowService, onAddConditions, state, onState, facetsHidden = false, onFacetsHidden }: SnapshotResultsProps) {
  const { current, latest, patch, setSort, setChoices, textInput, setTextInput } = useSnapshotViewState(snapshot, state, onState);
  const { sort, page, text } = current;
  const scroll = current.mode === 'scroll';
  const choices = current.choices as FacetChoices;
  const rootRef = useRef<HTMLDivElement>(null);
  const sideId = useId();
  useEffect(() => {
    void Analytics.prefetch();
    prefetchPlot();
  }, []);

  const view = useMemo<SnapshotView>(() => ({ ...(sort ? { sort } : {}), ...(text ? { text } : {}), facets: choices }), [sort, text, choices]);
  const rows = useSnapshotPage(snapshot.id, view, page * SNAPSHOT_PAGE_ROWS, SNAPSHOT_PAGE_ROWS);
  // Rows first, then the counts (a facet click used to wait for all seven facets in main).
  const facets = useSnapshotFacets(snapshot.id, view, !rows.isPlaceholderData && !rows.isPending);
  const total = rows.data?.total ?? 0;
  const shownTotal = rows.isPlaceholderData || rows.isPending ? null : total;
  const pages = Math.max(1, Math.ceil(total / SNAPSHOT_PAGE_ROWS));
  const records = useMemo(() => rows.data?.rows ?? [], [rows.data]);
  const columns = useMemo(() => collectColumns(records), [records]);

  const go = (p: number) => patch({ page: Math.max(0, Math.min(pages - 1, p)) });
  const onSort = (field: string) => setSort((s) => nextSort(s, field));
  const toggle = (facet: keyof FacetChoices, key: string | number) => setChoices((c) => toggleChoice(c, facet, key));
  const pagingKeys = pagingKeyHandler((direction) => go(page + (direction === 'next' ? 1 : -1)));
  // The scroll view has no pages; its keys move through the rows.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => (scroll ? undefined : pagingKeys(e));
  const chosenCount = Object.values(choices).reduce((n, k) => n + (k?.length ?? 0), 0);
  const first = total ? page * SNAPSHOT_PAGE_ROWS + 1 : 0;

  return (
    <div className="snapshot" ref={rootRef} onKeyDown={onKeyDown}>
      <SnapshotBanner
        snapshot={snapshot}
        onShowService={onShowService}
        analytics={!!current.analytics}
        onAnalytics={() => patch({ analytics: !latest.current.analytics })}
        facets={onFacetsHidden ? { sideId, hidden: facetsHidden, chosen: chosenCount, onHidden: onFacetsHidden } : undefined}
      />
      {current.analytics ? (
        <Suspense fallback={<p role="status">Loading the charts…</p>}>
          <Analytics.Component key={snapshot.id} snapshot={snapshot} view={view} />
        </Suspense>
      ) : null}
      <SnapshotToList snapshot={snapshot} text={text} choices={choices} shown={shownTotal} />
      <ViewExportMenu snapshot={snapshot} view={view} total={shownTotal} columns={visibleColumns(columns, prefs)} rows={records} />
      <div className={`snapshot__layout${facetsHidden ? ' snapshot__layout--no-side' : ''}`}>
        <div className="snapshot__side" id={sideId} hidden={facetsHidden}>
          <FacetsPanel counts={facets.data} choices={choices} onToggle={toggle} />
        </div>
        <div className="snapshot__main">
          <SnapshotSortBar text={textInput} onText={setTextInput} columns={columns} sort={sort} onSort={setSort} />
          <div className="snapshot__mode" role="group" aria-label="View">
            <button type="button" className="button button--small" aria-pressed={!scroll} onClick={() => patch({ mode: 'pages' })}>
              Pages
            </button>
            <button type="button" className="button button--small" aria-pressed={scroll} onClick={() => patch({ mode: 'scroll' })}>
              Scroll
            </button>
          </div>
          <FacetChips choices={choices} onRemove={toggle} />
          {chosenCount > 0 ? <FacetConditionsButton snapshotId={snapshot.id} choices={choices} onAdd={onAddConditions} /> : null}
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
              <SnapshotPager page={page} pages={pages} first={first} last={Math.min(total, (page + 1) * SNAPSHOT_PAGE_ROWS)} total={total} go={go} />
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
