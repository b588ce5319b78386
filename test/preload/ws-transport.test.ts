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

/** A page's WebSocket: the browser always sends the page origin. */
const pageSocket = (origin: string) =>
  class extends WebSocket {
    constructor(url: string, protocols: string[]) {
      super(url, protocols, { origin });
    }
  } as unknown as typeof globalThis.WebSocket;

let host: BrowserHost;
afterEach(async () => host?.close());

describe('browser-mode transport', () => {
  it('builds the table-shaped API and round-trips calls and events', async () => {
    host = await startEchoHost();
    const transport = wsTransport({ url: `ws://127.0.0.1:${host.port}${WS_PATH}`, token: host.token, WebSocketImpl: pageSocket(host.origin) });
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

  it('reports a missing launch token as a Result', async () => {
    host = await startEchoHost();
    const api = buildFirmscopeApi(bridgeTable, wsTransport({ url: `ws://127.0.0.1:${host.port}${WS_PATH}`, token: null })) as Api;
    const r = (await api.app.info()) as { ok: boolean; error: { code: string; message: string } };
    expect(r.ok).toBe(false);
    expect(r.error.message).toMatch(/launch token/);
  });

  it('reports a refused socket (wrong token) as a Result, not an exception', async () => {
    host = await startEchoHost();
    const transport = wsTransport({ url: `ws://127.0.0.1:${host.port}${WS_PATH}`, token: 'wrong', WebSocketImpl: pageSocket(host.origin) });
    const api = buildFirmscopeApi(bridgeTable, transport) as Api;
    const r = (await api.app.info()) as { ok: boolean; error: { code: string } };
    expect(r.ok).toBe(false);
    expect(r.error.code).toBe('internal');
  });

  it('fails calls in flight when the host goes away, then reconnects for new calls', async () => {
    host = await startEchoHost({ 'search.cancel': () => new Promise(() => undefined) });
    const transport = wsTransport({ url: `ws://127.0.0.1:${host.port}${WS_PATH}`, token: host.token, WebSocketImpl: pageSocket(host.origin) });
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
