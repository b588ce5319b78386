// Serves the built renderer (out/renderer) read-only, with the browser-mode preload injected
// ahead of the renderer's own script so `window.firmscope` exists before React starts.
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { contentTypeOf, HTML_CONTENT_TYPE, resolveInside } from '../../platform/security/renderer-files';

/** Built by the renderer config as an extra entry with this fixed name. */
export const BROWSER_PRELOAD_FILE = 'assets/firmscope-browser-preload.js';

export function injectPreload(html: string): string {
  const tag = `<script type="module" src="./${BROWSER_PRELOAD_FILE}"></script>`;
  const firstScript = html.search(/<script\b/i);
  if (firstScript >= 0) return html.slice(0, firstScript) + tag + '\n    ' + html.slice(firstScript);
  return html.replace(/<\/head>/i, `  ${tag}\n  </head>`);
}

export function createStaticHandler(rendererDir: string, headers: Record<string, string>) {
  let indexHtml: Promise<string> | null = null;
  const loadIndex = () => (indexHtml ??= readFile(join(rendererDir, 'index.html'), 'utf8').then(injectPreload));

  return async function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    if (pathname === '/' || pathname === '/index.html') {
      const html = await loadIndex();
      res.writeHead(200, { ...headers, 'Content-Type': HTML_CONTENT_TYPE, 'Cache-Control': 'no-store' });
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
      'Content-Type': contentTypeOf(file),
      'Content-Length': String(info.size),
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (req.method === 'HEAD') return void res.end();
    createReadStream(file).pipe(res);
  };
}
