// Screen state lives here, above the router: switching screens never resets it. One store per app;
// each screen reads and updates its own slice. Persisted parts are saved per profile by persistence.ts;
// whether everything is saved is held here too (save-status.ts).
import { createContext, useCallback, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createSearchSession, type SearchSession } from './search-session';
import { createScreenStore, type ScreenStates, type ScreenStore, type SlicePatch } from './screen-states';
import { useStoreSelector } from './store';
import { useScreenPersistence } from './persistence';
import { createSaveStatus, type SaveState, type SaveStatus } from './save-status';

interface ScreenContext {
  store: ScreenStore;
  search: SearchSession;
  saveStatus: SaveStatus;
}
const Ctx = createContext<ScreenContext | null>(null);

/** Holds the store and the search session controller; restores and saves per profile. */
export function ScreenStateProvider({ children, store: given }: { children: ReactNode; store?: ScreenStore }) {
  const qc = useQueryClient();
  const [value] = useState<ScreenContext>(() => {
    const store = given ?? createScreenStore();
    return { store, search: createSearchSession(store, qc), saveStatus: createSaveStatus() };
  });
  useScreenPersistence(value.store, value.search, value.saveStatus);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

function useCtx(): ScreenContext {
  const c = useContext(Ctx);
  if (!c) throw new Error('Screen state is used outside ScreenStateProvider');
  return c;
}

export const useScreenStore = () => useCtx().store;
export const useSearchSessionController = () => useCtx().search;

/** Where a writer that waits before writing reports its part; null outside the provider (component tests). */
export function useSaveStatus(): SaveStatus | null {
  return useContext(Ctx)?.saveStatus ?? null;
}

const ALWAYS_SAVED = { get: (): SaveState => 'saved', subscribe: () => () => undefined };

/** Whether everything the analyst changed is saved (`saving` while a write waits or is on its way). */
export function useSaveState(): SaveState {
  const status = useSaveStatus() ?? ALWAYS_SAVED;
  return useSyncExternalStore(status.subscribe, status.get);
}

/** One screen's slice and its updater; re-renders when that slice changes. */
export function useScreenState<K extends keyof ScreenStates>(screen: K): [ScreenStates[K], (patch: SlicePatch<ScreenStates[K]>) => void] {
  const store = useScreenStore();
  const slice = useStoreSelector(store, useCallback((s: ScreenStates) => s[screen], [screen]));
  const update = useCallback((patch: SlicePatch<ScreenStates[K]>) => store.update(screen, patch), [store, screen]);
  return [slice, update];
}
