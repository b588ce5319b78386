// Screen state lives here, above the router: switching screens never resets it. One store per app;
// each screen reads and updates its own slice. Persisted parts are saved per profile by persistence.ts.
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PersistedScreen } from '../../shared/bridge/groups/ui-state';
import { createSearchSession, type SearchSession } from '../search/search-session';
import { initialEsgState, initialMatchState, type EsgScreenState, type MatchScreenState } from './other-states';
import { initialSearchState, type SearchScreenState } from './search-state';
import { initialListsState, type ListsScreenState } from './lists-state';
import { createStore, useStoreSelector, type Store } from './store';
import { useScreenPersistence } from './persistence';

export interface ScreenStates {
  search: SearchScreenState;
  esg: EsgScreenState;
  match: MatchScreenState;
  lists: ListsScreenState;
}
export const initialScreenStates = (): ScreenStates => ({
  search: initialSearchState(),
  esg: initialEsgState(),
  match: initialMatchState(),
  lists: initialListsState(),
});

export type SlicePatch<T> = Partial<T> | ((s: T) => Partial<T>);

export interface ScreenStore extends Store<ScreenStates> {
  /** Merges a patch into one screen's slice. */
  update<K extends keyof ScreenStates>(screen: K, patch: SlicePatch<ScreenStates[K]>): void;
  /** Screens the analyst changed since the store was (re)set: a late restore must not overwrite them. */
  readonly touched: Set<PersistedScreen>;
  /** Back to a blank state (another profile became active). */
  reset(): void;
}

export function createScreenStore(initial: ScreenStates = initialScreenStates()): ScreenStore {
  const base = createStore(initial);
  const touched = new Set<PersistedScreen>();
  return {
    ...base,
    touched,
    update(screen, patch) {
      touched.add(screen);
      base.set((all) => {
        const slice = all[screen];
        const p = typeof patch === 'function' ? patch(slice) : patch;
        return { ...all, [screen]: { ...slice, ...p } };
      });
    },
    reset() {
      touched.clear();
      base.set(() => initialScreenStates());
    },
  };
}

interface ScreenContext {
  store: ScreenStore;
  search: SearchSession;
}
const Ctx = createContext<ScreenContext | null>(null);

/** Holds the store and the search session controller; restores and saves per profile. */
export function ScreenStateProvider({ children, store: given }: { children: ReactNode; store?: ScreenStore }) {
  const qc = useQueryClient();
  const [value] = useState<ScreenContext>(() => {
    const store = given ?? createScreenStore();
    return { store, search: createSearchSession(store, qc) };
  });
  useScreenPersistence(value.store, value.search);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

function useCtx(): ScreenContext {
  const c = useContext(Ctx);
  if (!c) throw new Error('Screen state is used outside ScreenStateProvider');
  return c;
}

export const useScreenStore = () => useCtx().store;
export const useSearchSessionController = () => useCtx().search;

/** One screen's slice and its updater; re-renders when that slice changes. */
export function useScreenState<K extends keyof ScreenStates>(screen: K): [ScreenStates[K], (patch: SlicePatch<ScreenStates[K]>) => void] {
  const store = useScreenStore();
  const slice = useStoreSelector(store, useCallback((s: ScreenStates) => s[screen], [screen]));
  const update = useCallback((patch: SlicePatch<ScreenStates[K]>) => store.update(screen, patch), [store, screen]);
  return [slice, update];
}
