// Search and browse: filter builder + JSON body, paging through main-held sessions, grid, detail, saved searches.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SavedSearch } from '../../shared/bridge/groups/search';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, type CompanyRecord } from '../../shared/service/schemas';
import { canonicalJson } from '../../shared/search/body';
import { collectColumns } from '../../shared/search/flatten';
import { ExportMenu } from '../export/ExportMenu';
import { firmscope, unwrap } from '../bridge';
import { Banner } from '../ui/Banner';
import { Spinner } from '../ui/Spinner';
import { BodyEditor } from './BodyEditor';
import { emptyPrefs, visibleColumns, type ColumnPrefs } from './column-prefs';
import { CompanyDetail } from './CompanyDetail';
import { bodyToState, buildBody, conditionFromFilter, emptyBuilder, type BuilderState } from './filter-model';
import { FilterBuilder } from './FilterBuilder';
import { Pager } from './Pager';
import { ResultGrid } from './ResultGrid';
import { RECENT_KEY, SAVED_KEY, SavedSearches } from './SavedSearches';
import { SearchErrors } from './SearchErrors';
import { useSearchSession } from './useSearchSession';
import { useAppInfo } from '../connection/queries';
import { LoadAllBar } from '../workbench/LoadAllBar';
import { SnapshotResults } from '../workbench/SnapshotResults';
import { snapshotsFor, useSnapshots } from '../workbench/snapshot-queries';
import type { ServiceFilter } from '../workbench/facet-model';
import './search.css';
import './search-grid.css';

