// Browser-mode transport: every bridge call and event over one WebSocket to the local host.
// Calls made before the socket opens are queued; a dropped socket fails the calls in flight
// (as Results, via build-api) and the next call reconnects.
import { WS_PATH, WS_PROTOCOL, WS_TOKEN_PREFIX, type ServerFrame } from '../shared/bridge/ws-protocol';
import type { Result } from '../shared/errors';
import type { BridgeTransport } from './build-api';

interface Pending {
  resolve(r: Result<unknown>): void;
  reject(e: Error): void;
}

export interface WsTransportOptions {
  /** ws://host:port (defaults to the page's own host). */
  url: string;
  token: string | null;
  /** Injected for tests; the page's WebSocket otherwise. */
  WebSocketImpl?: typeof WebSocket;
}

export function wsTransport(opts: WsTransportOptions): BridgeTransport & { close(): void } {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let socket: WebSocket | null = null;
  let opened: Promise<WebSocket> | null = null;

  function connect(): Promise<WebSocket> {
    if (opened) return opened;
    if (!opts.token) return Promise.reject(new Error('missing launch token'));
    opened = new Promise<WebSocket>((resolve, reject) => {
      const Impl = opts.WebSocketImpl ?? WebSocket;
      const ws = new Impl(opts.url, [WS_PROTOCOL, WS_TOKEN_PREFIX + opts.token]);
      socket = ws;
      ws.onopen = () => resolve(ws);
      ws.onmessage = (m) => onFrame(String(m.data));
      // A refused or broken socket is followed by `close`, which settles everything.
      ws.onerror = () => undefined;
      ws.onclose = () => {
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

  // Events are broadcast to every page, so connect eagerly to receive them even before the first call.
  if (opts.token) connect().catch(() => undefined);

  return {
    async invoke(channel, input) {
      if (!opts.token) {
        return {
          ok: false,
          error: {
            code: 'not_configured',
            message: 'This page was opened without its launch token. Open the exact URL printed by `npm run browser`.',
            retryable: false,
          },
        };
      }
      const ws = await connect();
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

export function bridgeSocketUrl(loc: Pick<Location, 'protocol' | 'host'>): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${WS_PATH}`;
}
