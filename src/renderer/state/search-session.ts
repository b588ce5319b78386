// A pagination session, renderer side, held in the screen store (not in the screen): page views cached
// in react-query (Previous is instant), one request in flight at a time, Cancel, Retry, automatic
// restart when main says the session is gone, and restoring the viewed page after a restart.
// Every request uses the applied search (`shown`), never the conditions being edited.
import type { QueryClient } from '@tanstack/react-query';
import type { SearchPageView } from '../../shared/bridge/groups/search';
import { isAppError } from '../../shared/errors';
import { collectColumns } from '../../shared/search/flatten';
import { cancelSearchRequest, pageKey, RECENT_KEY, searchCalls } from '../data/search';
import type { ScreenStore } from './screen-states';
import type { SearchAction, SearchSessionState, ShownSearch } from './search-state';

const PAGE_CACHE_MS = 30 * 60_000;
export { pageKey, RECENT_KEY };
let requestSeq = 0;
const newRequestId = () => `search-${Date.now().toString(36)}-${++requestSeq}`;

export interface SearchSession {
  start(body: unknown, pageSize: number): Promise<void>;
  /** Shows page `pageNumber` of the search (a restart lost main's session). */
  reopen(body: unknown, pageSize: number, pageNumber: number): Promise<void>;
  next(): Promise<void>;
  previous(): Promise<void>;
  /** Page 1 of the applied search. */
  first(): Promise<void>;
  cancel(): void;
  retry(): void;
  dismissNotice(): void;
  /** The page on screen, from the cache. */
  view(shown: ShownSearch | null): SearchPageView | null;
}

export function createSearchSession(store: ScreenStore, qc: QueryClient): SearchSession {
  // Pages not on screen must outlive the default 5 minutes so Previous stays instant.
  qc.setQueryDefaults(['search', 'page'], { gcTime: PAGE_CACHE_MS, staleTime: Infinity });
  let busy = false;
  const session = () => store.get().search.session;
  const setSession = (patch: Partial<SearchSessionState>) => store.update('search', (s) => ({ session: { ...s.session, ...patch } }));

  function showView(view: SearchPageView, body: unknown): void {
    qc.setQueryData(pageKey(view.sessionId, view.pageNumber), view);
    store.update('search', (s) => {
      const prev = s.seen.sessionId === view.sessionId ? s.seen.columns : [];
      const have = new Set(prev);
      const added = collectColumns(view.rows).filter((c) => !have.has(c));
      return {
        seen: added.length || s.seen.sessionId !== view.sessionId ? { sessionId: view.sessionId, columns: [...prev, ...added] } : s.seen,
        session: { ...s.session, shown: { sessionId: view.sessionId, pageNumber: view.pageNumber, body, pageSize: view.pageSize } },
      };
    });
  }

  async function run(action: SearchAction): Promise<void> {
    if (busy) return;
    const current = session().shown;
    if (action.kind === 'page') {
      if (!current) return;
      const target = action.direction === 'first' ? 1 : current.pageNumber + (action.direction === 'next' ? 1 : -1);
      if (target === current.pageNumber) return;
      if (qc.getQueryData<SearchPageView>(pageKey(current.sessionId, target))) {
        setSession({ error: null, shown: { ...current, pageNumber: target } });
        return;
      }
    }
    busy = true;
    const requestId = newRequestId();
    setSession({ inFlight: { requestId, action }, error: null, ...(action.kind === 'page' ? {} : { notice: null }) });
    try {
      if (action.kind === 'start') {
        const view = await searchCalls.start({ body: action.body, pageSize: action.pageSize, requestId });
        showView(view, action.body);
        // The recent list refreshes after the rows are painted, not in the same frame.
        setTimeout(() => void qc.invalidateQueries({ queryKey: RECENT_KEY }), 250);
        return;
      }
      if (action.kind === 'reopen') {
        const view = await searchCalls.reopen({ body: action.body, pageSize: action.pageSize, pageNumber: action.pageNumber, requestId });
        showView(view, action.body);
        if (view.pageNumber < action.pageNumber) {
          setSession({ notice: `Page ${action.pageNumber} no longer exists for this search; page ${view.pageNumber} is the last one.` });
        }
        return;
      }
      const s = current!;
      if (action.direction === 'first') {
        // Not cached (a page restored after a restart): page 1 is the request without a token.
        const view = await searchCalls.reopen({ body: s.body, pageSize: s.pageSize, pageNumber: 1, requestId });
        qc.removeQueries({ queryKey: ['search', 'page', s.sessionId] });
        showView(view, s.body);
        return;
      }
      const direction = action.direction;
      try {
        const view = await searchCalls.page({ sessionId: s.sessionId, direction, fromPage: s.pageNumber, requestId });
        if (view.sessionId !== s.sessionId) {
          // Main restarted the session from page 1: the old pages belong to tokens that no longer work.
          qc.removeQueries({ queryKey: ['search', 'page', s.sessionId] });
          setSession({ notice: view.restarted?.reason ?? 'The results were loaded again from page 1.' });
        }
        showView(view, s.body);
      } catch (e) {
        if (!isAppError(e) || e.code !== 'pagination_expired') throw e;
        // Main no longer holds this session (app or connection changed): run the same search again.
        qc.removeQueries({ queryKey: ['search', 'page', s.sessionId] });
        const view = await searchCalls.start({ body: s.body, pageSize: s.pageSize, requestId });
        setSession({ notice: `${e.message} The search was run again from page 1.` });
        showView(view, s.body);
      }
    } catch (e) {
      if (!(isAppError(e) && e.code === 'cancelled')) setSession({ error: { error: e, action } });
    } finally {
      busy = false;
      setSession({ inFlight: null });
    }
  }

  return {
    start: (body, pageSize) => run({ kind: 'start', body, pageSize }),
    reopen: (body, pageSize, pageNumber) => run({ kind: 'reopen', body, pageSize, pageNumber }),
    next: () => run({ kind: 'page', direction: 'next' }),
    previous: () => run({ kind: 'page', direction: 'previous' }),
    first: () => run({ kind: 'page', direction: 'first' }),
    cancel() {
      const f = session().inFlight;
      if (f) cancelSearchRequest(f.requestId);
    },
    retry() {
      const e = session().error;
      if (e) void run(e.action);
    },
    dismissNotice: () => setSession({ notice: null }),
    view: (shown) => (shown ? (qc.getQueryData<SearchPageView>(pageKey(shown.sessionId, shown.pageNumber)) ?? null) : null),
  };
}
