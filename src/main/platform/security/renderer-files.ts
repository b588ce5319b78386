// What both shells need to serve the built renderer (Electron's app:// scheme, browser mode's HTTP
// host): a requested path that cannot step outside the renderer folder, and its content type.
import { extname, normalize, resolve, sep } from 'node:path';

export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

const CONTENT_TYPES: Record<string, string> = {
  '.html': HTML_CONTENT_TYPE,
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

/** The Content-Type for a renderer file; unknown kinds are opaque bytes. */
export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Resolves a URL path inside root, or null for anything that tries to step outside it. */
export function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const rel = normalize(decoded).replace(/^([/\\])+/, '');
  const full = resolve(root, rel);
  const rootResolved = resolve(root);
  return full === rootResolved || full.startsWith(rootResolved + sep) ? full : null;
}
