// Checks that make a loopback HTTP/WebSocket service safe to run next to a web browser:
// Host pins the name (defeats DNS rebinding), Origin pins the page (defeats cross-site sockets),
// and the per-launch token proves the page was opened from the URL we printed.
import { timingSafeEqual } from 'node:crypto';
import { WS_PROTOCOL, WS_TOKEN_PREFIX } from '../../shared/bridge/ws-protocol';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost'];

/** `Host` must name loopback on our port exactly. */
export function isAllowedHost(host: string | undefined, port: number): boolean {
  if (!host) return false;
  return LOOPBACK_NAMES.some((name) => host.toLowerCase() === `${name}:${port}`);
}

/** `Origin` must be our own page. Absent Origin is refused for sockets (browsers always send one). */
export function isAllowedOrigin(origin: string | undefined, port: number): boolean {
  if (!origin) return false;
  return LOOPBACK_NAMES.some((name) => origin.toLowerCase() === `http://${name}:${port}`);
}

/** Offered sub-protocols: must include ours and the launch token (compared in constant time). */
export function hasValidToken(protocolHeader: string | undefined, token: string): boolean {
  if (!protocolHeader) return false;
  const offered = protocolHeader.split(',').map((p) => p.trim());
  if (!offered.includes(WS_PROTOCOL)) return false;
  const presented = offered.find((p) => p.startsWith(WS_TOKEN_PREFIX))?.slice(WS_TOKEN_PREFIX.length);
  if (!presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
