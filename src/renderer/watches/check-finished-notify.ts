// A check that found changes, said where the analyst is: a desktop notification in browser mode once
// notifications are allowed (Electron notifies natively from main), and in the app the latest one as
// a status line on the "What changed" screen. The words come from main's event (names and counts).
import type { CheckFinished } from '../../shared/watches/watches';
import { showWebNotification } from '../ui/web-notify';
import { createStore, useStoreSelector } from '../state/store';
import { useCheckFinishedEvent } from '../data/watches';

/** The latest check that found something, with when it arrived (for the screen's status line). */
export const latestCheckFinished = createStore<{ finished: CheckFinished; at: number } | null>(null);

export function notifyCheckFinished(f: CheckFinished, show: (title: string, body: string) => void = showWebNotification, now = Date.now()): void {
  if (f.changes > 0) show(f.title, f.body);
  latestCheckFinished.set(() => ({ finished: f, at: now }));
}

/** Mount once at the frame: a check may finish while the analyst is on any screen. */
export function useCheckFinishedNotifications(): void {
  useCheckFinishedEvent((f) => notifyCheckFinished(f));
}

const select = (s: { finished: CheckFinished; at: number } | null) => s;
export const useLatestCheckFinished = () => useStoreSelector(latestCheckFinished, select);
