// Running a search from the Search screen: what the builder and editor show, or a saved or recent
// search opened from the panel. Either starts a new pagination session in main from page 1.
import { useCallback, useRef } from 'react';
import type { SavedSearch } from '../../shared/bridge/groups/search';
import { canonicalJson } from '../../shared/search/body';
import type { SlicePatch } from '../state/screen-states';
import { useSearchSessionController } from '../state/screen-store';
import type { RunCheck } from '../state/query-model';
import type { SearchScreenState } from '../state/search-state';
import { openSearchPatch, type OpenedSearch } from './open-search';

export type UpdateSearch = (patch: SlicePatch<SearchScreenState>) => void;

export function useSearchRuns(run: RunCheck, activeSaved: SavedSearch | null, update: UpdateSearch) {
  const session = useSearchSessionController();

  /** Applies what the builder and editor show. The open saved search stays marked only if that is what runs. */
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
  // A stable identity for the memoised saved-searches panel (the latest closure is called through a ref).
  const runSavedRef = useRef(runSavedNow);
  runSavedRef.current = runSavedNow;
  const runSaved = useCallback((x: OpenedSearch) => runSavedRef.current(x), []);

  return { runSearch, runSaved };
}
