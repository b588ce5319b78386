// Browser-mode transport: every bridge call and event over one WebSocket to the local host.
// The page authenticates with its HttpOnly session cookie, which the browser sends with every
// upgrade, so a reconnect reuses it with nothing stored in the page.
// A dropped socket fails the calls in flight (as Results, via build-api) and is reopened with
// backoff, so events flow again once the host is back; calls made while it is down wait for the
// next attempt (docs/connection.md). When it stops for good (another page took over, not signed
// in), calls answer with the reason. The socket lifecycle lives in ws-link.ts, the pending calls
// and event listeners in ws-calls.ts; this module joins them and decides how long a call waits.
import { WS_PATH } from '../shared/bridge/ws-protocol';
import type { Result } from '../shared/errors';
import type { BridgeTransport } from './build-api';
import { callTable } from './ws-calls';
import { bridgeLink, type LinkOptions, type LinkState } from './ws-link';

export { RECONNECT_BACKOFF_MS, type LinkState } from './ws-link';

export interface WsTransportOptions extends LinkOptions {
  /**
   * How long a call made before the page's first link opened waits for it, through abandoned and
   * retried attempts (a host busy starting its core on a loaded machine answers the upgrade late).
   */
  firstLinkWaitMs?: number;
}

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
  const calls = callTable();
  const link = bridgeLink(opts, { onFrame: (text) => calls.route(text), onDrop: (stopped) => calls.failAll(stopped) });

  /**
   * The link for a call. Once the page has had a link, a failed attempt fails the call (a dropped
   * host is reported at once; the health banner relies on it). Before that, the call rides the
   * retries until the first link opens or firstLinkWaitMs has passed.
   */
  async function linkForCall(): Promise<WebSocket> {
    const giveUpAt = Date.now() + (opts.firstLinkWaitMs ?? FIRST_LINK_WAIT_MS);
    for (;;) {
      try {
        return await link.connect();
      } catch (e) {
        if (link.everOpened || link.stopped || link.state === 'disposed' || Date.now() >= giveUpAt) throw e;
      }
    }
  }

  // Events are broadcast to the page, so connect eagerly to receive them even before the first call.
  link.connect().catch(() => undefined);

  return {
    get state() {
      return link.state;
    },
    onState: (cb) => link.onState(cb),
    async invoke(channel, input) {
      if (link.stopped) return { ok: false, error: link.stopped };
      let ws: WebSocket;
      try {
        ws = await linkForCall();
      } catch (e) {
        if (link.stopped) return { ok: false, error: link.stopped };
        throw e;
      }
      const id = calls.nextId();
      return new Promise<Result<unknown>>((resolve, reject) => {
        const stopped = link.stopped;
        // The host may have gone while the link still reads open (the socket is closing and its
        // close event not yet here): never send into it; its close settles the call as a drop does
        // (or with the host's reason, e.g. not signed in).
        if (ws.readyState !== OPEN) {
          if (ws.readyState === CLOSING && link.socket === ws) return void calls.add(id, { resolve, reject });
          return stopped ? resolve({ ok: false, error: stopped }) : reject(new Error('bridge socket closed'));
        }
        calls.add(id, { resolve, reject });
        ws.send(JSON.stringify({ t: 'call', id, ch: channel, input }));
      });
    },
    subscribe: (channel, listener) => calls.subscribe(channel, listener),
    close: () => link.close(),
    dispose: () => link.dispose(),
  };
}

export function bridgeSocketUrl(loc: Pick<Location, 'protocol' | 'host'>): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${WS_PATH}`;
}
