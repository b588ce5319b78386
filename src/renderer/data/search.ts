// The search bridge group: its calls (errors as the shared AppError) and its query keys.
import { skipToken, useQuery } from '@tanstack/react-query';
import type { SearchPageView } from '../../shared/bridge/groups/search';
import { firmscope, groupCalls } from './bridge';

export const searchCalls = groupCalls('search');

export const SAVED_KEY = ['search', 'saved'] as const;
export const RECENT_KEY = ['search', 'recent'] as const;
/** One page of a pagination session in the cache (the search session in state/ fills it). */
export const pageKey = (sessionId: string, pageNumber: number) => ['search', 'page', sessionId, pageNumber] as const;

/**
 * The cached page `pageNumber` of session `sessionId`, observed so react-query keeps it while it is
 * shown. Never fetched here (skipToken): the search session fills the cache with the pages it asks for.
 */
export function useCachedSearchPage(page: { sessionId: string; pageNumber: number } | null): SearchPageView | null {
  const query = useQuery<SearchPageView>({
    queryKey: page ? pageKey(page.sessionId, page.pageNumber) : ['search', 'page', 'none'],
    queryFn: skipToken,
    staleTime: Infinity,
  });
  return page ? (query.data ?? null) : null;
}

/** Asks main to stop a request; fire and forget (a request already done has nothing to stop). */
export function cancelSearchRequest(requestId: string): void {
  void firmscope().search.cancel({ requestId });
}
