// Browser-mode host: one loopback HTTP server that serves the built renderer and carries the
// bridge over one WebSocket. Bound to 127.0.0.1 only; see request-guards.ts for the checks.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename } from 'node:path';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { Dispatcher } from '../bridge/dispatcher';
import { securityHeaders } from '../security/response-headers';
import { WS_MAX_PAYLOAD, WS_PATH, WS_PROTOCOL } from '../../shared/bridge/ws-protocol';
import { hasValidToken, isAllowedHost, isAllowedOrigin } from './request-guards';
import { createStaticHandler } from './static-files';
import { createWsBridge } from './ws-bridge';

export interface BrowserHostOptions {
  rendererDir: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** The CLI passes the data dir's host key (host-key.ts); otherwise 32 random bytes per launch. */
  token?: string;
}

export interface BrowserHost {
  readonly port: number;
  readonly token: string;
  readonly origin: string;
  /** What to open: the token travels in the fragment, which browsers never send to servers. */
  readonly url: string;
  setDispatcher(d: Dispatcher): void;
  broadcast(channel: string, payload: unknown): void;
  /** Makes one finished file downloadable under an unguessable path; returns that path. */
  registerDownload(filePath: string): string;
  readonly connections: number;
  close(): Promise<void>;
}

const DOWNLOAD_PREFIX = '/__firmscope/downloads/';

export async function startBrowserHost(opts: BrowserHostOptions): Promise<BrowserHost> {
  const token = opts.token ?? randomBytes(32).toString('base64url');
  const headers = securityHeaders();
  const serveStatic = createStaticHandler(opts.rendererDir, headers);
  const bridge = createWsBridge();
  const downloads = new Map<string, string>();
  let port = 0;

  const plain = (res: ServerResponse, status: number, text: string) => {
    res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(text);
  };

  async function onRequest(req: IncomingMessage, res: ServerResponse) {
    if (!isAllowedHost(req.headers.host, port)) return plain(res, 403, 'Forbidden: unexpected Host header.');
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'Method not allowed.');
    const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (pathname.startsWith(DOWNLOAD_PREFIX)) return serveDownload(req, res, pathname);
    await serveStatic(req, res, pathname);
  }

  async function serveDownload(req: IncomingMessage, res: ServerResponse, pathname: string) {
    const id = pathname.slice(DOWNLOAD_PREFIX.length).split('/')[0];
    const file = downloads.get(id);
    const info = file ? await stat(file).catch(() => null) : null;
    if (!file || !info?.isFile()) return plain(res, 404, 'Not found');
    const name = basename(file).replace(/[^\w.() -]/g, '_');
    res.writeHead(200, {
      ...headers,
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(info.size),
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
    });
    if (req.method === 'HEAD') return void res.end();
    createReadStream(file).pipe(res);
  }

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: WS_MAX_PAYLOAD,
    handleProtocols: (offered) => (offered.has(WS_PROTOCOL) ? WS_PROTOCOL : false),
  });

  function refuseUpgrade(socket: Duplex, status: number, text: string) {
    socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (pathname !== WS_PATH) return refuseUpgrade(socket, 404, 'Not Found');
    if (!isAllowedHost(req.headers.host, port)) return refuseUpgrade(socket, 403, 'Forbidden');
    if (!isAllowedOrigin(req.headers.origin, port)) return refuseUpgrade(socket, 403, 'Forbidden');
    if (!hasValidToken(req.headers['sec-websocket-protocol'], token)) return refuseUpgrade(socket, 401, 'Unauthorized');
    wss.handleUpgrade(req, socket, head, (ws) => bridge.attach(ws));
  }

  const server = createServer((req, res) => {
    onRequest(req, res).catch(() => {
      if (!res.headersSent) plain(res, 500, 'Internal error.');
      else res.destroy();
    });
  });
  server.on('upgrade', onUpgrade);
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolvePromise());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;

  return {
    port,
    token,
    origin,
    url: `${origin}/#token=${token}`,
    setDispatcher: (d) => bridge.setDispatcher(d),
    broadcast: (channel, payload) => bridge.broadcast(channel, payload),
    registerDownload(filePath) {
      const id = randomBytes(16).toString('hex');
      downloads.set(id, filePath);
      return `${DOWNLOAD_PREFIX}${id}/${encodeURIComponent(basename(filePath))}`;
    },
    get connections() {
      return bridge.size;
    },
    async close() {
      bridge.closeAll();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
