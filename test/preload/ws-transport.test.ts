// The browser-mode preload's transport against the real host: the same window.firmscope object as
// Electron's, calls round-trip, events arrive, and a missing token is reported as a Result.
import { afterEach, describe, expect, it } from 'vitest';
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
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('browser-mode transport', () => {
  it('builds the table-shaped API and round-trips calls and events', async () => {
    host = await startEchoHost();
    const transport = track(wsTransport({ url: `ws://127.0.0.1:${host.port}${WS_PATH}`, WebSocketImpl: signedIn(host) }));
    const api = buildFirmscopeApi(bridgeTable, transport) as Api;
    const shape = expectedApiShape();
    expect(Object.keys(api)).toEqual(Object.keys(shape));
    for (const g of Object.keys(shape)) expect(Object.keys(api[g])).toEqual(shape[g]);

    const [a, b] = await Promise.all([api.connection.activate({ id: 'sandbox' }), api.app.info()]);
    expect(a).toEqual({ ok: true, value: { group: 'connection', name: 'activate', input: { id: 'sandbox' } } });
    expect(b).toEqual({ ok: true, value: { group: 'app', name: 'info' } });

    const events: unknown[] = [];
    const off = api.esg.onProgress((p: unknown) => events.push(p)) as () => void;
    host.broadcast(eventChannel('esg', 'progress'), { n: 1 });
    await new Promise((r) => setTimeout(r, 50));
    off();
    host.broadcast(eventChannel('esg', 'progress'), { n: 2 });
    await new Promise((r) => setTimeout(r, 50));
    expect(events).toEqual([{ n: 1 }]);
    transport.close();
  });

  it('reports a page without its session cookie (or with a wrong one) as a Result that says what to do', async () => {
    host = await startEchoHost();
    for (const Impl of [pageSocket(host.origin), pageSocket(host.origin, `${host.cookieName}=wrong`)]) {
      const api = buildFirmscopeApi(bridgeTable, track(wsTransport({ url: `ws://127.0.0.1:${host.port}${WS_PATH}`, WebSocketImpl: Impl }))) as Api;
      const r = (await api.app.info()) as { ok: boolean; error: { code: string; message: string } };
      expect(r.ok).toBe(false);
      expect(r.error.code).toBe('not_configured');
      expect(r.error.message).toMatch(/not signed in.*each link works once/);
    }
  });

  it('gives the bridge to the newest page: the older one is told, and does not take it back', async () => {
    host = await startEchoHost();
    const url = `ws://127.0.0.1:${host.port}${WS_PATH}`;
    const first = buildFirmscopeApi(bridgeTable, track(wsTransport({ url, WebSocketImpl: signedIn(host) }))) as Api;
    expect((await first.app.info()) as { ok: boolean }).toMatchObject({ ok: true });
    const second = buildFirmscopeApi(bridgeTable, track(wsTransport({ url, WebSocketImpl: signedIn(host) }))) as Api;
    expect((await second.app.info()) as { ok: boolean }).toMatchObject({ ok: true });
    await new Promise((r) => setTimeout(r, 50));
    const r = (await first.app.info()) as { ok: boolean; error: { message: string } };
    expect(r.ok).toBe(false);
    expect(r.error.message).toMatch(/another window or tab/);
    expect(host.connections).toBe(1);
    expect((await second.app.info()) as { ok: boolean }).toMatchObject({ ok: true });
  });

  it('fails calls in flight when the host goes away, then reconnects for new calls', async () => {
    host = await startEchoHost({ 'search.cancel': () => new Promise(() => undefined) });
    const transport = track(wsTransport({ url: `ws://127.0.0.1:${host.port}${WS_PATH}`, WebSocketImpl: signedIn(host) }));
    const api = buildFirmscopeApi(bridgeTable, transport) as Api;
    const hanging = api.search.cancel({ requestId: 'r' }) as Promise<{ ok: boolean }>;
    await new Promise((r) => setTimeout(r, 50));
    expect(host.connections).toBe(1);
    transport.close();
    expect((await hanging).ok).toBe(false);
    expect(await api.app.info()).toEqual({ ok: true, value: { group: 'app', name: 'info' } });
    transport.close();
  });

  it('reopens the socket with backoff when the host dies and comes back on the same port, and events flow again', async () => {
    const rendererDir = fakeRendererDir();
    const start = async (port: number) => {
      const h = await startBrowserHost({ rendererDir, port, token: 'k'.repeat(43) });
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
    const events: unknown[] = [];
    api.esg.onProgress((p: unknown) => events.push(p));
    expect((await api.app.info()) as { ok: boolean }).toMatchObject({ ok: true });

    await host.close();
    await sleep(500);
    expect(transport.state).not.toBe('open');
    // A call while the host is gone fails as a Result (after the next attempt), never hangs.
    expect(((await api.app.info()) as { ok: boolean }).ok).toBe(false);
    const attemptsWhileDown = states.filter((s) => s === 'connecting').length;
    expect(attemptsWhileDown).toBeGreaterThanOrEqual(2);
    // Backoff: after the schedule's last step (200 ms), attempts are spaced, not a busy loop.
    expect(attemptsWhileDown).toBeLessThan(10);

    host = await start(port);
    await expect.poll(() => transport.state, { timeout: 3000 }).toBe('open');
    // Nobody subscribed again: the listener registered before the outage gets the new host's events.
    host.broadcast(eventChannel('esg', 'progress'), { after: 'restart' });
    await expect.poll(() => events, { timeout: 2000 }).toEqual([{ after: 'restart' }]);
    expect(await api.app.info()).toEqual({ ok: true, value: { group: 'app', name: 'info' } });
  });

  it('abandons an attempt the host never answers (hung) and keeps retrying', async () => {
    host = await startEchoHost();
    const port = host.port;
    const transport = track(wsTransport({ url: `ws://127.0.0.1:${port}${WS_PATH}`, WebSocketImpl: signedIn(host), connectTimeoutMs: 200, backoffMs: [50] }));
    const api = buildFirmscopeApi(bridgeTable, transport) as Api;
    expect(((await api.app.info()) as { ok: boolean }).ok).toBe(true);
    await host.close();
    // In its place, a process that accepts TCP and never speaks: the WebSocket upgrade never completes.
    const { createServer } = await import('node:net');
    const sockets: import('node:net').Socket[] = [];
    const server = createServer((s) => void sockets.push(s));
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
    try {
      const t0 = Date.now();
      const r = (await api.app.info()) as { ok: boolean; error: { code: string } };
      expect(r.ok).toBe(false);
      expect(r.error.code).toBe('internal');
      expect(Date.now() - t0).toBeLessThan(2000);
      await expect.poll(() => sockets.length, { timeout: 3000 }).toBeGreaterThanOrEqual(2);
      expect(transport.state).not.toBe('stopped');
    } finally {
      for (const s of sockets) s.destroy();
      server.close();
    }
  });

  it('stops for good when disposed', async () => {
    host = await startEchoHost();
    const transport = wsTransport({ url: `ws://127.0.0.1:${host.port}${WS_PATH}`, WebSocketImpl: signedIn(host), backoffMs: [20] });
    const api = buildFirmscopeApi(bridgeTable, transport) as Api;
    expect(((await api.app.info()) as { ok: boolean }).ok).toBe(true);
    transport.dispose();
    await sleep(200);
    expect(host.connections).toBe(0);
    expect(transport.state).toBe('disposed');
    expect(((await api.app.info()) as { ok: boolean }).ok).toBe(false);
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
    expect(((await api.app.info()) as { ok: boolean }).ok).toBe(true);
    sockets[0].close(); // CLOSING at once; the close event comes later
    expect(transport.state).toBe('open');
    const r = (await api.app.info()) as { ok: boolean };
    expect(r.ok).toBe(false);
    expect(sent).toHaveLength(1);
  });
});
