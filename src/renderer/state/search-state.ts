// The Search screen's state, held above the screen (see screen-store.tsx) so leaving Search and coming
// back keeps the conditions, the JSON being edited, page size, results, columns and the open detail.
import type { SavedSearch } from '../../shared/bridge/groups/search';
import { PAGE_SIZE_DEFAULT, type CompanyRecord } from '../../shared/service/schemas';
import { emptyPrefs, type ColumnPrefs } from '../ui/grid/column-prefs';
import { emptyBuilder, type BuilderState } from './filter-model';

/** The applied search: what the results on screen came from, and the page being viewed. */
export interface ShownSearch {
  sessionId: string;
  pageNumber: number;
  body: unknown;
  pageSize: number;
}
export type SearchAction =
  | { kind: 'start'; body: unknown; pageSize: number }
  | { kind: 'reopen'; body: unknown; pageSize: number; pageNumber: number }
  /** `first`: page 1 of the same search (from the cache, else a fresh session: the service's tokens cannot jump). */
  | { kind: 'page'; direction: 'next' | 'previous' | 'first' };
export interface InFlight {
  requestId: string;
  action: SearchAction;
}

export interface SearchSessionState {
  shown: ShownSearch | null;
  inFlight: InFlight | null;
  error: { error: unknown; action: SearchAction } | null;
  notice: string | null;
}

/** Text typed in the JSON editor. `key` is the canonical body it parsed to; `problem` why it cannot run. */
export interface EditorText {
  text: string;
  key?: string;
  problem?: { message: string; offset?: number };
}

/** The local view over a loaded snapshot (sort, text filter, facet choices, page, scroll), kept across navigation and restart. */
export interface SnapshotViewState {
  snapshotId: number;
  sort: { field: string; direction: 'asc' | 'desc' } | null;
  text: string;
  choices: Partial<Record<string, Array<string | number>>>;
  page: number;
  /** Paged grid (default) or one continuous, virtualised list ("Scroll"). */
  mode?: 'pages' | 'scroll';
  /** The row at the top of the "Scroll" view (kept across restart, like the page). */
  scrollRow?: number;
  /** Portfolio analytics of the view are open below the banner (kept like the mode). */
  analytics?: boolean;
}

export interface SearchScreenState {
  /** The filter panel is folded away (kept across navigation and restart). */
  filtersCollapsed?: boolean;
  /** The facets beside a loaded snapshot are folded away (kept across navigation and restart). */
  facetsHidden?: boolean;
  /** The Load all row cap as typed (absent: the default, ROW_CAP_DEFAULT); kept per profile. */
  rowCapText?: string;
  /**
   * Set once a loaded snapshot has been browsed (see src/renderer/snapshots). Keyed `workbench`, the
   * snapshots' first name, because saved screens store it under that key.
   */
  workbench?: SnapshotViewState;
  /** The snapshot id the analyst left for the service's pages. */
  serviceFor?: number | null;
  builder: BuilderState;
  /** null: the editor shows the builder's body. */
  editor: EditorText | null;
  pageSizeText: string;
  /** A Search was attempted: untouched empty conditions show their problems too. */
  attempted: boolean;
  prefs: ColumnPrefs;
  activeSaved: SavedSearch | null;
  /** The saved and recent searches panel is collapsed (absent: expanded). */
  savedPanelClosed?: boolean;
  detail: CompanyRecord | null;
  /** Columns seen over the pages of one result set, so they do not jump while paging. */
  seen: { sessionId: string | null; columns: string[] };
  session: SearchSessionState;
}

export const initialSearchState = (): SearchScreenState => ({
  builder: emptyBuilder(),
  editor: null,
  pageSizeText: String(PAGE_SIZE_DEFAULT),
  attempted: false,
  prefs: emptyPrefs(),
  activeSaved: null,
  detail: null,
  seen: { sessionId: null, columns: [] },
  session: { shown: null, inFlight: null, error: null, notice: null },
});
