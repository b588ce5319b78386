// Saves each screen's persisted part (persisted-shapes.ts) for the active profile, debounced, and restores
// it when a profile becomes active (start-up, or a switch). Main keeps it in the settings file, not
// localStorage: browser mode's origin (port) changes per launch, so its storage would be lost.
import { useEffect } from 'react';
import { PERSISTED_SCREENS, type PersistedScreen } from '../../shared/bridge/groups/ui-state';
import { firmscope, unwrap } from '../bridge';
import { useConnectionStatus } from '../connection/queries';
import type { SearchSession } from '../search/search-session';
import { restoreEsg, restoreLists, restoreMatch, restoreSearch, restoreWatches, toPersisted } from './persisted-shapes';
import type { ScreenStates, ScreenStore } from './screen-states';

export const SAVE_DEBOUNCE_MS = 400;

export interface Persister {
  /** Writes pending changes now (page hiding, profile switching). */
  flush(): void;
  stop(): void;
}

/** Restores `profileId`'s screens into the store, then saves their changes. */
export function startPersister(store: ScreenStore, search: SearchSession, profileId: string, opts: { debounceMs?: number } = {}): Persister {
  const debounceMs = opts.debounceMs ?? SAVE_DEBOUNCE_MS;
  const lastSaved = new Map<PersistedScreen, string>();
  const lastSlice = new Map<PersistedScreen, unknown>();
  const pending = new Set<PersistedScreen>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let loaded = false;
  let stopped = false;

  const save = (screen: PersistedScreen) => {
    const state = toPersisted(screen, store.get());
    const text = JSON.stringify(state);
    if (lastSaved.get(screen) === text) return;
    lastSaved.set(screen, text);
    // A failed save loses only the newest edits of a screen; the next change tries again.
    void unwrap(firmscope().uiState.save({ profileId, screen, state })).catch(() => lastSaved.delete(screen));
  };
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    for (const screen of [...pending]) save(screen);
    pending.clear();
  };
  const onChange = () => {
    if (!loaded || stopped) return;
    const all: ScreenStates = store.get();
    for (const screen of PERSISTED_SCREENS) {
      if (lastSlice.get(screen) === all[screen]) continue;
      lastSlice.set(screen, all[screen]);
      pending.add(screen);
    }
    if (pending.size && timer === undefined) timer = setTimeout(flush, debounceMs);
  };
  const unsubscribe = store.subscribe(onChange);

  void unwrap(firmscope().uiState.load({ profileId }))
    .catch(() => ({}) as Partial<Record<PersistedScreen, unknown>>)
    .then((saved) => {
      if (stopped) return;
      let reopen: ReturnType<typeof restoreSearch> = null;
      // Screens the analyst already changed (typing while this loaded) keep their edits.
      if (!store.touched.has('search')) {
        reopen = restoreSearch(saved.search);
        if (reopen) store.update('search', reopen.patch);
      }
      if (!store.touched.has('esg')) {
        const esg = restoreEsg(saved.esg);
        if (esg) store.update('esg', esg);
      }
      if (!store.touched.has('match')) {
        const match = restoreMatch(saved.match);
        if (match) store.update('match', match);
      }
      if (!store.touched.has('lists')) {
        const lists = restoreLists(saved.lists);
        if (lists) store.update('lists', lists);
      }
      if (!store.touched.has('watches')) {
        const watches = restoreWatches(saved.watches);
        if (watches) store.update('watches', watches);
      }
      const all = store.get();
      for (const screen of PERSISTED_SCREENS) {
        lastSlice.set(screen, all[screen]);
        lastSaved.set(screen, JSON.stringify(saved[screen] ?? toPersisted(screen, all)));
      }
      loaded = true;
      if (reopen?.reopen && !all.search.session.shown && !all.search.session.inFlight) {
        void search.reopen(reopen.reopen.body, reopen.reopen.pageSize, reopen.reopen.pageNumber);
      }
    });

  return {
    flush,
    stop() {
      flush();
      stopped = true;
      unsubscribe();
    },
  };
}

/** Mounted once, above the screens: follows the active profile. */
export function useScreenPersistence(store: ScreenStore, search: SearchSession): void {
  const profileId = useConnectionStatus().data?.profileId ?? null;
  useEffect(() => {
    if (!profileId) return;
    const persister = startPersister(store, search, profileId);
    const onHide = () => persister.flush();
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      persister.stop();
      // The next profile's screens start blank, then fill from what was saved for it.
      store.reset();
    };
  }, [store, search, profileId]);
}
