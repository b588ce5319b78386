// Feed react-query caches from pushed events, so a screen that reads a query sees live data
// without polling.
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useBridgeEvent, type BridgeEventPayload, type EventName, type GroupName } from './useBridgeEvent';

/** Merge the payload into the cached value (`update(old, payload)`); `old` is undefined before the first fetch. */
export function useEventUpdatesQuery<G extends GroupName, E extends EventName<G>, T>(
  group: G,
  event: E,
  queryKey: QueryKey,
  update: (old: T | undefined, payload: BridgeEventPayload<G, E>) => T,
): void {
  const qc = useQueryClient();
  useBridgeEvent(group, event, (payload) => {
    qc.setQueryData<T>(queryKey, (old) => update(old, payload));
  });
}

/** Upsert an item into a cached list by key (e.g. export jobs, ESG watches). Newest first for new items. */
export function upsertBy<T>(list: readonly T[] | undefined, item: T, key: (t: T) => string): T[] {
  const items = list ? [...list] : [];
  const i = items.findIndex((t) => key(t) === key(item));
  if (i === -1) items.unshift(item);
  else items[i] = item;
  return items;
}
