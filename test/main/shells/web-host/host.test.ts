// The browser-mode host over real HTTP and WebSocket: static files with CSP, and the three locks
// on the bridge socket (token, Host, Origin).
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserHost } from '../../../../src/main/shells/web-host/host';
import { CONTENT_SECURITY_POLICY } from '../../../../src/main/platform/security/response-headers';
import { eventChannel, fnChannel } from '../../../../src/shared/bridge/define';
import { nextMessage, openSocket, rawGet, sessionCookie, startEchoHost, type SocketOptions } from '../../../helpers/host-helpers';
import { WS_CLOSE_NOT_SIGNED_IN } from '../../../../src/shared/bridge/ws-protocol';

let host: BrowserHost;
afterEach(async () => host?.close());

describe('browser host: HTTP', () => {
  it('serves index.html with the preload injected before the renderer script and the CSP header', async () => {
    host = await startEchoHost();
    const r = await rawGet(host.port, '/');
    expect(r.status).toBe(200);
    expect(r.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-frame-options']).toBe('DENY');
    const preloadAt = r.body.indexOf('firmscope-browser-preload.js');
    expect(preloadAt).toBeGreaterThan(0);
    expect(preloadAt).toBeLessThan(r.body.indexOf('index-abc.js'));
    expect(r.body).not.toContain(host.token);
  });

  it('binds loopback only and prints a URL with a one-time launch code, never the session secret', async () => {
    host = await startEchoHost();
    expect(host.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${host.port}/\\?launch=[A-Za-z0-9_-]{43}$`));
    expect(host.url).not.toContain(host.token);
    expect(host.token.length).toBeGreaterThanOrEqual(40);
    const other = await startEchoHost();
    expect(other.token).not.toBe(host.token);
    await other.close();
  });

  it('exchanges the launch code once for an HttpOnly, SameSite=Strict cookie; a second use gets nothing', async () => {
    host = await startEchoHost();
    const path = new URL(host.url).pathname + new URL(host.url).search;
    const first = await rawGet(host.port, path);
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/');
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toBe(`${host.cookieName}=${host.token}; Path=/; HttpOnly; SameSite=Strict`);
    // Replayed from history, a process list or a log: refused, and no cookie.
    const again = await rawGet(host.port, path);
    expect(again.status).toBe(403);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.body).toMatch(/already been used/);
    // The page that holds the cookie may reload the launch URL harmlessly.
    expect((await rawGet(host.port, path, sessionCookie(host))).status).toBe(303);
    // A freshly minted link replaces the old one.
    const next = new URL(host.newLaunchUrl());
    expect((await rawGet(host.port, next.pathname + next.search)).headers['set-cookie']).toBeDefined();
  });

  it('serves assets with CSP and refuses paths outside the renderer folder', async () => {
    host = await startEchoHost();
    const js = await rawGet(host.port, '/assets/index-abc.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    for (const p of ['/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/%00x', '/nope.js']) {
      expect((await rawGet(host.port, p)).status).toBe(404);
    }
  });

  it('refuses a foreign Host header (DNS rebinding) and non-GET methods', async () => {
    host = await startEchoHost();
    expect((await rawGet(host.port, '/', { host: `evil.example:${host.port}` })).status).toBe(403);
    expect((await rawGet(host.port, '/', { host: '127.0.0.1:1' })).status).toBe(403);
    expect((await rawGet(host.port, '/', { host: `localhost:${host.port}` })).status).toBe(200);
    expect((await rawGet(host.port, '/', {}, 'POST')).status).toBe(405);
  });

  it('offers registered files as downloads under an unguessable path only', async () => {
    host = await startEchoHost();
    const dir = mkdtempSync(join(tmpdir(), 'fs-dl-'));
    writeFileSync(join(dir, 'companies.csv'), 'a,b\n1,2\n');
    const path = host.registerDownload(join(dir, 'companies.csv'));
    expect(path).toMatch(/^\/__firmscope\/downloads\/[0-9a-f]{32}\/companies\.csv$/);
    expect((await rawGet(host.port, path)).status).toBe(401);
    const r = await rawGet(host.port, path, sessionCookie(host));
    expect(r.status).toBe(200);
    expect(r.body).toBe('a,b\n1,2\n');
    expect(r.headers['content-disposition']).toBe('attachment; filename="companies.csv"');
    expect((await rawGet(host.port, '/__firmscope/downloads/00000000000000000000000000000000/companies.csv', sessionCookie(host))).status).toBe(404);
  });
});

describe('browser host: bridge socket', () => {
  it('accepts the right token, Host and Origin, and answers calls with Results', async () => {
    host = await startEchoHost();
    const { ws } = await openSocket(host);
    expect(ws).toBeDefined();
    ws!.send(JSON.stringify({ t: 'call', id: 1, ch: fnChannel('profiles', 'activate'), input: { id: 'sandbox' } }));
    expect(await nextMessage(ws!)).toEqual({
      t: 'result',
      id: 1,
      result: { ok: true, value: { group: 'profiles', name: 'activate', input: { id: 'sandbox' } } },
    });
    ws!.send(JSON.stringify({ t: 'call', id: 2, ch: fnChannel('profiles', 'activate'), input: { id: 7 } }));
    const bad = (await nextMessage(ws!)) as { result: { ok: boolean; error: { code: string } } };
    expect(bad.result.ok).toBe(false);
    expect(bad.result.error.code).toBe('invalid_input');
    ws!.close();
  });

  it('closes a socket without this launch\'s session cookie with 4003 before it can call anything (the old token sub-protocol opens nothing)', async () => {
    host = await startEchoHost();
    const cases: SocketOptions[] = [
      { token: null },
      { token: 'x'.repeat(host.token.length) },
      { token: host.token.slice(1) },
      { token: null, protocols: ['firmscope.v1', `firmscope.token.${host.token}`] },
    ];
    for (const c of cases) {
      const { ws } = await openSocket(host, c);
      const messages: unknown[] = [];
      ws!.on('message', (m) => messages.push(m));
      const closed = new Promise<number>((r) => ws!.once('close', (code) => r(code)));
      ws!.send(JSON.stringify({ t: 'call', id: 1, ch: fnChannel('app', 'info') }));
      expect(await closed).toBe(WS_CLOSE_NOT_SIGNED_IN);
      expect(messages).toEqual([]);
    }
    expect(host.connections).toBe(0);
  });

  it('refuses a foreign or missing Origin and a foreign Host with 403', async () => {
    host = await startEchoHost();
    expect((await openSocket(host, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await openSocket(host, { origin: `http://127.0.0.1:${host.port + 1}` })).status).toBe(403);
    expect((await openSocket(host, { origin: null })).status).toBe(403);
    expect((await openSocket(host, { host: `rebind.evil.example:${host.port}`, origin: `http://rebind.evil.example:${host.port}` })).status).toBe(403);
  });

  it('closes the socket on a malformed frame', async () => {
    host = await startEchoHost();
    const { ws } = await openSocket(host);
    const closed = new Promise<number>((r) => ws!.once('close', (code) => r(code)));
    ws!.send('{not json');
    expect(await closed).toBe(1007);
  });

  it('keeps one bridge socket per launch: a second one closes the first, which gets no more events', async () => {
    host = await startEchoHost();
    const a = (await openSocket(host)).ws!;
    const aClosed = new Promise<number>((r) => a.once('close', (code) => r(code)));
    const b = (await openSocket(host)).ws!;
    expect(await aClosed).toBe(4001);
    expect(host.connections).toBe(1);
    const got = nextMessage(b);
    host.broadcast(eventChannel('esg', 'progress'), { sessionId: 's1' });
    expect(await got).toEqual({ t: 'event', ch: eventChannel('esg', 'progress'), payload: { sessionId: 's1' } });
    b.close();
  });

  it('aborts the calls of a page that disconnects', async () => {
    let signal: AbortSignal | undefined;
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    host = await startEchoHost({
      'search.cancel': (_i, ctx) => {
        signal = ctx.signal;
        started();
        return new Promise(() => undefined);
      },
    });
    const { ws } = await openSocket(host);
    ws!.send(JSON.stringify({ t: 'call', id: 1, ch: fnChannel('search', 'cancel'), input: { requestId: 'r' } }));
    await running;
    const aborted = new Promise<void>((r) => (signal!.aborted ? r() : signal!.addEventListener('abort', () => r(), { once: true })));
    ws!.close();
    await aborted; // the call's signal fires (a call left running would time the test out)
    expect(signal?.aborted).toBe(true);
  });
});
