// react-query glue for watches: the profile's watches, the inbox page, the budget, and the calls
// that change them. `watches.changed` from main (a check started, progressed or finished; a watch
// created or deleted) refreshes whatever is cached, on every screen (the nav's unread count too).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Result } from '../../shared/errors';
import type { ChangesQuery, CheckFinished } from '../../shared/watches/watches';
import { firmscope, unwrap, groupCalls } from './bridge';
import { useBridgeEvent } from './useBridgeEvent';

/** The watches bridge group's calls, each resolving to its value or rejecting with the shared AppError. */
export const watchesCalls = groupCalls('watches');

export const watchesApi = () => firmscope().watches;
type Api = ReturnType<typeof watchesApi>;
type In<K extends keyof Api> = Api[K] extends (input: infer I) => unknown ? I : never;

export const WATCHES_KEY = ['watches'] as const;
export const WATCHES_ALL_KEY = ['watches', 'all'] as const;
export const WATCHES_BUDGET_KEY = ['watches', 'budget'] as const;
export const changesKey = (q: Partial<ChangesQuery>) => ['watches', 'changes', q] as const;
export const estimateKey = (i: In<'estimate'> | null) => ['watches', 'estimate', i] as const;

/** Mounted once at the frame: a check may change while the analyst is on any screen. */
export function useWatchesLiveUpdates(): void {
  const qc = useQueryClient();
  useBridgeEvent('watches', 'changed', () => void qc.invalidateQueries({ queryKey: WATCHES_KEY }));
}

export function useCheckFinishedEvent(cb: (f: CheckFinished) => void): void {
  useBridgeEvent('watches', 'checkFinished', cb);
}

export function useWatches() {
  return useQuery({ queryKey: WATCHES_ALL_KEY, queryFn: () => unwrap(watchesApi().all()) });
}

/** Unread changes over every watch of the profile (the nav item says it); null until known. */
export function useUnreadCount(): number | null {
  const all = useWatches();
  return all.data ? all.data.reduce((sum, w) => sum + w.unread, 0) : null;
}

export function useChanges(query: Partial<ChangesQuery>) {
  return useQuery({ queryKey: changesKey(query), queryFn: () => unwrap(watchesApi().changes(query)), placeholderData: keepPreviousData });
}

export function useBudget() {
  return useQuery({ queryKey: WATCHES_BUDGET_KEY, queryFn: () => unwrap(watchesApi().budget()) });
}

/** The cost of a watch before it exists; asked again as the choices change (null: not asked yet). */
export function useEstimate(input: In<'estimate'> | null) {
  return useQuery({
    queryKey: estimateKey(input),
    queryFn: () => unwrap(watchesApi().estimate(input!)),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  });
}

/** A mutation over one watches call; every success refreshes the cached watches, inbox and budget. */
function useWatchCall<I, O>(call: (api: Api, input: I) => Promise<Result<O>>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => unwrap(call(watchesApi(), input)),
    onSuccess: () => qc.invalidateQueries({ queryKey: WATCHES_KEY }),
  });
}

export const useCreateWatch = () => useWatchCall((api, i: In<'create'>) => api.create(i));
export const useUpdateWatch = () => useWatchCall((api, i: In<'update'>) => api.update(i));
export const useDeleteWatch = () => useWatchCall((api, i: In<'delete'>) => api.delete(i));
export const useCheckNow = () => useWatchCall((api, i: In<'checkNow'>) => api.checkNow(i));
export const useMarkRead = () => useWatchCall((api, i: In<'markRead'>) => api.markRead(i));
export const useExportChanges = () => useWatchCall((api, i: In<'exportChanges'>) => api.exportChanges(i));
export type EstimateInput = In<'estimate'>;
