// Browser-mode transport: every bridge call and event over one WebSocket to the local host.
// Calls made before the socket opens are queued; a dropped socket fails the calls in flight
// (as Results, via build-api) and the next call reconnects, unless a newer page of this launch
// took the bridge over (WS_CLOSE_REPLACED): then this page says so instead of taking it back.
// The page authenticates with its HttpOnly session cookie, which the browser sends with the upgrade.
import { WS_CLOSE_REPLACED, WS_PATH, WS_PROTOCOL, type ServerFrame } from '../shared/bridge/ws-protocol';
import type { BridgeError, Result } from '../shared/errors';
import type { BridgeTransport } from './build-api';

interface Pending {
  resolve(r: Result<unknown>): void;
  reject(e: Error): void;
}

export interface WsTransportOptions {
  /** ws://host:port (defaults to the page's own host). */
  url: string;
  /** Injected for tests; the page's WebSocket otherwise. */
  WebSocketImpl?: typeof WebSocket;
}

export function wsTransport(opts: WsTransportOptions): BridgeTransport & { close(): void } {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let socket: WebSocket | null = null;
  let opened: Promise<WebSocket> | null = null;
  /** Why this page can no longer reach the bridge (replaced by another page, or never signed in). */
  let stopped: BridgeError | null = null;

  function connect(): Promise<WebSocket> {
    if (opened) return opened;
    opened = new Promise<WebSocket>((resolve, reject) => {
      const Impl = opts.WebSocketImpl ?? WebSocket;
      const ws = new Impl(opts.url, [WS_PROTOCOL]);
      socket = ws;
      let wasOpen = false;
      ws.onopen = () => {
        wasOpen = true;
        resolve(ws);
      };
      ws.onmessage = (m) => onFrame(String(m.data));
      // A refused or broken socket is followed by `close`, which settles everything.
      ws.onerror = () => undefined;
      ws.onclose = (ev) => {
        if (ev.code === WS_CLOSE_REPLACED) stopped = REPLACED;
        // Refused before opening: the page has no session (opened without its launch link).
        else if (!wasOpen) stopped = NOT_SIGNED_IN;
        reject(new Error('bridge socket closed'));
        if (socket === ws) {
          socket = null;
          opened = null;
        }
        for (const p of pending.values()) p.reject(new Error('bridge socket closed'));
        pending.clear();
      };
    });
    return opened;
  }

  function onFrame(text: string) {
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
    } else if (frame.t === 'event') {
      for (const l of [...(listeners.get(frame.ch) ?? [])]) {
        try {
          l(frame.payload);
        } catch (e) {
          // One faulty listener must not starve the others.
          console.error(e);
        }
      }
    }
  }

  // Events are broadcast to the page, so connect eagerly to receive them even before the first call.
  connect().catch(() => undefined);

  return {
    async invoke(channel, input) {
      if (stopped) return { ok: false, error: stopped };
      let ws: WebSocket;
      try {
        ws = await connect();
      } catch (e) {
        if (stopped) return { ok: false, error: stopped };
        throw e;
      }
      const id = nextId++;
      return new Promise<Result<unknown>>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        ws.send(JSON.stringify({ t: 'call', id, ch: channel, input }));
      });
    },
    subscribe(channel, listener) {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    close() {
      socket?.close();
    },
  };
}

const REPLACED: BridgeError = {
  code: 'not_configured',
  message: 'Firmscope was opened in another window or tab, which now holds the connection. Use that one, or reload this page to take it back.',
  retryable: false,
};
const NOT_SIGNED_IN: BridgeError = {
  code: 'not_configured',
  message: 'This page is not signed in to Firmscope. Open the link printed by `npm run browser` (each link works once), or restart Firmscope.',
  retryable: false,
};

export function bridgeSocketUrl(loc: Pick<Location, 'protocol' | 'host'>): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${WS_PATH}`;
}
