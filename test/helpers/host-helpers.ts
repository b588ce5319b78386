// A browser-mode host over a tiny fake renderer folder, with the echo handlers behind it.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { createDispatcher } from '../../src/main/platform/bridge/dispatcher';
import { startBrowserHost, type BrowserHost } from '../../src/main/shells/web-host/host';
import { bridgeTable } from '../../src/shared/bridge/table';
import { WS_PATH, WS_PROTOCOL } from '../../src/shared/bridge/ws-protocol';
import { echoHandlers } from './fake-handlers';

export function fakeRendererDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fs-renderer-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>F</title><script type="module" src="./assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log("renderer")');
  writeFileSync(join(dir, 'assets', 'firmscope-browser-preload.js'), 'console.log("preload")');
  return dir;
}

export async function startEchoHost(overrides: Parameters<typeof echoHandlers>[1] = {}): Promise<BrowserHost> {
  const host = await startBrowserHost({ rendererDir: fakeRendererDir(), port: 0 });
  host.setDispatcher(createDispatcher(bridgeTable, echoHandlers(bridgeTable, overrides)));
  return host;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Plain HTTP with full control of the Host header (fetch would not let us forge it). */
export function rawGet(port: number, path: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

export interface SocketOptions {
  /** Session cookie value; null sends no cookie. */
  token?: string | null;
  origin?: string | null;
  host?: string;
  protocols?: string[];
}

/** Opens a bridge socket; resolves with the socket or with the HTTP status that refused it. */
export function openSocket(h: BrowserHost, o: SocketOptions = {}): Promise<{ ws?: WebSocket; status?: number }> {
  const token = o.token === undefined ? h.token : o.token;
  const protocols = o.protocols ?? [WS_PROTOCOL];
  const headers: Record<string, string> = {};
  if (token !== null) headers.cookie = `${h.cookieName}=${token}`;
  if (o.host) headers.host = o.host;
  const ws = new WebSocket(`ws://127.0.0.1:${h.port}${WS_PATH}`, protocols, {
    headers,
    ...(o.origin === null ? {} : { origin: o.origin ?? h.origin }),
  });
  return new Promise((resolve) => {
    ws.once('open', () => resolve({ ws }));
    ws.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode }));
    ws.once('error', () => resolve({ status: -1 }));
    // A socket the host closes later (replaced, protocol error) must not throw in the test process.
    ws.on('error', () => undefined);
  });
}

export function nextMessage(ws: WebSocket): Promise<unknown> {
  return new Promise((resolve) => ws.once('message', (d) => resolve(JSON.parse(d.toString()))));
}

/** The session cookie header a page holds after its launch link was exchanged. */
export function sessionCookie(h: BrowserHost): Record<string, string> {
  return { cookie: `${h.cookieName}=${h.token}` };
}
