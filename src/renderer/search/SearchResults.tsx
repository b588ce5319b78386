// The Search screen's results region: the restart notice, a failed page turn, Load all, then either the
// loaded snapshot of the shown query or the service's pages (ServiceResults). Alt+Right / Alt+Left (J / K
// in the grid) turn the service's pages here; a snapshot handles its own keys.
import type { SearchPageView } from '../../shared/bridge/groups/search';
import type { CompanyRecord, SearchFilter } from '../../shared/service/schemas';
import { LoadAllBar } from '../snapshots/LoadAllBar';
import { SnapshotResults } from '../snapshots/SnapshotResults';
import { conditionFromFilter } from '../state/filter-model';
import { useSearchSessionController } from '../state/screen-store';
import type { SearchScreenState } from '../state/search-state';
import { Banner } from '../ui/Banner';
import type { ColumnPrefs } from '../ui/grid/column-prefs';
import { pagingKeyHandler } from '../ui/grid/paging-keys';
import { CompanyDetail } from './CompanyDetail';
import { SearchErrors } from './SearchErrors';
import { ServiceResults } from './ServiceResults';
import type { UpdateSearch } from './use-search-runs';
import type { useSearchSnapshots } from './use-search-snapshots';

export interface SearchResultsProps {
  s: SearchScreenState;
  update: UpdateSearch;
  view: SearchPageView | null;
  unapplied: boolean;
  pageError: unknown;
  snapshots: Omit<ReturnType<typeof useSearchSnapshots>, 'suggestFrom'>;
  onPrefs(p: ColumnPrefs): void;
  onOpen(r: CompanyRecord | null): void;
}

export function SearchResults({ s, update, view, unapplied, pageError, snapshots, onPrefs, onOpen }: SearchResultsProps) {
  const session = useSearchSessionController();
  const { shown, inFlight, notice } = s.session;
  const { detail, builder } = s;
  const { unavailable, ready, latest } = snapshots;
  /** The snapshot the analyst left for the service's pages. */
  const serviceFor = s.serviceFor ?? null;
  const setServiceFor = (id: number | null) => update({ serviceFor: id });
  const showSnapshot = ready !== null && serviceFor !== ready.id;
  const filled = builder.conditions.filter((c) => c.attribute.trim() !== '');
  // Facet values become conditions only where they keep their meaning: an "and" search, or one condition.
  const canAddConditions = builder.op === 'and' || filled.length <= 1;
  const addConditions = (filters: SearchFilter[]) =>
    update({ builder: { op: 'and', conditions: [...filled, ...filters.map((f) => conditionFromFilter(f.attribute, f.relation, f.value))] }, editor: null });
  const onPagingKey = pagingKeyHandler((direction) => {
    if (!view || inFlight) return;
    if (direction === 'next' && view.hasNext) void session.next();
    if (direction === 'previous' && view.hasPrevious) void session.previous();
  });
  return (
    <div className="search-results" aria-label="Results" role="region" onKeyDown={showSnapshot ? undefined : onPagingKey}>
      {notice ? (
        <Banner level="warning" onDismiss={session.dismissNotice} dismissLabel="Dismiss restart notice">
          {notice}
        </Banner>
      ) : null}
      {pageError ? <SearchErrors error={pageError} onRetry={session.retry} placement="results" /> : null}
      {view && shown ? (
        <>
          <LoadAllBar
            body={shown.body}
            count={view.count}
            unavailable={unavailable}
            latest={latest}
            hasSnapshot={ready !== null}
            capText={s.rowCapText}
            onCapText={(text) => update({ rowCapText: text })}
          />
          {ready && !showSnapshot ? (
            <button type="button" className="button button--small" onClick={() => setServiceFor(null)}>
              Show loaded snapshot
            </button>
          ) : null}
          {unapplied ? <p className="search-results__stale">Filters or page size changed since these results. Press Search to apply them.</p> : null}
          {showSnapshot ? (
            <div className={`search-results__main${detail ? ' search-results__main--detail' : ''}`}>
              <SnapshotResults
                snapshot={ready}
                prefs={s.prefs}
                onPrefs={onPrefs}
                onOpen={onOpen}
                onShowService={() => setServiceFor(ready.id)}
                onAddConditions={canAddConditions ? addConditions : null}
                state={s.workbench}
                onState={(workbench) => update({ workbench })}
                facetsHidden={s.facetsHidden === true}
                onFacetsHidden={(hidden) => update({ facetsHidden: hidden })}
              />
              {detail ? <CompanyDetail record={detail} fromSnapshotId={ready.id} onClose={() => onOpen(null)} /> : null}
            </div>
          ) : (
            <ServiceResults s={s} shown={shown} view={view} onPrefs={onPrefs} onOpen={onOpen} />
          )}
        </>
      ) : inFlight ? null : (
        <p className="empty">Build a filter and press Search. Results appear here.</p>
      )}
    </div>
  );
}
