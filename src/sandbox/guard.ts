// Request hooks shared by every route: fault injection first (a gateway misbehaving), then
// bearer-token and permission checks for the API, before any body is parsed.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, sendApiError } from './api-errors';
import type { SandboxPermission } from './clients';
import { API_PREFIX, AUTH_PREFIX, type SandboxContext } from './context';
import type { FaultTarget } from './faults';

export const CONTROL_PREFIX = `${API_PREFIX}/__control`;

function areaOf(url: string, controlEnabled: boolean): FaultTarget | null {
  if (url.startsWith(`${AUTH_PREFIX}/oauth2/token`)) return 'token';
  if (!url.startsWith(`${API_PREFIX}/`) || (controlEnabled && url.startsWith(CONTROL_PREFIX))) return null;
  const rest = url.slice(API_PREFIX.length);
  if (rest.startsWith('/search/')) return 'search';
  if (rest.startsWith('/esg/v1/processing/')) return 'status';
  if (rest.startsWith('/esg/')) return 'esg';
  if (rest.startsWith('/match/')) return 'match';
  return 'api';
}

const PERMISSION: Partial<Record<FaultTarget, SandboxPermission>> = { search: 'search', esg: 'esg', status: 'esg', match: 'match' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

declare module 'fastify' {
  interface FastifyRequest {
    sandboxMalformed?: boolean;
  }
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer[ ]+(\S+)\s*$/i.exec(h);
  return m ? m[1] : null;
}

export function registerGuards(app: FastifyInstance, ctx: SandboxContext): void {
  app.addHook('onRequest', async (req, reply) => {
    const area = areaOf(req.url, ctx.controlEnabled);
    if (!area) return;
    if (ctx.faults.active) {
      const d = ctx.faults.decide(area);
      if (d.latencyMs > 0) await sleep(d.latencyMs);
      if (d.kind !== 'none') ctx.stats.fault();
      if (d.kind === 'drop') {
        reply.hijack();
        req.raw.socket.destroy();
        return reply;
      }
      if (d.kind === 'rate_limit') {
        reply.header('retry-after', String(d.retryAfterSeconds));
        return area === 'token'
          ? reply.code(429).send({ error: 'temporarily_unavailable', error_description: 'rate limited' })
          : sendApiError(reply, new ApiError(429, 'rate_limited', `Too many requests; retry after ${d.retryAfterSeconds} s`));
      }
      if (d.kind === 'error') {
        return area === 'token'
          ? reply.code(d.status).send({ error: 'temporarily_unavailable', error_description: 'injected failure' })
          : sendApiError(reply, new ApiError(d.status, d.status === 503 ? 'service_unavailable' : 'server_error', 'Injected server failure'));
      }
      if (d.malformed) req.sandboxMalformed = true;
    }
    if (area === 'token') return;
    const token = bearer(req);
    if (!token) return sendApiError(reply, new ApiError(401, 'invalid_token', 'Missing bearer token'));
    const check = ctx.tokens.check(token);
    if (!check.ok) {
      return sendApiError(reply, new ApiError(401, 'invalid_token', check.reason === 'expired' ? 'The access token has expired' : 'The access token is not valid'));
    }
    const need = PERMISSION[area];
    if (need && !check.token.permissions.includes(need)) {
      return sendApiError(reply, new ApiError(403, 'forbidden', `This client has no access to the ${need === 'esg' ? 'ESG API' : need} resource`));
    }
  });

  // Malformed-JSON fault: cut the body short but keep the JSON content type.
  // Callback-style hooks: no promise per request on the hot path.
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (!req.sandboxMalformed) return done(null, payload);
    if (typeof payload === 'string') return done(null, payload.slice(0, Math.max(1, Math.floor(payload.length / 2))));
    if (Buffer.isBuffer(payload)) return done(null, payload.subarray(0, Math.max(1, Math.floor(payload.length / 2))));
    done(null, payload);
  });

  app.addHook('onResponse', (req, reply, done) => {
    if (areaOf(req.url, ctx.controlEnabled)) ctx.stats.response(reply.statusCode);
    done();
  });
}
