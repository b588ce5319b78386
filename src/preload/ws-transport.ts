// Browser-mode transport: every bridge call and event over one WebSocket to the local host.
// The page authenticates with its HttpOnly session cookie, which the browser sends with every
// upgrade, so a reconnect reuses it with nothing stored in the page.
// A dropped socket fails the calls in flight (as Results, via build-api) and is reopened with
// backoff, so events flow again once the host is back; calls made while it is down wait for the
// next attempt (docs/connection.md). Three cases stop for good instead: a newer page of this launch
// took the bridge over (WS_CLOSE_REPLACED; this page says so instead of taking it back), the host
// does not know this page's session (WS_CLOSE_NOT_SIGNED_IN: a restarted host has a new per-launch
// session, so the analyst opens the link it printed; the same code tells a page never signed in).
import { WS_CLOSE_NOT_SIGNED_IN, WS_CLOSE_REPLACED, WS_PATH, WS_PROTOCOL, type ServerFrame } from '../shared/bridge/ws-protocol';
import type { BridgeError, Result } from '../shared/errors';
import type { BridgeTransport } from './build-api';

interface Pending {
  resolve(r: Result<unknown>): void;
  reject(e: Error): void;
}

export type LinkState = 'connecting' | 'open' | 'down' | 'stopped' | 'disposed';

export interface WsTransportOptions {
  /** ws://host:port (defaults to the page's own host). */
  url: string;
  /** Injected for tests; the page's WebSocket otherwise. */
  WebSocketImpl?: typeof WebSocket;
  /** Waits before reattempt n (0-based) after a drop; the last one repeats. */
  backoffMs?: readonly number[];
  /** An attempt that has not opened by then is abandoned (a hung host accepts TCP but never answers). */
  connectTimeoutMs?: number;
  /**
   * How long a call made before the page's first link opened waits for it, through abandoned and
   * retried attempts (a host busy starting its core on a loaded machine answers the upgrade late).
   */
  firstLinkWaitMs?: number;
}

export const RECONNECT_BACKOFF_MS = [250, 500, 1000, 2000, 4000, 5000] as const;
const CONNECT_TIMEOUT_MS = 5000;
/** A give-up, not a pace: a page that never reaches its host says so after this (docs/connection.md). */
const FIRST_LINK_WAIT_MS = 60_000;
/** WebSocket.OPEN and CLOSING (the injected implementation of tests may not carry the constant). */
const OPEN = 1;
const CLOSING = 2;

export interface WsTransport extends BridgeTransport {
  readonly state: LinkState;
  /** Called on every link state change (tests, diagnostics). */
  onState(cb: (s: LinkState) => void): () => void;
  /** Drops the current socket (as a host going away would); the transport reconnects. */
  close(): void;
  /** Stops for good: no socket, no reconnects. */
  dispose(): void;
}

