// What opening a saved or recent search does to the Search screen's state (then it runs): its
// conditions (or its JSON, kept with the reason when the builder cannot show it), page size and, for a
// saved search that has them, its columns. One saved before columns were kept leaves the current ones.
import type { SavedSearch } from '../../shared/bridge/groups/search';
import type { SearchScreenState } from '../state/search-state';
import { bodyToState } from '../state/filter-model';

export interface OpenedSearch {
  body: unknown;
  pageSize: number;
  saved?: SavedSearch;
}

export function openSearchPatch({ body, pageSize, saved }: OpenedSearch): Partial<SearchScreenState> {
  const parsed = bodyToState(body);
  return {
    ...(parsed.ok ? { builder: parsed.state, editor: null } : { editor: { text: JSON.stringify(body, null, 2), problem: { message: parsed.message } } }),
    pageSizeText: String(pageSize),
    activeSaved: saved ?? null,
    ...(saved?.columns ? { prefs: saved.columns } : {}),
    attempted: true,
    detail: null,
  };
}
