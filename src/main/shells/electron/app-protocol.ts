// Built renderer files are served from a private `app://firmscope/` scheme rather than file://,
// so every response carries our CSP headers and the page cannot read arbitrary local files.
import type { Protocol } from 'electron';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { CONTENT_SECURITY_POLICY, securityHeaders } from '../../platform/security/response-headers';
import { contentTypeOf, HTML_CONTENT_TYPE, resolveInside } from '../../platform/security/renderer-files';

export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://firmscope`;
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

/** Must run before `app.ready`. */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

/** Answers one app:// request from the renderer folder, with the security headers. */
export async function serveAppRequest(rendererDir: string, requestUrl: string): Promise<Response> {
  const url = new URL(requestUrl);
  const headers = securityHeaders(CONTENT_SECURITY_POLICY);
  if (url.host !== 'firmscope') return new Response('Not found', { status: 404, headers });
  const path = url.pathname === '/' ? '/index.html' : url.pathname;
  const file = resolveInside(rendererDir, path);
  const body = file ? await readFile(file).catch(() => null) : null;
  if (!file || !body) return new Response('Not found', { status: 404, headers });
  if (extname(file) === '.html') {
    return new Response(withMetaCsp(body.toString('utf8')), { status: 200, headers: { ...headers, 'Content-Type': HTML_CONTENT_TYPE } });
  }
  return new Response(body, { status: 200, headers: { ...headers, 'Content-Type': contentTypeOf(file) } });
}

/**
 * The header is the real policy; the same policy as a <meta> tag is a second lock in case a
 * future Electron stops applying headers from custom protocols (frame-ancestors is header-only).
 */
export function withMetaCsp(html: string): string {
  const policy = CONTENT_SECURITY_POLICY.split('; ').filter((d) => !d.startsWith('frame-ancestors')).join('; ');
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}">`;
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (m) => `${m}\n    ${meta}`) : `${meta}\n${html}`;
}

export function handleAppScheme(protocol: Pick<Protocol, 'handle'>, rendererDir: string): void {
  protocol.handle(APP_SCHEME, (request) => serveAppRequest(rendererDir, request.url));
}
