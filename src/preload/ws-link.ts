// The link of the browser-mode transport (ws-transport.ts): one WebSocket to the local host at a
// time, reopened with backoff after a drop, and the reason when it stops for good. Kept apart from
// the calls (ws-calls.ts) so the socket lifecycle reads, and is tested, on its own.
// Three cases stop for good instead of reconnecting: a newer page of this launch took the bridge
// over (WS_CLOSE_REPLACED; this page says so instead of taking it back), the host does not know
// this page's session (WS_CLOSE_NOT_SIGNED_IN: a restarted host has a new per-launch session, so
// the analyst opens the link it printed; the same code tells a page never signed in).
import { WS_CLOSE_NOT_SIGNED_IN, WS_CLOSE_REPLACED, WS_PROTOCOL } from '../shared/bridge/ws-protocol';
import type { BridgeError } from '../shared/errors';

export type LinkState = 'connecting' | 'open' | 'down' | 'stopped' | 'disposed';

export interface LinkOptions {
  /** ws://host:port (defaults to the page's own host). */
  url: string;
  /** Injected for tests; the page's WebSocket otherwise. */
  WebSocketImpl?: typeof WebSocket;
  /** Waits before reattempt n (0-based) after a drop; the last one repeats. */
  backoffMs?: readonly number[];
  /** An attempt that has not opened by then is abandoned (a hung host accepts TCP but never answers). */
  connectTimeoutMs?: number;
}

export interface LinkHooks {
  /** Every frame the host sends. */
  onFrame(text: string): void;
  /** The current socket closed; stopped is why the link stops for good, or null for a plain drop. */
  onDrop(stopped: BridgeError | null): void;
}

export interface BridgeLink {
  readonly state: LinkState;
  /** The open (or closing) socket, if any. */
  readonly socket: WebSocket | null;
  /** Why this page can no longer reach the bridge, or null while it still may. */
  readonly stopped: BridgeError | null;
  /** Whether a socket of this link has ever opened. */
  readonly everOpened: boolean;
  onState(cb: (s: LinkState) => void): () => void;
  /** The open socket, or the attempt under way (or scheduled); rejects when that attempt fails. */
  connect(): Promise<WebSocket>;
  close(): void;
  dispose(): void;
}

export const RECONNECT_BACKOFF_MS = [250, 500, 1000, 2000, 4000, 5000] as const;
const CONNECT_TIMEOUT_MS = 5000;

export function bridgeLink(opts: LinkOptions, hooks: LinkHooks): BridgeLink {
  const stateListeners = new Set<(s: LinkState) => void>();
  const backoff = opts.backoffMs ?? RECONNECT_BACKOFF_MS;
  let socket: WebSocket | null = null;
  /** The socket being opened, or the scheduled attempt after a drop. */
  let opening: Promise<WebSocket> | null = null;
  let failures = 0;
  let everOpened = false;
  let state: LinkState = 'down';
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
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
      ws.onmessage = (m) => hooks.onFrame(String(m.data));
      // A refused or broken socket is followed by `close`, which settles everything.
      ws.onerror = () => undefined;
      ws.onclose = (ev) => {
        clearTimeout(timer);
        stopped = stopReason(ev.code, openedBefore) ?? stopped;
        // Any other failure, the first attempt's included, is the host being down or still busy
        // starting (an attempt abandoned at its timeout under load): keep trying. Only the host's
        // own close code says a page is not signed in.
        reject(new Error('bridge socket closed'));
        if (socket !== ws) return;
        socket = null;
        hooks.onDrop(stopped);
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

  return {
    get state() {
      return state;
    },
    get socket() {
      return socket;
    },
    get stopped() {
      return stopped;
    },
    get everOpened() {
      return everOpened;
    },
    onState(cb) {
      stateListeners.add(cb);
      return () => void stateListeners.delete(cb);
    },
    connect,
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

/** The reason a close code stops the link for good, or null when the link should retry. */
export function stopReason(code: number, openedBefore: boolean): BridgeError | null {
  if (code === WS_CLOSE_REPLACED) return REPLACED;
  if (code === WS_CLOSE_NOT_SIGNED_IN) return openedBefore ? RESTARTED : NOT_SIGNED_IN;
  return null;
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
