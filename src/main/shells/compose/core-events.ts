// The core's event fan-out: every feature's emit reaches every shell listener (a window, a socket),
// and a listener that joins after boot still gets the notices raised before anyone could listen.
import type { BridgeEmit } from '../../../shared/bridge/table';

export type CoreListener = (group: string, event: string, payload: unknown) => void;

export interface CoreEvents {
  emit: BridgeEmit;
  /** Adds a listener and hands it the boot notices on the next microtask, unless it left by then. */
  listen(listener: CoreListener, bootNotices: readonly unknown[]): () => boolean;
  clear(): void;
}

export function createCoreEvents(): CoreEvents {
  const listeners = new Set<CoreListener>();
  return {
    emit(group, event, payload) {
      for (const l of [...listeners]) {
        try {
          l(group, event, payload);
        } catch {
          // A failing listener (closed window, dropped socket) must not break the core.
        }
      }
    },
    listen(listener, bootNotices) {
      listeners.add(listener);
      // Renderers de-duplicate by notice id, so a notice seen live and again here shows once.
      queueMicrotask(() => {
        if (!listeners.has(listener)) return;
        for (const n of bootNotices) {
          try {
            listener('app', 'notice', n);
          } catch {
            // same as emit: a failing listener must not break the core
          }
        }
      });
      return () => listeners.delete(listener);
    },
    clear() {
      listeners.clear();
    },
  };
}
