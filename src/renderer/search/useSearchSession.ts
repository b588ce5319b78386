// Renderer side of a pagination session: page views cached in react-query (so Previous is instant),
// one request in flight at a time, Cancel, Retry, and automatic restart when main says the session is gone.
import { useCallback, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SearchPageView } from '../../shared/bridge/groups/search';
import { isAppError } from '../../shared/errors';
import { firmscope, unwrap } from '../bridge';

export interface ShownSearch {
  sessionId: string;
  pageNumber: number;
  body: unknown;
  pageSize: number;
}
type Action = { kind: 'start'; body: unknown; pageSize: number } | { kind: 'page'; direction: 'next' | 'previous' };
export interface InFlight {
  requestId: string;
  action: Action;
}

const PAGE_CACHE_MS = 30 * 60_000;
export const pageKey = (sessionId: string, pageNumber: number) => ['search', 'page', sessionId, pageNumber] as const;
let requestSeq = 0;
const newRequestId = () => `search-${Date.now().toString(36)}-${++requestSeq}`;

export function useSearchSession(opts: { onStarted?: (view: SearchPageView, body: unknown) => void } = {}) {
  const qc = useQueryClient();
  // Pages not on screen must outlive the default 5 minutes so Previous stays instant.
  useState(() => qc.setQueryDefaults(['search', 'page'], { gcTime: PAGE_CACHE_MS, staleTime: Infinity }));
  const [shown, setShown] = useState<ShownSearch | null>(null);
  const [inFlight, setInFlight] = useState<InFlight | null>(null);
  const [error, setError] = useState<{ error: unknown; action: Action } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const busy = useRef(false);
  const onStarted = useRef(opts.onStarted);
  onStarted.current = opts.onStarted;

  const page = useQuery({
    queryKey: shown ? pageKey(shown.sessionId, shown.pageNumber) : ['search', 'page', 'none'],
    queryFn: async (): Promise<SearchPageView> => {
      throw new Error('pages are fetched explicitly'); // never runs: enabled is false, the cache is filled by run()
    },
    enabled: false,
    staleTime: Infinity,
    gcTime: PAGE_CACHE_MS,
  });

  const showView = useCallback(
    (view: SearchPageView, body: unknown) => {
      qc.setQueryData(pageKey(view.sessionId, view.pageNumber), view);
      setShown({ sessionId: view.sessionId, pageNumber: view.pageNumber, body, pageSize: view.pageSize });
    },
    [qc],
  );

  const run = useCallback(
    async (action: Action): Promise<void> => {
      if (busy.current) return;
      const current = shownRef.current;
      let target: number | null = null;
      if (action.kind === 'page') {
        if (!current) return;
        target = current.pageNumber + (action.direction === 'next' ? 1 : -1);
        const cached = qc.getQueryData<SearchPageView>(pageKey(current.sessionId, target));
        if (cached) {
          setError(null);
          setShown({ ...current, pageNumber: target });
          return;
        }
      }
      busy.current = true;
      const requestId = newRequestId();
      setInFlight({ requestId, action });
      setError(null);
      try {
        if (action.kind === 'start') {
          setNotice(null);
          const view = await unwrap(firmscope().search.start({ body: action.body, pageSize: action.pageSize, requestId }));
          showView(view, action.body);
          onStarted.current?.(view, action.body);
          return;
        }
        const s = current!;
        try {
          const view = await unwrap(
            firmscope().search.page({ sessionId: s.sessionId, direction: action.direction, fromPage: s.pageNumber, requestId }),
          );
          if (view.sessionId !== s.sessionId) {
            // Main restarted the session from page 1: the old pages belong to tokens that no longer work.
            qc.removeQueries({ queryKey: ['search', 'page', s.sessionId] });
            setNotice(view.restarted?.reason ?? 'The results were loaded again from page 1.');
          }
          showView(view, s.body);
        } catch (e) {
          if (!isAppError(e) || e.code !== 'pagination_expired') throw e;
          // Main no longer holds this session (app or connection changed): run the same search again.
          qc.removeQueries({ queryKey: ['search', 'page', s.sessionId] });
          const view = await unwrap(firmscope().search.start({ body: s.body, pageSize: s.pageSize, requestId }));
          setNotice(`${e.message} The search was run again from page 1.`);
          showView(view, s.body);
        }
      } catch (e) {
        if (!(isAppError(e) && e.code === 'cancelled')) setError({ error: e, action });
      } finally {
        busy.current = false;
        setInFlight(null);
      }
    },
    [qc, showView],
  );

  const cancel = useCallback(() => {
    if (inFlight) void firmscope().search.cancel({ requestId: inFlight.requestId });
  }, [inFlight]);

  const retry = useCallback(() => {
    if (error) void run(error.action);
  }, [error, run]);

  return {
    shown,
    view: shown ? (page.data ?? qc.getQueryData<SearchPageView>(pageKey(shown.sessionId, shown.pageNumber)) ?? null) : null,
    inFlight,
    error: error?.error ?? null,
    errorAction: error?.action ?? null,
    notice,
    dismissNotice: () => setNotice(null),
    dismissError: () => setError(null),
    start: (body: unknown, pageSize: number) => run({ kind: 'start', body, pageSize }),
    next: () => run({ kind: 'page', direction: 'next' }),
    previous: () => run({ kind: 'page', direction: 'previous' }),
    cancel,
    retry,
  };
}
