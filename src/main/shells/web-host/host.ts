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
import type { Dispatcher } from '../../platform/bridge/dispatcher';
import { securityHeaders } from '../../platform/security/response-headers';
import { WS_CLOSE_NOT_SIGNED_IN, WS_MAX_PAYLOAD, WS_PATH, WS_PROTOCOL } from '../../../shared/bridge/ws-protocol';
import { hasValidSession, isAllowedHost, isAllowedOrigin, requestPath, sameSecret, sessionCookieName } from './request-guards';
import { createStaticHandler } from './static-files';
import { isSameUserPeer } from './peer-uid';
import { createWsBridge } from './ws-bridge';

export interface BrowserHostOptions {
  rendererDir: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Whether a TCP peer may talk to the host at all (default: same OS user, where the OS tells; peer-uid.ts). */
  acceptPeer?: (peerPort: number | undefined, ourPort: number) => boolean;
}

export interface BrowserHost {
  readonly port: number;
  /**
   * Value of the HttpOnly session cookie: 32 random bytes of this launch, never stored, so a cookie
   * captured by whoever binds the port after this host stops opens nothing later (in-process callers
   * and tests only; never printed).
   */
  readonly token: string;
  /** Name of that cookie (per port: cookies are not port-scoped). */
  readonly cookieName: string;
  readonly origin: string;
  /**
   * What to open: carries a one-time launch code, exchanged on first load for the session cookie.
   * Once used (or when another code is minted) it is worth nothing, so history and /proc hold nothing reusable.
   */
  readonly url: string;
  /** Mints a new one-time launch URL (the previous unused one stops working). */
  newLaunchUrl(): string;
  setDispatcher(d: Dispatcher): void;
  broadcast(channel: string, payload: unknown): void;
  /** Makes one finished file downloadable under an unguessable path; returns that path. */
  registerDownload(filePath: string): string;
  readonly connections: number;
  close(): Promise<void>;
}

const DOWNLOAD_PREFIX = '/__firmscope/downloads/';
const LAUNCH_PARAM = 'launch';

export async function startBrowserHost(opts: BrowserHostOptions): Promise<BrowserHost> {
  const token = randomBytes(32).toString('base64url');
  const acceptPeer = opts.acceptPeer ?? isSameUserPeer;
  const headers = securityHeaders();
  const serveStatic = createStaticHandler(opts.rendererDir, headers);
  const bridge = createWsBridge();
  const downloads = new Map<string, string>();
  let port = 0;
  let cookieName = '';
  /** The one launch code not yet exchanged, if any. */
  let launchCode: string | null = null;

  const plain = (res: ServerResponse, status: number, text: string) => {
    res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(text);
  };

  async function onRequest(req: IncomingMessage, res: ServerResponse) {
    if (!isAllowedHost(req.headers.host, port)) return plain(res, 403, 'Forbidden: unexpected Host header.');
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'Method not allowed.');
    const target = requestPath(req.url);
    if (!target) return plain(res, 400, 'Bad request target.');
    const code = target.searchParams.get(LAUNCH_PARAM);
    if (code !== null) return launch(req, res, code);
    if (target.pathname.startsWith(DOWNLOAD_PREFIX)) {
      if (!hasValidSession(req.headers.cookie, cookieName, token)) return plain(res, 401, 'Unauthorized.');
      return serveDownload(req, res, target.pathname);
    }
    await serveStatic(req, res, target.pathname);
  }

  /** First load: a valid one-time code becomes the HttpOnly session cookie, then the page loads without it. */
  function launch(req: IncomingMessage, res: ServerResponse, code: string) {
    const fresh = launchCode !== null && sameSecret(code, launchCode);
    if (fresh) launchCode = null;
    else if (!hasValidSession(req.headers.cookie, cookieName, token)) {
      return plain(res, 403, 'This launch link has already been used. Close this tab and use the Firmscope window, or restart Firmscope for a new link.');
    }
    res.writeHead(303, {
      ...headers,
      Location: '/',
      'Cache-Control': 'no-store',
      ...(fresh ? { 'Set-Cookie': `${cookieName}=${token}; Path=/; HttpOnly; SameSite=Strict` } : {}),
    });
    res.end();
  }

  async function serveDownload(req: IncomingMessage, res: ServerResponse, pathname: string) {
    const [id = ''] = pathname.slice(DOWNLOAD_PREFIX.length).split('/');
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
    // A socket error before the handshake (peer reset, garbage) must not become an uncaught 'error'.
    socket.on('error', () => socket.destroy());
    const target = requestPath(req.url);
    if (!target) return refuseUpgrade(socket, 400, 'Bad Request');
    if (target.pathname !== WS_PATH) return refuseUpgrade(socket, 404, 'Not Found');
    if (!isAllowedHost(req.headers.host, port)) return refuseUpgrade(socket, 403, 'Forbidden');
    if (!isAllowedOrigin(req.headers.origin, port)) return refuseUpgrade(socket, 403, 'Forbidden');
    // A page of an earlier launch (or never signed in) is told so in a close code it can read, since
    // a browser hides a refused handshake's status: it stops reconnecting and asks for the new link.
    if (!hasValidSession(req.headers.cookie, cookieName, token)) {
      return wss.handleUpgrade(req, socket, head, (ws) => ws.close(WS_CLOSE_NOT_SIGNED_IN, 'not signed in to this launch'));
    }
    wss.handleUpgrade(req, socket, head, (ws) => bridge.attach(ws));
  }

  const server = createServer({ maxHeaderSize: 16 * 1024 }, (req, res) => {
    onRequest(req, res).catch(() => {
      if (!res.headersSent) plain(res, 500, 'Internal error.');
      else res.destroy();
    });
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    try {
      onUpgrade(req, socket, head);
    } catch {
      // Whatever a request carries, it ends this socket, never the host.
      socket.destroy();
    }
  });
  // Another OS user is refused before it can send anything (a valid cookie does not help it).
  server.on('connection', (socket) => {
    if (!acceptPeer(socket.remotePort, port)) socket.destroy();
  });
  // Malformed HTTP (bad request line, oversized headers): answer 400 and close.
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });
  wss.on('error', () => undefined);
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolvePromise());
  });
  port = (server.address() as AddressInfo).port;
  cookieName = sessionCookieName(port);
  const origin = `http://127.0.0.1:${port}`;
  const newLaunchUrl = () => {
    launchCode = randomBytes(32).toString('base64url');
    return `${origin}/?${LAUNCH_PARAM}=${launchCode}`;
  };

  return {
    port,
    token,
    cookieName,
    origin,
    url: newLaunchUrl(),
    newLaunchUrl,
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