export function SearchScreen() {
  const qc = useQueryClient();
  const [builder, setBuilder] = useState<BuilderState>(emptyBuilder);
  const [pageSize, setPageSize] = useState(PAGE_SIZE_DEFAULT);
  const [pageSizeText, setPageSizeText] = useState(String(PAGE_SIZE_DEFAULT));
  const [attempted, setAttempted] = useState(false);
  const [prefs, setPrefs] = useState<ColumnPrefs>(emptyPrefs);
  const [activeSaved, setActiveSaved] = useState<SavedSearch | null>(null);
  const [detail, setDetail] = useState<CompanyRecord | null>(null);
  // The recent list refreshes after the rows are painted, not in the same frame.
  const session = useSearchSession({ onStarted: () => setTimeout(() => void qc.invalidateQueries({ queryKey: RECENT_KEY }), 250) });
  const { view, shown } = session;

  const built = useMemo(() => buildBody(builder), [builder]);
  // Loaded snapshots of the shown query (local sort, facets, text filter).
  const info = useAppInfo();
  const workspace = info.data?.workspace;
  const unavailable = workspace && !workspace.available ? workspace.reason : null;
  const snapshots = useSnapshots(Boolean(workspace?.available));
  const { ready, latest } = snapshotsFor(snapshots.data, shown?.body);
  /** The snapshot the analyst left for the service's pages. */
  const [serviceFor, setServiceFor] = useState<number | null>(null);
  const showSnapshot = ready !== null && serviceFor !== ready.id;
  const canAddConditions = builder.op === 'and' || builder.conditions.filter((c) => c.attribute.trim() !== '').length <= 1;
  const addConditions = (filters: ServiceFilter[]) =>
    setBuilder((b) => ({
      op: 'and',
      conditions: [...b.conditions.filter((c) => c.attribute.trim() !== ''), ...filters.map((f) => conditionFromFilter(f.attribute, f.relation, f.value))],
    }));
  const validBody = built.ok ? built.body : null;

  // Columns accumulate over the pages of one result set so they do not jump while paging.
  const columnsOf = useRef<{ sessionId: string | null; columns: string[] }>({ sessionId: null, columns: [] });
  const columns = useMemo(() => {
    if (!view) return columnsOf.current.columns;
    const prev = columnsOf.current.sessionId === view.sessionId ? columnsOf.current.columns : [];
    const have = new Set(prev);
    const added = collectColumns(view.rows).filter((c) => !have.has(c));
    const next = added.length ? [...prev, ...added] : prev;
    columnsOf.current = { sessionId: view.sessionId, columns: next };
    return next;
  }, [view]);

  // Column choices of a saved search are remembered with it (debounced: resizing fires often).
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const changePrefs = (next: ColumnPrefs) => {
    setPrefs(next);
    if (!activeSaved) return;
    clearTimeout(saveTimer.current);
    const s = activeSaved;
    saveTimer.current = setTimeout(() => {
      void unwrap(firmscope().search.saveSearch({ id: s.id, name: s.name, body: s.body, pageSize: s.pageSize, columns: next })).then(() =>
        qc.invalidateQueries({ queryKey: SAVED_KEY }),
      );
    }, 600);
  };
  useEffect(() => () => clearTimeout(saveTimer.current), []);

  const runSearch = (body: unknown = validBody, size = pageSize) => {
    setAttempted(true);
    if (!body) return;
    if (activeSaved && (canonicalJson(activeSaved.body) !== canonicalJson(body) || activeSaved.pageSize !== size)) setActiveSaved(null);
    setDetail(null);
    void session.start(body, size);
  };

  const commitPageSize = () => {
    const n = Number(pageSizeText);
    if (!Number.isInteger(n) || n < 1 || n > PAGE_SIZE_MAX) return;
    if (n === pageSize) return;
    setPageSize(n);
    // A new page size is a new request: start again from page 1 rather than reuse a token.
    if (shown) runSearch(validBody ?? shown.body, n);
  };
  const pageSizeError = (() => {
    const n = Number(pageSizeText);
    return Number.isInteger(n) && n >= 1 && n <= PAGE_SIZE_MAX ? undefined : `Page size must be a whole number from 1 to ${PAGE_SIZE_MAX}.`;
  })();

  const runSavedNow = ({ body, pageSize: size, saved }: { body: unknown; pageSize: number; saved?: SavedSearch }) => {
    const parsed = bodyToState(body);
    if (parsed.ok) setBuilder(parsed.state);
    setPageSize(size);
    setPageSizeText(String(size));
    setActiveSaved(saved ?? null);
    if (saved) setPrefs(saved.columns ?? emptyPrefs());
    setAttempted(true);
    setDetail(null);
    void session.start(body, size);
  };

  // Stable identities for the memoised panels (the latest closure is called through a ref).
  const runSavedRef = useRef(runSavedNow);
  runSavedRef.current = runSavedNow;
  const runSaved = useCallback((s: { body: unknown; pageSize: number; saved?: SavedSearch }) => runSavedRef.current(s), []);
  const onSaved = useCallback((s: SavedSearch) => setActiveSaved(s), []);
  const bodyForEditor = built.ok ? built.body : built.draft;

  const changed = shown && (!validBody || canonicalJson(validBody) !== canonicalJson(shown.body) || pageSize !== shown.pageSize);
  const visible = visibleColumns(columns, prefs);
  const startError = session.errorAction?.kind === 'start' ? session.error : null;
  const pageError = session.errorAction?.kind === 'page' ? session.error : null;

  return (
    <section className="screen search-screen" aria-labelledby="search-title">
      <h1 id="search-title">Search companies</h1>
      <div className="search-layout">
        <div className="search-filters">
          <form
            className="search-filters__form"
            aria-label="Search filters"
            onSubmit={(e) => {
              e.preventDefault();
              runSearch();
            }}
          >
            <FilterBuilder state={builder} onChange={setBuilder} seenAttributes={columns} showErrors={attempted} />
            <div className="search-filters__run">
              <div className="field page-size">
                <label htmlFor="search-page-size" className="field__label">
                  Page size
                </label>
                <input
                  id="search-page-size"
                  className="field__input"
                  type="number"
                  min={1}
                  max={PAGE_SIZE_MAX}
                  value={pageSizeText}
                  aria-invalid={pageSizeError ? true : undefined}
                  aria-describedby={pageSizeError ? 'search-page-size-err' : undefined}
                  onChange={(e) => setPageSizeText(e.target.value)}
                  onBlur={commitPageSize}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      commitPageSize();
                    }
                  }}
                />
                {pageSizeError ? (
                  <p id="search-page-size-err" className="field__error">
                    {pageSizeError}
                  </p>
                ) : null}
              </div>
              <button type="submit" className="button button--primary" disabled={session.inFlight !== null || Boolean(pageSizeError)}>
                Search
              </button>
              {session.inFlight?.action.kind === 'start' ? (
                <>
                  <Spinner label="Searching…" />
                  <button type="button" className="button button--small button--danger" onClick={session.cancel}>
                    Cancel
                  </button>
                </>
              ) : null}
            </div>
            {attempted && !built.ok ? (
              <p className="field__error" role="alert">
                {built.problems === 1 ? 'One condition needs attention' : `${built.problems} conditions need attention`} before searching.
              </p>
            ) : null}
            {startError ? <SearchErrors error={startError} onRetry={session.retry} placement="filters" /> : null}
          </form>
          <BodyEditor body={bodyForEditor} onParsed={setBuilder} />
          <SavedSearches
            body={validBody}
            pageSize={pageSize}
            columns={prefs}
            activeId={activeSaved?.id ?? null}
            onRun={runSaved}
            onSaved={onSaved}
          />
        </div>
        <div className="search-results" aria-label="Results" role="region">
          {session.notice ? (
            <Banner level="warning" onDismiss={session.dismissNotice} dismissLabel="Dismiss restart notice">
              {session.notice}
            </Banner>
          ) : null}
          {pageError ? <SearchErrors error={pageError} onRetry={session.retry} placement="results" /> : null}
          {view && shown ? (
            <>
              <LoadAllBar body={shown.body} count={view.count} unavailable={unavailable} latest={latest} hasSnapshot={ready !== null} />
              {ready && !showSnapshot ? (
                <button type="button" className="button button--small" onClick={() => setServiceFor(null)}>
                  Show loaded snapshot
                </button>
              ) : null}
              {changed ? <p className="search-results__stale">Filters or page size changed since these results. Press Search to apply them.</p> : null}
              {showSnapshot ? (
                <div className={`search-results__main${detail ? ' search-results__main--detail' : ''}`}>
                  <SnapshotResults
                    snapshot={ready}
                    prefs={prefs}
                    onPrefs={changePrefs}
                    onOpen={setDetail}
                    onShowService={() => setServiceFor(ready.id)}
                    onAddConditions={canAddConditions ? addConditions : null}
                  />
                  {detail ? <CompanyDetail record={detail} onClose={() => setDetail(null)} /> : null}
                </div>
              ) : (
                <>
                  <div className="search-results__bar">
                    <Pager view={view} inFlight={session.inFlight} onPrevious={() => void session.previous()} onNext={() => void session.next()} onCancel={session.cancel} />
                    <ExportMenu body={shown.body} pageSize={shown.pageSize} count={view.count} rows={view.rows} columns={visible} />
                  </div>
                  {view.rows.length > 1 ? <p className="search-results__sort-note">Sorting applies to the loaded set only: load all results to sort by any column.</p> : null}
                  <div className={`search-results__main${detail ? ' search-results__main--detail' : ''}`}>
                    <ResultArea view={view} columns={columns} prefs={prefs} onPrefs={changePrefs} onOpen={setDetail} />
                    {detail ? <CompanyDetail record={detail} onClose={() => setDetail(null)} /> : null}
                  </div>
                </>
              )}
            </>
          ) : session.inFlight ? null : (
            <p className="empty">Build a filter and press Search. Results appear here.</p>
          )}
        </div>
      </div>
    </section>
  );
}

function ResultArea(props: {
  view: NonNullable<ReturnType<typeof useSearchSession>['view']>;
  columns: string[];
  prefs: ColumnPrefs;
  onPrefs(p: ColumnPrefs): void;
  onOpen(r: CompanyRecord): void;
}) {
  const { view } = props;
  if (view.rows.length === 0) return <p className="empty">No companies match these filters.</p>;
  return (
    <ResultGrid
      rows={view.rows}
      firstRow={view.firstRow}
      available={props.columns}
      prefs={props.prefs}
      onPrefsChange={props.onPrefs}
      onOpen={props.onOpen}
      sortHint="Load all results to sort by this column."
    />
  );
}
