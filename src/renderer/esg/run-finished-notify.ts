// A finished ESG run as a web notification in browser mode (Electron notifies natively from main;
// there showWebNotification does nothing unless the analyst turned web notifications on).
import type { RunFinished } from '../../shared/esg-runs/schemas';
import { subscribeBridgeEvent, useBridgeEvent } from '../data/useBridgeEvent';
import { showWebNotification } from '../ui/web-notify';

export function notifyRunFinished(f: RunFinished, show: (title: string, body: string) => void = showWebNotification): void {
  show(f.title, f.body);
}

/** Outside React (tests, other shells): returns the unsubscribe function. */
export function watchRunFinished(show?: (title: string, body: string) => void): () => void {
  return subscribeBridgeEvent('esgRuns', 'runFinished', (f) => notifyRunFinished(f, show));
}

/** Mount once at the frame: a run may finish while the analyst is on any screen. */
export function useRunFinishedWebNotifications(): void {
  useBridgeEvent('esgRuns', 'runFinished', (f: RunFinished) => notifyRunFinished(f));
}
