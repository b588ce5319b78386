// Browser mode's door for firmscope:// links (Electron has the OS's protocol handler):
//   GET  /open?link=<firmscope link>  a small page: what the link opens, and a button;
//   POST /open (the button)           hands the link to the core, which tells the page; back to /.
// A GET changes nothing, so no page elsewhere can steer the app. The POST needs this launch's
// session cookie (SameSite=Strict: never sent from another site) and this host as its Origin.
// Only a link parseDeepLink accepts goes anywhere.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { deepLinkAsAttribute, deepLinkPlaceInWords, parseDeepLink } from '../../../shared/team/deep-link';

/** Bytes of a POST body read at most (a link is at most 1,024 characters). */
const MAX_BODY = 4096;
const PAGE_POLICY = "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export interface OpenLinkRoute {
  headers: Record<string, string>;
  signedIn(req: IncomingMessage): boolean;
  sameOrigin(req: IncomingMessage): boolean;
  /** Hands a link to the core; false when the core is not running yet or refuses it. */
  open(text: string): boolean;
}


function send(res: ServerResponse, status: number, headers: Record<string, string>, type: string, body: string) {
  res.writeHead(status, { ...headers, 'Content-Type': `${type}; charset=utf-8`, 'Cache-Control': 'no-store' });
  res.end(body);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export function createOpenLinkRoute(o: OpenLinkRoute) {
  const plain = (res: ServerResponse, status: number, text: string) => send(res, status, o.headers, 'text/plain', text);
  return async (req: IncomingMessage, res: ServerResponse, target: URL): Promise<void> => {
    if (req.method === 'POST') {
      if (!o.sameOrigin(req) || !o.signedIn(req)) return plain(res, 403, 'Open the link from the page this Firmscope window showed you.');
      const text = (await readForm(req))?.get('link') ?? '';
      if (!parseDeepLink(text)) return plain(res, 400, 'Not a Firmscope link: it opens nothing.');
      if (!o.open(text)) return plain(res, 503, 'Firmscope is still starting: try again in a moment.');
      res.writeHead(303, { ...o.headers, Location: '/', 'Cache-Control': 'no-store' });
      return void res.end();
    }
    const text = target.searchParams.get('link') ?? '';
    const link = parseDeepLink(text);
    if (!link) return plain(res, 400, 'Not a Firmscope link: it opens nothing.');
    const page = [
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Open in Firmscope</title></head><body>',
      `<h1>Open in Firmscope</h1><p>This link shows ${deepLinkPlaceInWords(link)}.</p>`,
      `<form method="post" action="/open"><input type="hidden" name="link" value="${deepLinkAsAttribute(text)}"><button type="submit">Show it in Firmscope</button></form>`,
      '</body></html>',
    ].join('');
    // same-origin, not no-referrer: under no-referrer a browser sends the form's POST with Origin: null.
    send(res, 200, { ...o.headers, 'Content-Security-Policy': PAGE_POLICY, 'Referrer-Policy': 'same-origin' }, 'text/html', page);
  };
}
