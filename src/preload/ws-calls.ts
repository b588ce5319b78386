// The call side of the browser-mode transport (ws-transport.ts): the calls waiting for their
// result frame, the page's event listeners, and the routing of each frame from the host to one or
// the other. Kept apart from the link (ws-link.ts: sockets, retries) so each is testable alone.
import type { ServerFrame } from '../shared/bridge/ws-protocol';
import type { BridgeError, Result } from '../shared/errors';

export interface PendingCall {
  resolve(r: Result<unknown>): void;
  reject(e: Error): void;
}

export interface CallTable {
  /** The id of the next call (ids are never reused within one page). */
  nextId(): number;
  /** Keeps a sent call until its result frame arrives or its socket goes. */
  add(id: number, call: PendingCall): void;
  /** One frame from the host: a result settles its call, an event reaches its listeners. */
  route(text: string): void;
  subscribe(channel: string, listener: (payload: unknown) => void): () => void;
  /** The socket went: every call in flight gets the stop reason when there is one, a drop otherwise. */
  failAll(stopped: BridgeError | null): void;
}

export function callTable(): CallTable {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const pending = new Map<number, PendingCall>();
  let nextId = 1;

  function emit(channel: string, payload: unknown) {
    for (const l of [...(listeners.get(channel) ?? [])]) {
      try {
        l(payload);
      } catch (e) {
        // One faulty listener must not starve the others.
        console.error(e);
      }
    }
  }

  return {
    nextId: () => nextId++,
    add(id, call) {
      pending.set(id, call);
    },
    route(text) {
      let frame: ServerFrame;
      try {
        frame = JSON.parse(text) as ServerFrame;
      } catch {
        return;
      }
      if (frame.t === 'result') {
        const p = pending.get(frame.id);
        pending.delete(frame.id);
        p?.resolve(frame.result as Result<unknown>);
      } else if (frame.t === 'event') emit(frame.ch, frame.payload);
    },
    subscribe(channel, listener) {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    failAll(stopped) {
      // A call sent before the reason arrived gets the reason, not a bare "lost contact".
      for (const p of pending.values()) {
        if (stopped) p.resolve({ ok: false, error: stopped });
        else p.reject(new Error('bridge socket closed'));
      }
      pending.clear();
    },
  };
}
