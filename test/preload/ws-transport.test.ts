// The browser-mode preload's transport against the real host: the same window.firmscope object as
// Electron's, calls round-trip, events arrive, and a missing token is reported as a Result.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import type { BrowserHost } from '../../src/main/shells/web-host/host';
import { buildFirmscopeApi } from '../../src/preload/build-api';
import { wsTransport, type LinkState, type WsTransport } from '../../src/preload/ws-transport';
import { startBrowserHost } from '../../src/main/shells/web-host/host';
import { createDispatcher } from '../../src/main/platform/bridge/dispatcher';
import { echoHandlers } from '../helpers/fake-handlers';
import { eventChannel } from '../../src/shared/bridge/define';
import { bridgeTable } from '../../src/shared/bridge/table';
import { WS_PATH } from '../../src/shared/bridge/ws-protocol';
import { expectedApiShape } from '../helpers/fake-handlers';
import { fakeRendererDir, startEchoHost } from '../helpers/host-helpers';

type Api = Record<string, Record<string, (arg?: unknown) => unknown>>;

/** A page's WebSocket: the browser always sends the page origin, and the session cookie once it has one. */
const pageSocket = (origin: string, cookie?: string) =>
  class extends WebSocket {
    constructor(url: string, protocols: string[]) {
      super(url, protocols, { origin, headers: cookie ? { cookie } : {} });
    }
  } as unknown as typeof globalThis.WebSocket;
const signedIn = (h: BrowserHost) => pageSocket(h.origin, `${h.cookieName}=${h.token}`);

let host: BrowserHost;
const transports: WsTransport[] = [];
afterEach(async () => {
  for (const t of transports.splice(0)) t.dispose();
  await host?.close();
});
const track = <T extends WsTransport>(t: T): T => (transports.push(t), t);
/** Resolves when `t` has entered state `want` `times` times from now. */
const entered = (t: WsTransport, want: LinkState, times = 1) =>
  new Promise<void>((resolve) => {
    let seen = 0;
    const off = t.onState((s) => {
      if (s !== want || ++seen < times) return;
      off();
      resolve();
    });
  });
/** The first payload an `on…` subscription of the API receives. */
const nextEvent = (on: (cb: (p: unknown) => void) => unknown) => new Promise<unknown>((resolve) => void on(resolve));