export function wsTransport(opts: WsTransportOptions): WsTransport {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const stateListeners = new Set<(s: LinkState) => void>();
  const pending = new Map<number, Pending>();
  const backoff = opts.backoffMs ?? RECONNECT_BACKOFF_MS;
  let nextId = 1;
  let socket: WebSocket | null = null;
  /** The socket being opened, or the scheduled attempt after a drop. */
  let opening: Promise<WebSocket> | null = null;
  let failures = 0;
  let everOpened = false;
  let state: LinkState = 'down';
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** Why this page can no longer reach the bridge (replaced by another page, not signed in to this launch). */
  let stopped: BridgeError | null = null;

  const setState = (s: LinkState) => {
    if (s === state || state === 'disposed') return;
    state = s;
    for (const l of [...stateListeners]) l(s);
  };

  /** One attempt: resolves when the socket opens, rejects when it closes (or times out) first. */
  function attempt(): Promise<WebSocket> {
    setState('connecting');
    return new Promise<WebSocket>((resolve, reject) => {
      const Impl = opts.WebSocketImpl ?? WebSocket;
      const ws = new Impl(opts.url, [WS_PROTOCOL]);
      socket = ws;
      // The host accepts a socket without this launch's session only to close it with a reason.
      const openedBefore = everOpened;
      const timer = setTimeout(() => ws.close(), opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS);
      ws.onopen = () => {
        clearTimeout(timer);
        everOpened = true;
        failures = 0;
        setState('open');
        resolve(ws);
      };
      ws.onmessage = (m) => onFrame(String(m.data));
      // A refused or broken socket is followed by `close`, which settles everything.
      ws.onerror = () => undefined;
      ws.onclose = (ev) => {
        clearTimeout(timer);
        if (ev.code === WS_CLOSE_REPLACED) stopped = REPLACED;
        else if (ev.code === WS_CLOSE_NOT_SIGNED_IN) stopped = openedBefore ? RESTARTED : NOT_SIGNED_IN;
        // Any other failure, the first attempt's included, is the host being down or still busy
        // starting (an attempt abandoned at its timeout under load): keep trying. Only the host's
        // own close code says a page is not signed in.
        reject(new Error('bridge socket closed'));
        if (socket !== ws) return;
        socket = null;
        // A call sent before the reason arrived gets the reason, not a bare "lost contact".
        for (const p of pending.values()) {
          if (stopped) p.resolve({ ok: false, error: stopped });
          else p.reject(new Error('bridge socket closed'));
        }
        pending.clear();
        if (state === 'disposed') return;
        if (stopped) return setState('stopped');
        setState('down');
        scheduleReconnect();
      };
    });
  }

  function scheduleReconnect() {
    const wait = backoff[Math.min(failures, backoff.length - 1)];
    failures++;
    opening = new Promise<WebSocket>((resolve, reject) => {
      retryTimer = setTimeout(() => {
        retryTimer = null;
        if (state === 'disposed') return reject(new Error('bridge transport disposed'));
        attempt().then(resolve, reject);
      }, wait);
    });
    // Nobody may be waiting for this attempt; its failure schedules the next one by itself.
    opening.catch(() => undefined);
  }

  function connect(): Promise<WebSocket> {
    if (state === 'disposed') return Promise.reject(new Error('bridge transport disposed'));
    if (socket && state === 'open') return Promise.resolve(socket);
    if (!opening) opening = attempt();
    const current = opening;
    // Settled attempts are forgotten so the next call waits for the next one.
    const forget = () => {
      if (opening === current) opening = null;
    };
    current.then(forget, forget);
    return current;
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

  /**
   * The link for a call. Once the page has had a link, a failed attempt fails the call (a dropped
   * host is reported at once; the health banner relies on it). Before that, the call rides the
   * retries until the first link opens or firstLinkWaitMs has passed.
   */
  async function linkForCall(): Promise<WebSocket> {
    const giveUpAt = Date.now() + (opts.firstLinkWaitMs ?? FIRST_LINK_WAIT_MS);
    for (;;) {
      try {
        return await connect();
      } catch (e) {
        if (everOpened || stopped || state === 'disposed' || Date.now() >= giveUpAt) throw e;
      }
    }
  }

  // Events are broadcast to the page, so connect eagerly to receive them even before the first call.
  connect().catch(() => undefined);

  return {
    get state() {
      return state;
    },
    onState(cb) {
      stateListeners.add(cb);
      return () => void stateListeners.delete(cb);
    },
    async invoke(channel, input) {
      if (stopped) return { ok: false, error: stopped };
      let ws: WebSocket;
      try {
        ws = await linkForCall();
      } catch (e) {
        if (stopped) return { ok: false, error: stopped };
        throw e;
      }
      const id = nextId++;
      return new Promise<Result<unknown>>((resolve, reject) => {
        // The host may have gone while the link still reads open (the socket is closing and its
        // close event not yet here): never send into it; its close settles the call as a drop does
        // (or with the host's reason, e.g. not signed in).
        if (ws.readyState !== OPEN) {
          if (ws.readyState === CLOSING && socket === ws) return void pending.set(id, { resolve, reject });
          return stopped ? resolve({ ok: false, error: stopped }) : reject(new Error('bridge socket closed'));
        }
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
    dispose() {
      setState('disposed');
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      socket?.close();
    },
  };
}

const REPLACED: BridgeError = {
  code: 'not_configured',
  message: 'Firmscope was opened in another window or tab, which now holds the connection. Use that one, or reload this page to take it back.',
  retryable: false,
};
const RESTARTED: BridgeError = {
  code: 'not_configured',
  message: 'Firmscope was restarted, and this page belongs to the earlier launch. Open the link the new launch printed (`npm start` opens a new window by itself); your work is kept.',
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
