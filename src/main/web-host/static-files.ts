// Serves the built renderer (out/renderer) read-only, with the browser-mode preload injected
// ahead of the renderer's own script so `window.firmscope` exists before React starts.
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

/** Built by the renderer config as an extra entry with this fixed name. */
export const BROWSER_PRELOAD_FILE = 'assets/firmscope-browser-preload.js';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
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

export function injectPreload(html: string): string {
  const tag = `<script type="module" src="./${BROWSER_PRELOAD_FILE}"></script>`;
  const firstScript = html.search(/<script\b/i);
  if (firstScript >= 0) return html.slice(0, firstScript) + tag + '\n    ' + html.slice(firstScript);
  return html.replace(/<\/head>/i, `  ${tag}\n  </head>`);
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

export function createStaticHandler(rendererDir: string, headers: Record<string, string>) {
  let indexHtml: Promise<string> | null = null;
  const loadIndex = () => (indexHtml ??= readFile(join(rendererDir, 'index.html'), 'utf8').then(injectPreload));

  return async function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    if (pathname === '/' || pathname === '/index.html') {
      const html = await loadIndex();
      res.writeHead(200, { ...headers, 'Content-Type': CONTENT_TYPES['.html'], 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : html);
      return;
    }
    const file = resolveInside(rendererDir, pathname);
    const info = file ? await stat(file).catch(() => null) : null;
    if (!file || !info?.isFile()) {
      res.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Not found');
      return;
    }
    const immutable = pathname.startsWith('/assets/') && !pathname.endsWith(BROWSER_PRELOAD_FILE);
    res.writeHead(200, {
      ...headers,
      'Content-Type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Content-Length': String(info.size),
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (req.method === 'HEAD') return void res.end();
    createReadStream(file).pipe(res);
  };
}
