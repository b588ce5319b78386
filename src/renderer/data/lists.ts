// react-query glue for lists: all lists, a page of one list's view, and the changes (create, add,
// remove, rename, delete, duplicate). `lists.changed` from main (also ESG runs and bulk-match
// review adding to a list) refreshes whatever is cached.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListView } from '../../shared/lists/lists';
import type { Result } from '../../shared/errors';
import { firmscope, unwrap, groupCalls } from './bridge';
import { useBridgeEvent } from './useBridgeEvent';

/** The lists bridge group's calls, each resolving to its value or rejecting with the shared AppError. */
export const listsCalls = groupCalls('lists');

export const LISTS_KEY = ['lists'] as const;
const ALL_KEY = ['lists', 'all'] as const;

/** Mounted by every component that shows lists: main's change events refresh them. */
export function useListsChangedRefresh(): void {
  const qc = useQueryClient();
  useBridgeEvent('lists', 'changed', () => void qc.invalidateQueries({ queryKey: LISTS_KEY }));
}

export function useLists(enabled = true) {
  useListsChangedRefresh();
  return useQuery({ queryKey: ALL_KEY, queryFn: () => unwrap(firmscope().lists.all()), enabled });
}

export function useListMembers(id: number | null, view: ListView, offset: number, limit: number) {
  return useQuery({
    queryKey: ['lists', 'members', id, view, offset, limit],
    queryFn: () => unwrap(firmscope().lists.members({ id: id!, view, offset, limit })),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

type Api = ReturnType<typeof firmscope>['lists'];

/** A mutation over one lists call; every success refreshes the cached lists and views. */
function useListCall<I, O>(call: (api: Api, input: I) => Promise<Result<O>>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => unwrap(call(firmscope().lists, input)),
    onSuccess: () => qc.invalidateQueries({ queryKey: LISTS_KEY }),
  });
}

type In<K extends keyof Api> = Api[K] extends (input: infer I) => unknown ? I : never;

export const useCreateList = () => useListCall((api, i: In<'create'>) => api.create(i));
export const useAddMembers = () => useListCall((api, i: In<'addMembers'>) => api.addMembers(i));
export const useRemoveMembers = () => useListCall((api, i: In<'removeMembers'>) => api.removeMembers(i));
export const useRenameList = () => useListCall((api, i: In<'rename'>) => api.rename(i));
export const useDeleteList = () => useListCall((api, i: In<'delete'>) => api.delete(i));
export const useDuplicateList = () => useListCall((api, i: In<'duplicate'>) => api.duplicate(i));
/** Weighting and members' weights (issue 38); the weighted analytics re-read on `lists.changed`. */
export const useSetWeights = () => useListCall((api, i: In<'setWeights'>) => api.setWeights(i));
export const useSetBenchmark = () => useListCall((api, i: In<'setBenchmark'>) => api.setBenchmark(i));
