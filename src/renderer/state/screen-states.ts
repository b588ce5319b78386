// The screens' state as data: one slice per screen, and the store that updates them. No React here:
// the session controller and persistence use these types, and screen-store.tsx holds them in context.
import type { PersistedScreen } from '../../shared/bridge/groups/ui-state';
import { initialEsgState, initialMatchState, type EsgScreenState, type MatchScreenState } from './other-states';
import { initialSearchState, type SearchScreenState } from './search-state';
import { initialListsState, type ListsScreenState } from './lists-state';
import { initialWatchesState, type WatchesScreenState } from './watches-state';
import { createStore, type Store } from './store';

export interface ScreenStates {
  search: SearchScreenState;
  esg: EsgScreenState;
  match: MatchScreenState;
  lists: ListsScreenState;
  watches: WatchesScreenState;
}
export const initialScreenStates = (): ScreenStates => ({
  search: initialSearchState(),
  esg: initialEsgState(),
  match: initialMatchState(),
  lists: initialListsState(),
  watches: initialWatchesState(),
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
