// The team server's https page for a firmscope:// link: chat clients (Slack, Teams) make only http(s)
// links clickable, so a chat digest links here (DigestLinks.openVia) and this page offers the
// firmscope:// link that opens the desktop app. Public like /unsubscribe: a link names a watch and a
// check, never a secret. Only a link parseDeepLink accepts is shown, escaped, under a policy that
// allows nothing but that link.
import type { FastifyInstance } from 'fastify';
import { deepLinkAsAttribute, deepLinkPlaceInWords, parseDeepLink } from '../../../shared/team/deep-link';

const POLICY = "default-src 'none'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

export function registerOpenRoutes(app: FastifyInstance): void {
  app.get<{ Querystring: { link?: string } }>('/open', async (req, reply) => {
    const text = typeof req.query.link === 'string' ? req.query.link : '';
    const link = parseDeepLink(text);
    const [status, title, body] = link
      ? [200, 'Open in Firmscope', `<p>This link shows ${deepLinkPlaceInWords(link)} in the Firmscope app.</p><p><a href="${deepLinkAsAttribute(text)}">Open in Firmscope</a></p><p>Nothing happens? Open Firmscope, then Team.</p>`]
      : [400, 'Not a Firmscope link', '<p>This link opens nothing. Open the link from the digest again.</p>'];
    return reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', POLICY)
      .header('cache-control', 'no-store')
      .send(`<!doctype html><html lang="en"><meta charset="utf-8"><title>${title}</title><h1>${title}</h1>${body}</html>`);
  });
}
