// Search and browse: filter builder + JSON body, paging through main-held sessions, grid, detail, saved searches.
// Everything the analyst set up lives in the screen store (state/), so leaving and coming back keeps it.
// This module lays the screen out; each part lives beside it: the filter panel (SearchFilters, RunControls),
// the results (SearchResults, ServiceResults), running (use-search-runs), the saved search's column write
// (use-saved-search-columns), the loaded snapshots (use-search-snapshots) and where errors show (session-errors).
import { useCallback } from 'react';
import type { CompanyRecord } from '../../shared/service/schemas';
import { useCachedSearchPage } from '../data/search';
import { checkRun, hasUnappliedEdits } from '../state/query-model';
import { useScreenState, useSearchSessionController } from '../state/screen-store';
import type { ColumnPrefs } from '../ui/grid/column-prefs';
import { SearchFilters } from './SearchFilters';
import { SearchHead } from './SearchHead';
import { SearchResults } from './SearchResults';
import { sessionErrors } from './session-errors';
import { useSavedSearchColumnsWrite } from './use-saved-search-columns';
import { useSearchRuns } from './use-search-runs';
import { useSearchSnapshots } from './use-search-snapshots';
import './search.css';
import './pickers/pickers.css';
import '../ui/grid/search-grid.css';

export function SearchScreen() {
  const [s, update] = useScreenState('search');
  const session = useSearchSessionController();
  const { shown } = s.session;
  const view = useCachedSearchPage(shown);
  const run = checkRun(s);
  const { runSearch, runSaved } = useSearchRuns(run, s.activeSaved, update);
  const { suggestFrom, ...snapshots } = useSearchSnapshots(shown?.body);
  const writeSavedColumns = useSavedSearchColumnsWrite(s.activeSaved);
  const changePrefs = (next: ColumnPrefs) => {
    update({ prefs: next });
    writeSavedColumns(next);
  };
  const setDetail = useCallback((d: CompanyRecord | null) => update({ detail: d }), [update]);
  const unapplied = hasUnappliedEdits(s);
  const { startError, pageError, fieldError } = sessionErrors(s.session.error, s.builder);
  const collapsed = s.filtersCollapsed === true;
  const conditionCount = s.builder.conditions.filter((c) => c.attribute.trim() !== '').length;

  return (
    <section className="screen search-screen" aria-labelledby="search-title">
      <SearchHead collapsed={collapsed} conditionCount={conditionCount} onToggle={() => update({ filtersCollapsed: !collapsed })} />
      <div className={`search-layout${collapsed ? ' search-layout--collapsed' : ''}${view ? ' search-layout--results' : ''}`}>
        <SearchFilters
          s={s}
          update={update}
          run={run}
          view={view}
          unapplied={unapplied}
          startError={startError}
          fieldError={fieldError}
          suggestFromId={suggestFrom?.id ?? null}
          onRun={runSearch}
          onRunSaved={runSaved}
          onRetry={session.retry}
        />
        <SearchResults s={s} update={update} view={view} unapplied={unapplied} pageError={pageError} snapshots={snapshots} onPrefs={changePrefs} onOpen={setDetail} />
      </div>
    </section>
  );
}