describe('browser-mode transport', () => {
  it('builds the table-shaped API and round-trips calls and events', async () => {
    host = await startEchoHost();
    const transport = track(wsTransport({ url: `ws://127.0.0.1:${host.port}${WS_PATH}`, WebSocketImpl: signedIn(host) }));
    const api = buildFirmscopeApi(bridgeTable, transport) as Api;
    const shape = expectedApiShape();
    expect(Object.keys(api)).toEqual(Object.keys(shape));
    for (const g of Object.keys(shape)) expect(Object.keys(api[g]!)).toEqual(shape[g]);

    const [a, b] = await Promise.all([api.profiles!.activate!({ id: 'sandbox' }), api.app!.info!()]);
    expect(a).toEqual({ ok: true, value: { group: 'profiles', name: 'activate', input: { id: 'sandbox' } } });
    expect(b).toEqual({ ok: true, value: { group: 'app', name: 'info' } });

    const events: unknown[] = [];
    const first = nextEvent((cb) => api.esg!.onProgress!(cb));
    const off = api.esg!.onProgress!((p: unknown) => events.push(p)) as () => void;
    host.broadcast(eventChannel('esg', 'progress'), { n: 1 });
    expect(await first).toEqual({ n: 1 });
    off();
    // A listener added after off() gets { n: 2 }: by then the one removed would have had it too.
    const second = nextEvent((cb) => api.esg!.onProgress!(cb));
    host.broadcast(eventChannel('esg', 'progress'), { n: 2 });
    expect(await second).toEqual({ n: 2 });
    expect(events).toEqual([{ n: 1 }]);
    transport.close();
  });

  it('reports a page without its session cookie (or with a wrong one) as a Result that says what to do', async () => {
    host = await startEchoHost();
    for (const Impl of [pageSocket(host.origin), pageSocket(host.origin, `${host.cookieName}=wrong`)]) {
      const api = buildFirmscopeApi(bridgeTable, track(wsTransport({ url: `ws://127.0.0.1:${host.port}${WS_PATH}`, WebSocketImpl: Impl }))) as Api;
      const r = (await api.app!.info!()) as { ok: boolean; error: { code: string; message: string } };
      expect(r.ok).toBe(false);
      expect(r.error.code).toBe('not_configured');
      expect(r.error.message).toMatch(/not signed in.*each link works once/);
    }
  });

  it('gives the bridge to the newest page: the older one is told, and does not take it back', async () => {
    host = await startEchoHost();
    const url = `ws://127.0.0.1:${host.port}${WS_PATH}`;
    const firstLink = track(wsTransport({ url, WebSocketImpl: signedIn(host) }));
    const first = buildFirmscopeApi(bridgeTable, firstLink) as Api;
    expect((await first.app!.info!()) as { ok: boolean }).toMatchObject({ ok: true });
    const told = entered(firstLink, 'stopped');
    const second = buildFirmscopeApi(bridgeTable, track(wsTransport({ url, WebSocketImpl: signedIn(host) }))) as Api;
    expect((await second.app!.info!()) as { ok: boolean }).toMatchObject({ ok: true });
    await told;
    const r = (await first.app!.info!()) as { ok: boolean; error: { message: string } };
    expect(r.ok).toBe(false);
    expect(r.error.message).toMatch(/another window or tab/);
    expect(host.connections).toBe(1);
    expect((await second.app!.info!()) as { ok: boolean }).toMatchObject({ ok: true });
  });

  it('fails calls in flight when the socket drops, then reconnects for new calls and events of the same launch', async () => {
    let reached!: () => void;
    const atHost = new Promise<void>((r) => (reached = r));
    host = await startEchoHost({ 'search.cancel': () => (reached(), new Promise(() => undefined)) });
    const transport = track(wsTransport({ url: `ws://127.0.0.1:${host.port}${WS_PATH}`, WebSocketImpl: signedIn(host) }));
    const api = buildFirmscopeApi(bridgeTable, transport) as Api;
    const hanging = api.search!.cancel!({ requestId: 'r' }) as Promise<{ ok: boolean }>;
    await atHost; // the call is in flight, its handler running
    expect(host.connections).toBe(1);
    const events: unknown[] = [];
    api.esg!.onProgress!((p: unknown) => events.push(p));
    transport.close();
    expect((await hanging).ok).toBe(false);
    expect(await api.app!.info!()).toEqual({ ok: true, value: { group: 'app', name: 'info' } });
    // Nobody subscribed again: the listener registered before the drop gets the host's events.
    const after = nextEvent((cb) => api.esg!.onProgress!(cb));
    host.broadcast(eventChannel('esg', 'progress'), { after: 'reconnect' });
    await after;
    expect(events).toEqual([{ after: 'reconnect' }]);
    transport.close();
  });

  it('keeps trying while the host is down; a host restarted on the same port has a new session, so the page stops and asks for the new link', async () => {
    const rendererDir = fakeRendererDir();
    const start = async (port: number) => {
      const h = await startBrowserHost({ rendererDir, port });
      h.setDispatcher(createDispatcher(bridgeTable, echoHandlers(bridgeTable)));
      return h;
    };
    host = await start(0);
    const port = host.port;
    const transport = track(
      wsTransport({ url: `ws://127.0.0.1:${port}${WS_PATH}`, WebSocketImpl: signedIn(host), backoffMs: [50, 100, 200] }),
    );
    const states: LinkState[] = [];
    transport.onState((s) => states.push(s));
    const api = buildFirmscopeApi(bridgeTable, transport) as Api;
    expect((await api.app!.info!()) as { ok: boolean }).toMatchObject({ ok: true });

    // Down (the drop), then two attempts refused while the host is gone (the schedule itself: the fake-timer test).
    const refusedTwice = entered(transport, 'down', 3);
    await host.close();
    await refusedTwice;
    expect(states.filter((s) => s === 'connecting').length).toBeGreaterThanOrEqual(2);
    // A call while the host is gone fails as a Result (after the next attempt), never hangs.
    expect(((await api.app!.info!()) as { ok: boolean }).ok).toBe(false);

    // The page still presents the earlier launch's cookie: the new launch closes it with WS_CLOSE_NOT_SIGNED_IN.
    const told = entered(transport, 'stopped');
    host = await start(port);
    await told;
    const r = (await api.app!.info!()) as { ok: boolean; error: { code: string; message: string } };
    expect(r).toMatchObject({ ok: false, error: { code: 'not_configured' } });
    expect(r.error.message).toMatch(/restarted.*Open the link the new launch printed/);
    expect(host.connections).toBe(0);
  });

  it('abandons an attempt the host never answers (hung) and keeps retrying', async () => {
    host = await startEchoHost();
    const port = host.port;
    const transport = track(wsTransport({ url: `ws://127.0.0.1:${port}${WS_PATH}`, WebSocketImpl: signedIn(host), connectTimeoutMs: 200, backoffMs: [50] }));
    const api = buildFirmscopeApi(bridgeTable, transport) as Api;
    expect(((await api.app!.info!()) as { ok: boolean }).ok).toBe(true);
    await host.close();
    // In its place, a process that accepts TCP and never speaks: the WebSocket upgrade never completes.
    const { createServer } = await import('node:net');
    const sockets: import('node:net').Socket[] = [];
    let secondAttempt!: () => void;
    const triedAgain = new Promise<void>((r) => (secondAttempt = r));
    const server = createServer((s) => {
      if (sockets.push(s) === 2) secondAttempt();
    });
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
    try {
      // Abandoned at its connect timeout (200 ms; a minute of hanging would hit the test's timeout).
      const r = (await api.app!.info!()) as { ok: boolean; error: { code: string } };
      expect(r.ok).toBe(false);
      expect(r.error.code).toBe('internal');
      await triedAgain;
      expect(transport.state).not.toBe('stopped');
    } finally {
      for (const s of sockets) s.destroy();
      server.close();
    }
  });

  it('a first attempt abandoned while the host is busy starting is retried, not taken for "not signed in"', async () => {
    // A host that accepts TCP and has not answered yet (its core still loading on a busy machine).
    const { createServer } = await import('node:net');
    const sockets: import('node:net').Socket[] = [];
    let secondAttempt!: () => void;
    const triedAgain = new Promise<void>((r) => (secondAttempt = r));
    const server = createServer((s) => {
      if (sockets.push(s) === 2) secondAttempt();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as import('node:net').AddressInfo).port;
    try {
      const origin = `http://127.0.0.1:${port}`;
      const transport = track(
        wsTransport({ url: `ws://127.0.0.1:${port}${WS_PATH}`, WebSocketImpl: pageSocket(origin), connectTimeoutMs: 200, backoffMs: [50], firstLinkWaitMs: 0 }),
      );
      const r = (await (buildFirmscopeApi(bridgeTable, transport) as Api).app!.info!()) as { ok: boolean; error: { code: string } };
      expect(r).toMatchObject({ ok: false, error: { code: 'internal' } });
      await triedAgain;
      expect(transport.state).not.toBe('stopped');
    } finally {
      for (const s of sockets) s.destroy();
      server.close();
    }
  });

  it('a call made before the first link opens rides the retries: the host answered the first upgrade too late, the call still succeeds', async () => {
    // Where the page's first search failed with "Lost contact" on a loaded machine: the host, busy
    // starting its core, had not answered the upgrade within the connect timeout. In front of a real
    // host, a relay that holds the first connection unanswered and passes every later one through.
    host = await startEchoHost();
    const { createServer, connect } = await import('node:net');
    const held: import('node:net').Socket[] = [];
    const relay = createServer((s) => {
      if (held.length === 0) return void held.push(s);
      const upstream = connect(host.port, '127.0.0.1');
      s.pipe(upstream).pipe(s);
      s.on('error', () => upstream.destroy());
      upstream.on('error', () => s.destroy());
    });
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', () => r()));
    const relayPort = (relay.address() as import('node:net').AddressInfo).port;
    // The page believes it talks to the host itself (its Host, Origin and cookie).
    const throughRelay = class extends WebSocket {
      constructor(url: string, protocols: string[]) {
        super(url, protocols, { origin: host.origin, headers: { cookie: `${host.cookieName}=${host.token}`, host: `127.0.0.1:${host.port}` } });
      }
    } as unknown as typeof globalThis.WebSocket;
    try {
      const transport = track(wsTransport({ url: `ws://127.0.0.1:${relayPort}${WS_PATH}`, WebSocketImpl: throughRelay, connectTimeoutMs: 200, backoffMs: [50] }));
      const states: LinkState[] = [];
      transport.onState((s) => states.push(s));
      const r = await (buildFirmscopeApi(bridgeTable, transport) as Api).app!.info!();
      expect(r).toEqual({ ok: true, value: { group: 'app', name: 'info' } });
      expect(held).toHaveLength(1);
      // Down, then attempts until one opens: the held one timed out, and on a loaded machine a relayed
      // attempt may outlast the 200 ms connect timeout too (seen at load 28). How many attempts it
      // took is timing; that the call waited through them and no state but these three came is the point.
      expect(states.join(',')).toMatch(/^down,connecting(,down,connecting)*,open$/);
    } finally {
      for (const s of held) s.destroy();
      relay.close();
    }
  });

  it('stops for good when disposed', async () => {
    host = await startEchoHost();
    const sockets: WebSocket[] = [];
    const Base = signedIn(host) as unknown as typeof WebSocket;
    const Counting = class extends Base {
      constructor(url: string, protocols: string[]) {
        super(url, protocols);
        sockets.push(this as unknown as WebSocket);
      }
    } as unknown as typeof globalThis.WebSocket;
    const transport = wsTransport({ url: `ws://127.0.0.1:${host.port}${WS_PATH}`, WebSocketImpl: Counting, backoffMs: [20] });
    const api = buildFirmscopeApi(bridgeTable, transport) as Api;
    expect(((await api.app!.info!()) as { ok: boolean }).ok).toBe(true);
    const closed = new Promise((r) => sockets[0]!.once('close', r));
    transport.dispose();
    // Its socket closed, and the close (where a drop schedules the next attempt) opened no other.
    await closed;
    expect(sockets).toHaveLength(1);
    await expect.poll(() => host.connections).toBe(0); // the host keeps no event for a socket gone
    expect(transport.state).toBe('disposed');
    expect(((await api.app!.info!()) as { ok: boolean }).ok).toBe(false);
  });

  it('reopens on the backoff schedule, its last step repeating (the transport\'s own timers)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // Sockets that open on the next turn while the host accepts, and are refused (closed) once it is gone.
      let made = 0;
      let accepting = true;
      const Fake = class {
        onopen: (() => void) | null = null;
        onmessage: ((m: { data: string }) => void) | null = null;
        onerror: (() => void) | null = null;
        onclose: ((e: { code: number }) => void) | null = null;
        readyState = 0;
        constructor() {
          made++;
          const open = accepting;
          queueMicrotask(() => {
            if (!open) return this.onclose?.({ code: 1006 });
            this.readyState = 1;
            this.onopen?.();
          });
        }
        close() {
          queueMicrotask(() => this.onclose?.({ code: 1006 }));
        }
        send() {}
      } as unknown as typeof globalThis.WebSocket;
      const transport = track(wsTransport({ url: 'ws://127.0.0.1:9/x', WebSocketImpl: Fake, backoffMs: [50, 100, 200] }));
      await vi.advanceTimersByTimeAsync(0);
      expect(transport.state).toBe('open');
      accepting = false;
      transport.close(); // the host goes away
      await vi.advanceTimersByTimeAsync(0);
      expect(transport.state).toBe('down');
      // Each wait of the schedule, then the last one again: no attempt a millisecond early.
      for (const wait of [50, 100, 200, 200, 200]) {
        const before = made;
        await vi.advanceTimersByTimeAsync(wait - 1);
        expect(made).toBe(before);
        await vi.advanceTimersByTimeAsync(1);
        expect(made).toBe(before + 1);
        expect(transport.state).toBe('down');
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('fails a call made while the socket is closing (host gone, close event not yet in) without sending into it', async () => {
    host = await startEchoHost();
    const sockets: WebSocket[] = [];
    const sent: string[] = [];
    const Base = signedIn(host) as unknown as typeof WebSocket;
    const Recording = class extends Base {
      constructor(url: string, protocols: string[]) {
        super(url, protocols);
        sockets.push(this as unknown as WebSocket);
      }
      send(data: string) {
        sent.push(data);
        super.send(data);
      }
    } as unknown as typeof globalThis.WebSocket;
    const transport = track(wsTransport({ url: `ws://127.0.0.1:${host.port}${WS_PATH}`, WebSocketImpl: Recording }));
    const api = buildFirmscopeApi(bridgeTable, transport) as Api;
    expect(((await api.app!.info!()) as { ok: boolean }).ok).toBe(true);
    sockets[0]!.close(); // CLOSING at once; the close event comes later
    expect(transport.state).toBe('open');
    const r = (await api.app!.info!()) as { ok: boolean };
    expect(r.ok).toBe(false);
    expect(sent).toHaveLength(1);
  });
});
