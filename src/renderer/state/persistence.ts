// Saves each screen's persisted part (persisted-shapes.ts) for the active profile, debounced, and restores
// it when a profile becomes active (start-up, or a switch). Main keeps it in the settings file, not
// localStorage: browser mode's origin (port) changes per launch, so its storage would be lost.
// It reports whether everything is written (save-status.ts): `saving` while the saved state is read,
// while a change waits for the debounce and while a save is on its way to main; `saved` once main
// acknowledged the newest state of every screen; `failed` when main refused the newest save of one.
import { useEffect } from 'react';
import { PERSISTED_SCREENS, type PersistedScreen } from '../../shared/bridge/groups/ui-state';
import { uiStateCalls } from '../data/ui-state';
import { useConnectionStatus } from '../data/profiles';
import type { SearchSession } from './search-session';
import type { SaveState, SaveStatus } from './save-status';
import { restoreEsg, restoreLists, restoreMatch, restoreSearch, restoreWatches, toPersisted } from './persisted-shapes';
import type { ScreenStates, ScreenStore } from './screen-states';

export const SAVE_DEBOUNCE_MS = 400;

export interface Persister {
  /** Writes pending changes now (page hiding, profile switching). */
  flush(): void;
  stop(): void;
  /** Whether every change is written and acknowledged by main. */
  readonly saveState: SaveState;
}

export interface PersisterOptions {
  debounceMs?: number;
  /** Called whenever `saveState` changes. */
  onSaveState?(state: SaveState): void;
}

/** Restores `profileId`'s screens into the store, then saves their changes. */
export function startPersister(store: ScreenStore, search: SearchSession, profileId: string, opts: PersisterOptions = {}): Persister {
  const debounceMs = opts.debounceMs ?? SAVE_DEBOUNCE_MS;
  const lastSaved = new Map<PersistedScreen, string>();
  const lastSlice = new Map<PersistedScreen, unknown>();
  const pending = new Set<PersistedScreen>();
  /** Per screen, the newest save sent: only its answer says whether the screen is saved. */
  const newest = new Map<PersistedScreen, number>();
  const inFlight = new Set<number>();
  const failed = new Set<PersistedScreen>();
  let seq = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let loaded = false;
  let stopped = false;
  let saveState: SaveState = 'saving';

  const report = () => {
    const next: SaveState = (!loaded && !stopped) || timer !== undefined || pending.size > 0 || inFlight.size > 0 ? 'saving' : failed.size > 0 ? 'failed' : 'saved';
    if (next === saveState) return;
    saveState = next;
    opts.onSaveState?.(next);
  };
  const save = (screen: PersistedScreen) => {
    const state = toPersisted(screen, store.get());
    const text = JSON.stringify(state);
    if (lastSaved.get(screen) === text) return;
    lastSaved.set(screen, text);
    const mine = ++seq;
    newest.set(screen, mine);
    inFlight.add(mine);
    // A failed save loses only the newest edits of a screen; the next change tries again.
    void uiStateCalls.save({ profileId, screen, state }).then(
      () => {
        if (newest.get(screen) === mine) failed.delete(screen);
      },
      () => {
        if (newest.get(screen) !== mine) return;
        lastSaved.delete(screen);
        failed.add(screen);
      },
    ).finally(() => {
      inFlight.delete(mine);
      report();
    });
  };
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    for (const screen of [...pending]) save(screen);
    pending.clear();
    report();
  };
  const schedule = () => {
    if (pending.size && timer === undefined) timer = setTimeout(flush, debounceMs);
    report();
  };
  const onChange = () => {
    if (!loaded || stopped) return;
    const all: ScreenStates = store.get();
    for (const screen of PERSISTED_SCREENS) {
      if (lastSlice.get(screen) === all[screen]) continue;
      lastSlice.set(screen, all[screen]);
      pending.add(screen);
    }
    schedule();
  };
  const unsubscribe = store.subscribe(onChange);

  void uiStateCalls.load({ profileId })
    .catch(() => ({}) as Partial<Record<PersistedScreen, unknown>>)
    .then((saved) => {
      if (stopped) return;
      // Restoring below marks screens touched too; these are the ones the analyst changed meanwhile.
      const changedMeanwhile = new Set(store.touched);
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
        const kept = saved[screen] === undefined ? undefined : JSON.stringify(saved[screen]);
        const current = JSON.stringify(toPersisted(screen, all));
        if (changedMeanwhile.has(screen) && current !== kept) {
          // A screen changed while this loaded is saved now, not only at its next change.
          if (kept === undefined) lastSaved.delete(screen);
          else lastSaved.set(screen, kept);
          pending.add(screen);
        } else lastSaved.set(screen, kept ?? current);
      }
      loaded = true;
      schedule();
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
      report();
    },
    get saveState() {
      return saveState;
    },
  };
}

let persisters = 0;

/** Mounted once, above the screens: follows the active profile. */
export function useScreenPersistence(store: ScreenStore, search: SearchSession, status?: SaveStatus): void {
  const profileId = useConnectionStatus().data?.profileId ?? null;
  useEffect(() => {
    if (!profileId) return;
    // Its own part per persister: a switched-from profile's last saves still report when they land.
    const part = `screens:${++persisters}`;
    const persister = startPersister(store, search, profileId, { onSaveState: (s) => status?.set(part, s) });
    status?.set(part, persister.saveState);
    const onHide = () => persister.flush();
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      persister.stop();
      // The next profile's screens start blank, then fill from what was saved for it.
      store.reset();
    };
  }, [store, search, profileId, status]);
}
