// Authorization server: token endpoint (OAuth 2.0 client credentials, HTTP Basic client
// authentication per RFC 6749 §2.3.1) and the discovery document.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { findClient } from './clients';
import { AUTH_PREFIX, type SandboxContext } from './context';

export const SCOPE = 'api:use';

function oauthError(reply: FastifyReply, status: number, error: string, description: string): FastifyReply {
  if (status === 401) reply.header('www-authenticate', 'Basic realm="sandbox", charset="UTF-8"');
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .send({ error, error_description: description });
}

/** RFC 6749 §2.3.1: id and secret are form-urlencoded before Basic encoding. */
function formDecode(text: string): string {
  return decodeURIComponent(text.replace(/\+/g, ' '));
}

export function parseBasicAuth(header: string | undefined): { id: string; secret: string } | null {
  if (!header) return null;
  const m = /^Basic[ ]+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8'); // group 1 is always there after a match
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  try {
    return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function registerAuthRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get(`${AUTH_PREFIX}/.well-known/openid-configuration`, async (_req, reply) => {
    const { authUrl } = ctx.urls;
    return reply.header('cache-control', 'public, max-age=300').send({
      issuer: authUrl,
      token_endpoint: `${authUrl}/oauth2/token`,
      grant_types_supported: ['client_credentials'],
      token_endpoint_auth_methods_supported: ['client_secret_basic'],
      scopes_supported: [SCOPE],
      response_types_supported: ['token'],
      service_documentation: 'docs/sandbox.md',
    });
  });

  app.post(`${AUTH_PREFIX}/oauth2/token`, async (req, reply) => {
    const fail = (status: number, error: string, description: string, clientId: string | null = null) => {
      ctx.stats.tokenRequest(clientId, status);
      return oauthError(reply, status, error, description);
    };
    // Order: credentials present (400) → credentials valid (401) → account state (403) → parameters (400).
    const creds = parseBasicAuth(req.headers.authorization);
    if (!creds) return fail(400, 'invalid_scope', 'client credentials not properly set: use HTTP Basic authentication');
    const client = findClient(creds.id);
    if (!client || !sameSecret(client.secret, creds.secret)) return fail(401, 'invalid_client', 'invalid client credentials', creds.id);
    if (client.state === 'pending') return fail(403, 'access_denied', 'account has not been setup.', client.id);
    if (client.state === 'disabled') return fail(403, 'access_denied', 'account has been disabled', client.id);
    const contentType = String(req.headers['content-type'] ?? '').toLowerCase();
    if (!contentType.startsWith('application/x-www-form-urlencoded')) {
      return fail(400, 'invalid_scope', 'Content-Type must be application/x-www-form-urlencoded', client.id);
    }
    const form = (req.body ?? {}) as Record<string, string | string[]>;
    if (Object.values(form).some(Array.isArray)) return fail(400, 'invalid_scope', 'a parameter was sent more than once', client.id);
    if (form.grant_type !== 'client_credentials') {
      return fail(400, 'invalid_scope', 'grant_type must be client_credentials', client.id);
    }
    if (form.scope === undefined || form.scope === '') return fail(400, 'invalid_scope', `scope is required (${SCOPE})`, client.id);
    if (form.scope !== SCOPE) return fail(400, 'invalid_scope', `unknown scope; the only scope is ${SCOPE}`, client.id);
    const { accessToken, expiresIn } = ctx.tokens.issue(client);
    ctx.stats.tokenRequest(client.id, 200);
    return reply
      .header('cache-control', 'no-store')
      .header('pragma', 'no-cache')
      .send({ access_token: accessToken, scope: SCOPE, token_type: 'Bearer', expires_in: expiresIn });
  });
}
