// Browser-mode host: one loopback HTTP server that serves the built renderer and carries the
// bridge over one WebSocket. Bound to 127.0.0.1 only; see request-guards.ts for the checks.
// The socket upgrades live in bridge-upgrade.ts, the download files in downloads.ts.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Dispatcher } from '../../platform/bridge/dispatcher';
import { securityHeaders } from '../../platform/security/response-headers';
import { hasValidSession, isAllowedHost, isAllowedOrigin, requestPath, sameSecret, sessionCookieName } from './request-guards';
import { createOpenLinkRoute } from './open-link';
import { createBridgeUpgrade } from './bridge-upgrade';
import { createDownloads, DOWNLOAD_PREFIX } from './downloads';
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
  /** Who takes a firmscope:// link posted to /open (the core; open-link.ts). */
  setLinkOpener(open: (text: string) => boolean): void;
  broadcast(channel: string, payload: unknown): void;
  /** Makes one finished file downloadable under an unguessable path; returns that path. */
  registerDownload(filePath: string): string;
  readonly connections: number;
  close(): Promise<void>;
}

const LAUNCH_PARAM = 'launch';

export async function startBrowserHost(opts: BrowserHostOptions): Promise<BrowserHost> {
  const token = randomBytes(32).toString('base64url');
  const acceptPeer = opts.acceptPeer ?? isSameUserPeer;
  const headers = securityHeaders();
  const serveStatic = createStaticHandler(opts.rendererDir, headers);
  const bridge = createWsBridge();
  const downloads = createDownloads(headers);
  let port = 0;
  let cookieName = '';
  /** The one launch code not yet exchanged, if any. */
  let launchCode: string | null = null;
  let openLink: ((text: string) => boolean) | null = null;
  const openRoute = createOpenLinkRoute({
    headers,
    signedIn: (req) => hasValidSession(req.headers.cookie, cookieName, token),
    sameOrigin: (req) => isAllowedOrigin(req.headers.origin, port),
    open: (text) => openLink?.(text) ?? false,
  });

  const plain = (res: ServerResponse, status: number, text: string) => {
    res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(text);
  };

  async function onRequest(req: IncomingMessage, res: ServerResponse) {
    if (!isAllowedHost(req.headers.host, port)) return plain(res, 403, 'Forbidden: unexpected Host header.');
    const target = requestPath(req.url);
    if (!target) return plain(res, 400, 'Bad request target.');
    if (target.pathname === '/open' && (req.method === 'GET' || req.method === 'POST')) return openRoute(req, res, target);
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'Method not allowed.');
    const code = target.searchParams.get(LAUNCH_PARAM);
    if (code !== null) return launch(req, res, code);
    if (target.pathname.startsWith(DOWNLOAD_PREFIX)) {
      if (!hasValidSession(req.headers.cookie, cookieName, token)) return plain(res, 401, 'Unauthorized.');
      if (!(await downloads.serve(req, res, target.pathname))) plain(res, 404, 'Not found');
      return;
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

  const upgrade = createBridgeUpgrade({
    bridge,
    port: () => port,
    signedIn: (cookie) => hasValidSession(cookie, cookieName, token),
  });

  const server = createServer({ maxHeaderSize: 16 * 1024 }, (req, res) => {
    onRequest(req, res).catch(() => {
      if (!res.headersSent) plain(res, 500, 'Internal error.');
      else res.destroy();
    });
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    try {
      upgrade.onUpgrade(req, socket, head);
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
    setLinkOpener: (open) => void (openLink = open),
    broadcast: (channel, payload) => bridge.broadcast(channel, payload),
    registerDownload: (filePath) => downloads.register(filePath),
    get connections() {
      return bridge.size;
    },
    async close() {
      bridge.closeAll();
      upgrade.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
