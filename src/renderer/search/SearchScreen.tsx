// Search and browse: filter builder + JSON body, paging through main-held sessions, grid, detail, saved searches.
// Everything the analyst set up lives in the screen store (state/), so leaving and coming back keeps it.
import { useCallback, useEffect, useId, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SavedSearch, SearchPageView } from '../../shared/bridge/groups/search';
import { PAGE_SIZE_MAX, type CompanyRecord } from '../../shared/service/schemas';
import { canonicalJson } from '../../shared/search/body';
import { ExportMenu } from '../export/ExportMenu';
import { useSaveStatus, useScreenState, useSearchSessionController } from '../state/screen-store';
import { Banner } from '../ui/Banner';
import { Spinner } from '../ui/Spinner';
import { BodyEditor } from './BodyEditor';
import { visibleColumns, type ColumnPrefs } from '../ui/grid/column-prefs';
import { CompanyDetail } from './CompanyDetail';
import { conditionFromFilter, fieldTarget, type BuilderState } from '../state/filter-model';
import { FilterBuilder, type FieldError } from './FilterBuilder';
import { Pager } from './Pager';
import { pagingKeyHandler } from '../ui/grid/paging-keys';
import { builderBody, checkRun, editBodyText, editorText, hasUnappliedEdits, pageSizeProblem } from '../state/query-model';
import { ResultGrid } from '../ui/grid/ResultGrid';
import { LiveCount } from './LiveCount';
import { openSearchPatch, type OpenedSearch } from './open-search';
import { SAVED_KEY, SavedSearches } from './SavedSearches';
import { SearchErrors } from './SearchErrors';
import { errorField, errorServiceMessage, toDisplayError } from '../ui/errors';
import { useAppInfo } from '../data/profiles';
import { LoadAllBar } from '../snapshots/LoadAllBar';
import { SnapshotResults } from '../snapshots/SnapshotResults';
import { GridSelectionActions } from '../lists/GridSelectionActions';
import { snapshotsFor, useSnapshots } from '../data/snapshots';
import type { ServiceFilter } from '../snapshots/facet-model';
import './search.css';
import './pickers/pickers.css';
import '../ui/grid/search-grid.css';
import { searchCalls, useCachedSearchPage } from '../data/search';

