// The browser-mode preload's transport against the real host: the same window.firmscope object as
// Electron's, calls round-trip, events arrive, and a missing token is reported as a Result.
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { BrowserHost } from '../../src/main/web-host/host';
import { buildFirmscopeApi } from '../../src/preload/build-api';
import { wsTransport } from '../../src/preload/ws-transport';
import { eventChannel } from '../../src/shared/bridge/define';
import { bridgeTable } from '../../src/shared/bridge/table';
import { WS_PATH } from '../../src/shared/bridge/ws-protocol';
import { expectedApiShape } from '../helpers/fake-handlers';
import { startEchoHost } from '../helpers/host-helpers';

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
afterEach(async () => host?.close());

describe('browser-mode transport', () => {
  it('builds the table-shaped API and round-trips calls and events', async () => {
    host = await startEchoHost();
    const transport = wsTransport({ url: `ws://127.0.0.1:${host.port}${WS_PATH}`, WebSocketImpl: signedIn(host) });
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
      const api = buildFirmscopeApi(bridgeTable, wsTransport({ url: `ws://127.0.0.1:${host.port}${WS_PATH}`, WebSocketImpl: Impl })) as Api;
      const r = (await api.app.info()) as { ok: boolean; error: { code: string; message: string } };
      expect(r.ok).toBe(false);
      expect(r.error.code).toBe('not_configured');
      expect(r.error.message).toMatch(/not signed in.*each link works once/);
    }
  });

  it('gives the bridge to the newest page: the older one is told, and does not take it back', async () => {
    host = await startEchoHost();
    const url = `ws://127.0.0.1:${host.port}${WS_PATH}`;
    const first = buildFirmscopeApi(bridgeTable, wsTransport({ url, WebSocketImpl: signedIn(host) })) as Api;
    expect((await first.app.info()) as { ok: boolean }).toMatchObject({ ok: true });
    const second = buildFirmscopeApi(bridgeTable, wsTransport({ url, WebSocketImpl: signedIn(host) })) as Api;
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
    const transport = wsTransport({ url: `ws://127.0.0.1:${host.port}${WS_PATH}`, WebSocketImpl: signedIn(host) });
    const api = buildFirmscopeApi(bridgeTable, transport) as Api;
    const hanging = api.search.cancel({ requestId: 'r' }) as Promise<{ ok: boolean }>;
    await new Promise((r) => setTimeout(r, 50));
    expect(host.connections).toBe(1);
    transport.close();
    expect((await hanging).ok).toBe(false);
    expect(await api.app.info()).toEqual({ ok: true, value: { group: 'app', name: 'info' } });
    transport.close();
  });
});
