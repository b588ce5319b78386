// Checks that make a loopback HTTP/WebSocket service safe to run next to a web browser:
// Host pins the name (defeats DNS rebinding), Origin pins the page (defeats cross-site sockets),
// and the per-launch session cookie proves the page was opened from the URL we printed (its one-time
// code was exchanged for the cookie, which is HttpOnly: page scripts never see it).
import { timingSafeEqual } from 'node:crypto';

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

/** The request target as a URL, or null when it is not one (e.g. `http://[`, `http://%zz/`, `http://a:99999/`). */
export function requestPath(target: string | undefined): URL | null {
  if (!target) return null;
  try {
    return new URL(target, 'http://127.0.0.1');
  } catch {
    return null;
  }
}

export function sessionCookieName(port: number): string {
  return `firmscope-session-${port}`;
}

/** Constant-time comparison of two secrets of any length. */
export function sameSecret(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The Cookie header must carry our session cookie with this launch's value. */
export function hasValidSession(cookieHeader: string | undefined, name: string, token: string): boolean {
  if (!cookieHeader || cookieHeader.length > 8192) return false;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name && sameSecret(part.slice(eq + 1).trim(), token)) return true;
  }
  return false;
}