export function SearchScreen() {
  const qc = useQueryClient();
  const [s, update] = useScreenState('search');
  const session = useSearchSessionController();
  const { shown, inFlight, notice } = s.session;
  const view = useCachedSearchPage(shown);
  const { builder, prefs, activeSaved, detail } = s;
  const columns = s.seen.columns;

  const run = checkRun(s);
  const validBody = run.ok ? run.body : null;
  const blockedReason = !run.ok ? run.reason : null;
  // Loaded snapshots of the shown query (local sort, facets, text filter).
  const info = useAppInfo();
  const workspace = info.data?.workspace;
  const unavailable = workspace && !workspace.available ? workspace.reason : null;
  const snapshots = useSnapshots(Boolean(workspace?.available));
  const { ready, latest } = snapshotsFor(snapshots.data, shown?.body);
  /** The snapshot the analyst left for the service's pages. */
  const serviceFor = s.serviceFor ?? null;
  const setServiceFor = (id: number | null) => update({ serviceFor: id });
  const showSnapshot = ready !== null && serviceFor !== ready.id;
  const canAddConditions = builder.op === 'and' || builder.conditions.filter((c) => c.attribute.trim() !== '').length <= 1;

  const setBuilder = useCallback((b: BuilderState) => update({ builder: b, editor: null }), [update]);
  const addConditions = (filters: ServiceFilter[]) =>
    setBuilder({
      op: 'and',
      conditions: [...builder.conditions.filter((c) => c.attribute.trim() !== ''), ...filters.map((f) => conditionFromFilter(f.attribute, f.relation, f.value))],
    });
  const onEdit = useCallback((text: string) => update(editBodyText(text)), [update]);
  const onDiscard = useCallback(() => update({ editor: null }), [update]);
  const setDetail = useCallback((d: CompanyRecord | null) => update({ detail: d }), [update]);

  // Column choices of a saved search are remembered with it (debounced: resizing fires often). The
  // frame's save state covers them from the change until main has them; leaving the screen writes at once.
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const writeColumns = useRef<(() => void) | null>(null);
  const columnsWrite = useRef(0);
  const saveStatus = useSaveStatus();
  const savePart = `saved-search-columns:${useId()}`;
  const changePrefs = (next: ColumnPrefs) => {
    update({ prefs: next });
    if (!activeSaved) return;
    clearTimeout(saveTimer.current);
    const saved = activeSaved;
    const mine = ++columnsWrite.current;
    const settle = (state: 'saved' | 'failed') => mine === columnsWrite.current && saveStatus?.set(savePart, state);
    saveStatus?.set(savePart, 'saving');
    const write = () => {
      writeColumns.current = null;
      void searchCalls.saveSearch({ id: saved.id, name: saved.name, body: saved.body, pageSize: saved.pageSize, columns: next }).then(
        () => {
          settle('saved');
          return qc.invalidateQueries({ queryKey: SAVED_KEY });
        },
        () => settle('failed'),
      );
    };
    writeColumns.current = write;
    saveTimer.current = setTimeout(write, 600);
  };
  useEffect(
    () => () => {
      clearTimeout(saveTimer.current);
      writeColumns.current?.();
    },
    [],
  );

  /** Applies what the builder and editor show: a new pagination session from page 1. */
  const runSearch = () => {
    update({ attempted: true });
    if (!run.ok) return;
    const keepSaved = activeSaved && canonicalJson(activeSaved.body) === canonicalJson(run.body) && activeSaved.pageSize === run.pageSize;
    update({ detail: null, ...(keepSaved ? {} : { activeSaved: null }) });
    void session.start(run.body, run.pageSize);
  };

  const runSavedNow = (opened: OpenedSearch) => {
    update(openSearchPatch(opened));
    void session.start(opened.body, opened.pageSize);
  };

  // Stable identities for the memoised panels (the latest closure is called through a ref).
  const runSavedRef = useRef(runSavedNow);
  runSavedRef.current = runSavedNow;
  const runSaved = useCallback((x: { body: unknown; pageSize: number; saved?: SavedSearch }) => runSavedRef.current(x), []);
  const onSaved = useCallback((saved: SavedSearch) => update({ activeSaved: saved }), [update]);
  const onTogglePanel = useCallback((open: boolean) => update({ savedPanelClosed: !open }), [update]);

  const unapplied = hasUnappliedEdits(s);
  const visible = visibleColumns(columns, prefs);
  const sessionError = s.session.error;
  const startError = sessionError && sessionError.action.kind !== 'page' ? sessionError.error : null;
  const pageError = sessionError?.action.kind === 'page' ? sessionError.error : null;
  const pageSizeError = pageSizeProblem(s.pageSizeText);
  const editorProblem = s.editor?.problem;
  const collapsed = s.filtersCollapsed === true;
  const conditionCount = builder.conditions.filter((c) => c.attribute.trim() !== '').length;
  // Alt+Right / Alt+Left on the service's pages (J / K in the grid); a snapshot handles its own.
  const onPagingKey = pagingKeyHandler((direction) => {
    if (!view || inFlight) return;
    if (direction === 'next' && view.hasNext) void session.next();
    if (direction === 'previous' && view.hasPrevious) void session.previous();
  });
  const fieldError = rowError(startError, sessionError?.action, builder);
  // Suggestions come from the snapshot of the shown query, else the newest loaded one.
  const suggestFrom = ready ?? (snapshots.data ?? []).find((x) => x.status === 'complete' || x.status === 'capped') ?? null;

  return (
    <section className="screen search-screen" aria-labelledby="search-title">
      <div className="search-head">
        <h1 id="search-title">Search companies</h1>
        <button
          type="button"
          className="button button--small"
          aria-expanded={!collapsed}
          aria-controls="search-filters"
          onClick={() => update({ filtersCollapsed: !collapsed })}
        >
          {collapsed ? `Show filters${conditionCount ? ` (${conditionCount} condition${conditionCount === 1 ? '' : 's'})` : ''}` : 'Hide filters'}
        </button>
      </div>
      <div className={`search-layout${collapsed ? ' search-layout--collapsed' : ''}${view ? ' search-layout--results' : ''}`}>
        <div className="search-filters" id="search-filters" hidden={collapsed}>
          <SavedSearches
            body={validBody}
            pageSize={run.ok ? run.pageSize : (shown?.pageSize ?? 10)}
            columns={prefs}
            activeId={activeSaved?.id ?? null}
            open={!s.savedPanelClosed}
            onToggle={onTogglePanel}
            onRun={runSaved}
            onSaved={onSaved}
          />
          <form
            className="search-filters__form"
            aria-label="Search filters"
            onSubmit={(e) => {
              e.preventDefault();
              runSearch();
            }}
          >
            <fieldset className="search-filters__builder" disabled={Boolean(editorProblem)} aria-describedby={editorProblem ? 'search-builder-locked' : undefined}>
              {editorProblem ? (
                <p id="search-builder-locked" className="search-filters__locked">
                  The builder cannot display the body in the JSON editor below, so it is locked. Fix the JSON or discard the edit.
                </p>
              ) : null}
              <FilterBuilder state={builder} onChange={setBuilder} showErrors={s.attempted} snapshotId={suggestFrom?.id ?? null} fieldError={fieldError} />
            </fieldset>
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
                  value={s.pageSizeText}
                  aria-invalid={pageSizeError ? true : undefined}
                  aria-describedby={pageSizeError ? 'search-page-size-err' : undefined}
                  onChange={(e) => update({ pageSizeText: e.target.value })}
                />
                {pageSizeError ? (
                  <p id="search-page-size-err" className="field__error">
                    {pageSizeError}
                  </p>
                ) : null}
              </div>
              <button
                type="submit"
                className="button button--primary"
                disabled={inFlight !== null || blockedReason !== null}
                aria-describedby={!run.ok ? (run.where === 'pageSize' ? 'search-page-size-err' : 'search-blocked-reason') : undefined}
              >
                Search
              </button>
              <LiveCount
                body={validBody}
                applied={shown && view ? { body: shown.body, count: view.count } : null}
                starting={inFlight && inFlight.action.kind !== 'page' ? inFlight.action.body : null}
              />
              {inFlight && inFlight.action.kind !== 'page' ? (
                <>
                  <Spinner label={inFlight.action.kind === 'reopen' ? `Restoring page ${inFlight.action.pageNumber}…` : 'Searching…'} />
                  <button type="button" className="button button--small button--danger" onClick={session.cancel}>
                    Cancel
                  </button>
                </>
              ) : null}
            </div>
            {!run.ok && run.where !== 'pageSize' ? (
              <p id="search-blocked-reason" className={`search-filters__blocked ${run.blank ? 'search-filters__start' : 'field__error'}`} data-testid="search-blocked-reason">
                {run.reason}
              </p>
            ) : null}
            {unapplied && !blockedReason ? (
              <p className="search-filters__unapplied" data-testid="unapplied-edits">
                Not applied: the results show the last search you ran. Press Search to apply these conditions and page size.
              </p>
            ) : null}
            {startError ? <SearchErrors error={startError} onRetry={session.retry} placement="filters" /> : null}
          </form>
          <BodyEditor text={editorText(s)} problem={editorProblem} onEdit={onEdit} onDiscard={onDiscard} />
        </div>
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
                    prefs={prefs}
                    onPrefs={changePrefs}
                    onOpen={setDetail}
                    onShowService={() => setServiceFor(ready.id)}
                    onAddConditions={canAddConditions ? addConditions : null}
                    state={s.workbench}
                    onState={(workbench) => update({ workbench })}
                    facetsHidden={s.facetsHidden === true}
                    onFacetsHidden={(hidden) => update({ facetsHidden: hidden })}
                  />
                  {detail ? <CompanyDetail record={detail} fromSnapshotId={ready.id} onClose={() => setDetail(null)} /> : null}
                </div>
              ) : (
                <>
                  <div className="search-results__bar">
                    <Pager
                      view={view}
                      inFlight={inFlight}
                      onFirst={() => void session.first()}
                      onPrevious={() => void session.previous()}
                      onNext={() => void session.next()}
                      onCancel={session.cancel}
                    />
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
          ) : inFlight ? null : (
            <p className="empty">Build a filter and press Search. Results appear here.</p>
          )}
        </div>
      </div>
    </section>
  );
}

/** A 400 whose `field` names a condition of the search as built now (edits since make it stale). */
function rowError(error: unknown, action: { kind: string; body?: unknown } | undefined, builder: BuilderState): FieldError | null {
  if (!error || action?.kind !== 'start' || toDisplayError(error).code !== 'bad_request') return null;
  if (canonicalJson(action.body) !== canonicalJson(builderBody(builder))) return null;
  const target = fieldTarget(errorField(error), builder);
  if (!target) return null;
  return { ...target, message: errorServiceMessage(error) ?? toDisplayError(error).message };
}

function ResultArea(props: { view: SearchPageView; columns: string[]; prefs: ColumnPrefs; onPrefs(p: ColumnPrefs): void; onOpen(r: CompanyRecord): void }) {
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
      selectionActions={(selected) => <GridSelectionActions selected={selected} />}
    />
  );
}
