// A minimal external store (useSyncExternalStore): state that must outlive the components showing it.
// Screens read slices of it; async work (a search in flight) writes to it even after its screen unmounted.
import { useCallback, useSyncExternalStore } from 'react';

export interface Store<S> {
  get(): S;
  set(update: (s: S) => S): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<S>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(update) {
      const next = update(state);
      if (Object.is(next, state)) return;
      state = next;
      for (const l of [...listeners]) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Re-renders only when `select` returns a different value (Object.is). `select` must be stable or cheap. */
export function useStoreSelector<S, T>(store: Store<S>, select: (s: S) => T): T {
  const get = useCallback(() => select(store.get()), [store, select]);
  return useSyncExternalStore(store.subscribe, get, get);
}
