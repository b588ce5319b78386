// The WebSocket side of the browser-mode host: which upgrade requests may become the bridge's
// socket (path, Host, Origin, session) and how the others are refused. Apart from host.ts so the
// checks of a socket read in one place, next to the HTTP checks of request-guards.ts.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { WS_CLOSE_NOT_SIGNED_IN, WS_MAX_PAYLOAD, WS_PATH, WS_PROTOCOL } from '../../../shared/bridge/ws-protocol';
import { isAllowedHost, isAllowedOrigin, requestPath } from './request-guards';
import type { WsBridge } from './ws-bridge';

export interface BridgeUpgrade {
  onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): void;
}

export interface BridgeUpgradeOptions {
  bridge: WsBridge;
  /** The host's port (known once it listens). */
  port(): number;
  /** Whether the request's cookie header carries this launch's session. */
  signedIn(cookie: string | undefined): boolean;
}

export function createBridgeUpgrade(o: BridgeUpgradeOptions): BridgeUpgrade {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: WS_MAX_PAYLOAD,
    handleProtocols: (offered) => (offered.has(WS_PROTOCOL) ? WS_PROTOCOL : false),
  });
  wss.on('error', () => undefined);

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    // A socket error before the handshake (peer reset, garbage) must not become an uncaught 'error'.
    socket.on('error', () => socket.destroy());
    const target = requestPath(req.url);
    if (!target) return refuseUpgrade(socket, 400, 'Bad Request');
    if (target.pathname !== WS_PATH) return refuseUpgrade(socket, 404, 'Not Found');
    if (!isAllowedHost(req.headers.host, o.port())) return refuseUpgrade(socket, 403, 'Forbidden');
    if (!isAllowedOrigin(req.headers.origin, o.port())) return refuseUpgrade(socket, 403, 'Forbidden');
    // A page of an earlier launch (or never signed in) is told so in a close code it can read, since
    // a browser hides a refused handshake's status: it stops reconnecting and asks for the new link.
    if (!o.signedIn(req.headers.cookie)) {
      return wss.handleUpgrade(req, socket, head, (ws) => ws.close(WS_CLOSE_NOT_SIGNED_IN, 'not signed in to this launch'));
    }
    wss.handleUpgrade(req, socket, head, (ws) => o.bridge.attach(ws));
  }

  return { onUpgrade, close: () => wss.close() };
}

function refuseUpgrade(socket: Duplex, status: number, text: string) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
