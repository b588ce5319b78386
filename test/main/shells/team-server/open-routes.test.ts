// The team server's page for a firmscope:// link (chat digests link here): a link the app opens is
// offered, escaped, under a policy that allows nothing else; anything else is refused in words.
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerOpenRoutes } from '../../../../src/main/shells/team-server/open-routes';

const app = Fastify();
registerOpenRoutes(app);
afterAll(() => app.close());
const WATCH = '2f1c6b1e-8d4a-4c1e-9a0b-3e5d7f9a1b2c';
const open = (link: string) => app.inject({ method: 'GET', url: `/open?link=${encodeURIComponent(link)}` });

describe('GET /open', () => {
  it('offers the firmscope:// link, escaped, and says what it shows', async () => {
    const r = await open(`firmscope://watches/${WATCH}/changes?check=12&company=C-1`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-security-policy']).toBe("default-src 'none'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'");
    expect(r.body).toContain(`<a href="firmscope://watches/${WATCH}/changes?check=12&#38;company=C-1">Open in Firmscope</a>`);
    expect(r.body).toContain('This link shows the changes one check of a team watch found in the Firmscope app.');
    expect((await open('firmscope://digests')).body).toContain('your digest subscriptions');
  });

  it('refuses anything but a Firmscope link, echoing none of it', async () => {
    for (const bad of ['javascript:alert(1)', 'https://evil.example/', `firmscope://watches/${WATCH}/changes?check="><script>`, '']) {
      const r = await open(bad);
      expect(r.statusCode).toBe(400);
      expect(r.body).toContain('Not a Firmscope link');
      expect(r.body).not.toContain('script');
      expect(r.body).not.toContain('evil');
    }
  });
});
