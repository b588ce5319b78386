// Browser mode's /open over real HTTP: a GET shows what a firmscope:// link opens and a button, and
// hands nothing to the core; the button's POST, from this host's page with this launch's cookie,
// hands the link over and returns to the app; a POST from elsewhere, without the cookie, or with
// anything but a Firmscope link hands nothing over; hostile link text is never markup.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserHost } from '../../../../src/main/shells/web-host/host';
import { rawGet, sessionCookie, startEchoHost } from '../../../helpers/host-helpers';

const WATCH = '2f1c6b1e-8d4a-4c1e-9a0b-3e5d7f9a1b2c';
const LINK = `firmscope://watches/${WATCH}/changes?check=12&company=C-1`;

let host: BrowserHost;
let opened: string[];
beforeEach(async () => {
  host = await startEchoHost();
  opened = [];
  host.setLinkOpener((text) => (opened.push(text), true));
});
afterEach(async () => host?.close());

const form = (link: string) => `link=${encodeURIComponent(link)}`;
const post = (body: string, headers: Record<string, string>) =>
  rawGet(host.port, '/open', { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)), ...headers }, 'POST', body);
const fromPage = () => ({ origin: `http://127.0.0.1:${host.port}`, ...sessionCookie(host) });

describe('browser host: /open', () => {
  it('GET shows what the link opens and a button that posts it, under a page policy that allows only that; nothing is opened', async () => {
    const r = await rawGet(host.port, `/open?link=${encodeURIComponent(LINK)}`);
    expect(r.status).toBe(200);
    expect(r.headers['content-security-policy']).toBe("default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
    // A browser posts the form with this host as its Origin only when the page's referrer policy lets it.
    expect(r.headers['referrer-policy']).toBe('same-origin');
    expect(r.body).toContain('This link shows the changes one check of a team watch found.');
    expect(r.body).toContain(`<form method="post" action="/open"><input type="hidden" name="link" value="firmscope://watches/${WATCH}/changes?check=12&#38;company=C-1">`);
    expect(opened).toEqual([]);
  });

  it('the POST from this host\'s page hands the link to the core and goes back to the app', async () => {
    const r = await post(form(LINK), fromPage());
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe('/');
    expect(opened).toEqual([LINK]);
  });

  it('refuses a POST from another site, without the cookie, or of anything but a Firmscope link', async () => {
    expect((await post(form(LINK), { ...fromPage(), origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(form(LINK), { origin: `http://127.0.0.1:${host.port}` })).status).toBe(403);
    expect((await post(form('https://evil.example/'), fromPage())).status).toBe(400);
    expect((await post(form('firmscope://watches/not-a-uuid/changes'), fromPage())).status).toBe(400);
    expect((await post(`link=${'x'.repeat(5000)}`, fromPage())).status).toBe(400);
    expect(opened).toEqual([]);
  });

  it('a GET of anything but a Firmscope link is refused, and no link text becomes markup', async () => {
    for (const bad of ['javascript:alert(1)', `firmscope://watches/${WATCH}/changes?check=<script>`, 'firmscope://digests#x']) {
      const r = await rawGet(host.port, `/open?link=${encodeURIComponent(bad)}`);
      expect(r.status).toBe(400);
      expect(r.body).not.toContain('<');
    }
  });

  it('says when the core is not running yet', async () => {
    host.setLinkOpener(() => false);
    expect((await post(form(LINK), fromPage())).status).toBe(503);
  });
});
