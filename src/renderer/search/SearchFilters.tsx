// The Search screen's filter panel: saved and recent searches, the condition builder with the run row,
// why Search is off or not applied yet, a failed start, and the request body as JSON.
import { useCallback } from 'react';
import type { SavedSearch, SearchPageView } from '../../shared/bridge/groups/search';
import type { BuilderState } from '../state/filter-model';
import { editBodyText, editorText, type RunCheck } from '../state/query-model';
import type { SearchScreenState } from '../state/search-state';
import { BodyEditor } from './BodyEditor';
import { FilterBuilder, type FieldError } from './FilterBuilder';
import type { OpenedSearch } from './open-search';
import { RunControls } from './RunControls';
import { SavedSearches } from './SavedSearches';
import { SearchErrors } from './SearchErrors';
import type { UpdateSearch } from './use-search-runs';

export interface SearchFiltersProps {
  s: SearchScreenState;
  update: UpdateSearch;
  run: RunCheck;
  view: SearchPageView | null;
  /** The results differ from what the filters show now. */
  unapplied: boolean;
  startError: unknown;
  fieldError: FieldError | null;
  /** The loaded snapshot value suggestions come from. */
  suggestFromId: number | null;
  onRun(): void;
  onRunSaved(opened: OpenedSearch): void;
  onRetry(): void;
}

export function SearchFilters({ s, update, run, view, unapplied, startError, fieldError, suggestFromId, onRun, onRunSaved, onRetry }: SearchFiltersProps) {
  // Stable identities for the memoised panels.
  const setBuilder = useCallback((b: BuilderState) => update({ builder: b, editor: null }), [update]);
  const onEdit = useCallback((text: string) => update(editBodyText(text)), [update]);
  const onDiscard = useCallback(() => update({ editor: null }), [update]);
  const onSaved = useCallback((saved: SavedSearch) => update({ activeSaved: saved }), [update]);
  const onTogglePanel = useCallback((open: boolean) => update({ savedPanelClosed: !open }), [update]);
  const onPageSizeText = useCallback((text: string) => update({ pageSizeText: text }), [update]);
  const editorProblem = s.editor?.problem;
  return (
    <div className="search-filters" id="search-filters" hidden={s.filtersCollapsed === true}>
      <SavedSearches
        body={run.ok ? run.body : null}
        pageSize={run.ok ? run.pageSize : (s.session.shown?.pageSize ?? 10)}
        columns={s.prefs}
        activeId={s.activeSaved?.id ?? null}
        open={!s.savedPanelClosed}
        onToggle={onTogglePanel}
        onRun={onRunSaved}
        onSaved={onSaved}
      />
      <form
        className="search-filters__form"
        aria-label="Search filters"
        onSubmit={(e) => {
          e.preventDefault();
          onRun();
        }}
      >
        <fieldset className="search-filters__builder" disabled={Boolean(editorProblem)} aria-describedby={editorProblem ? 'search-builder-locked' : undefined}>
          {editorProblem ? (
            <p id="search-builder-locked" className="search-filters__locked">
              The builder cannot display the body in the JSON editor below, so it is locked. Fix the JSON or discard the edit.
            </p>
          ) : null}
          <FilterBuilder state={s.builder} onChange={setBuilder} showErrors={s.attempted} snapshotId={suggestFromId} fieldError={fieldError} />
        </fieldset>
        <RunControls s={s} run={run} view={view} onPageSizeText={onPageSizeText} />
        {!run.ok && run.where !== 'pageSize' ? (
          <p id="search-blocked-reason" className={`search-filters__blocked ${run.blank ? 'search-filters__start' : 'field__error'}`} data-testid="search-blocked-reason">
            {run.reason}
          </p>
        ) : null}
        {unapplied && run.ok ? (
          <p className="search-filters__unapplied" data-testid="unapplied-edits">
            Not applied: the results show the last search you ran. Press Search to apply these conditions and page size.
          </p>
        ) : null}
        {startError ? <SearchErrors error={startError} onRetry={onRetry} placement="filters" /> : null}
      </form>
      <BodyEditor text={editorText(s)} problem={editorProblem} onEdit={onEdit} onDiscard={onDiscard} />
    </div>
  );
}
