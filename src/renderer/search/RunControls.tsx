// The row under the filter builder: page size, Search, the live match count, and while a search
// starts its spinner and Cancel. Paging has its own controls above the results (Pager).
import type { SearchPageView } from '../../shared/bridge/groups/search';
import { PAGE_SIZE_MAX } from '../../shared/service/schemas';
import { useSearchSessionController } from '../state/screen-store';
import { pageSizeProblem, type RunCheck } from '../state/query-model';
import type { SearchScreenState } from '../state/search-state';
import { Spinner } from '../ui/Spinner';
import { LiveCount } from './LiveCount';

export interface RunControlsProps {
  s: SearchScreenState;
  run: RunCheck;
  view: SearchPageView | null;
  onPageSizeText(text: string): void;
}

export function RunControls({ s, run, view, onPageSizeText }: RunControlsProps) {
  const session = useSearchSessionController();
  const { shown, inFlight } = s.session;
  const pageSizeError = pageSizeProblem(s.pageSizeText);
  const starting = inFlight && inFlight.action.kind !== 'page' ? inFlight.action : null;
  return (
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
          onChange={(e) => onPageSizeText(e.target.value)}
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
        disabled={inFlight !== null || !run.ok}
        aria-describedby={!run.ok ? (run.where === 'pageSize' ? 'search-page-size-err' : 'search-blocked-reason') : undefined}
      >
        Search
      </button>
      <LiveCount body={run.ok ? run.body : null} applied={shown && view ? { body: shown.body, count: view.count } : null} starting={starting ? starting.body : null} />
      {starting ? (
        <>
          <Spinner label={starting.kind === 'reopen' ? `Restoring page ${starting.pageNumber}…` : 'Searching…'} />
          <button type="button" className="button button--small button--danger" onClick={session.cancel}>
            Cancel
          </button>
        </>
      ) : null}
    </div>
  );
}
