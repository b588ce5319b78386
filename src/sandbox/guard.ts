// Request hooks shared by every route: fault injection first (a gateway misbehaving), then
// bearer-token and permission checks for the API, before any body is parsed.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, sendApiError } from './api-errors';
import type { SandboxPermission } from './clients';
import { API_PREFIX, AUTH_PREFIX, type SandboxContext } from './context';
import type { FaultDecision, FaultTarget } from './faults';

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

declare module 'fastify' {
  interface FastifyRequest {
    sandboxMalformed?: boolean;
  }
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer[ ]+(\S+)\s*$/i.exec(h);
  return m?.[1] ?? null;
}

/** Answers the request for a fault and returns true, or returns false to carry on. */
function applyFault(req: FastifyRequest, reply: FastifyReply, area: FaultTarget, d: FaultDecision, ctx: SandboxContext): boolean {
  if (d.kind !== 'none') ctx.stats.fault();
  if (d.kind === 'drop') {
    reply.hijack();
    req.raw.socket.destroy();
    return true;
  }
  if (d.kind === 'rate_limit') {
    reply.header('retry-after', String(d.retryAfterSeconds));
    if (area === 'token') reply.code(429).send({ error: 'temporarily_unavailable', error_description: 'rate limited' });
    else sendApiError(reply, new ApiError(429, 'rate_limited', `Too many requests; retry after ${d.retryAfterSeconds} s`));
    return true;
  }
  if (d.kind === 'error') {
    if (area === 'token') reply.code(d.status).send({ error: 'temporarily_unavailable', error_description: 'injected failure' });
    else sendApiError(reply, new ApiError(d.status, d.status === 503 ? 'service_unavailable' : 'server_error', 'Injected server failure'));
    return true;
  }
  if (d.malformed) req.sandboxMalformed = true;
  return false;
}

/**
 * Bearer and permission check, then the client's quota; answers 401/403/429 and returns true when
 * the request must stop.
 */
function rejectUnauthorized(req: FastifyRequest, reply: FastifyReply, area: FaultTarget, ctx: SandboxContext): boolean {
  if (area === 'token') return false;
  const token = bearer(req);
  if (!token) {
    sendApiError(reply, new ApiError(401, 'invalid_token', 'Missing bearer token'));
    return true;
  }
  const check = ctx.tokens.check(token);
  if (!check.ok) {
    sendApiError(reply, new ApiError(401, 'invalid_token', check.reason === 'expired' ? 'The access token has expired' : 'The access token is not valid'));
    return true;
  }
  const need = PERMISSION[area];
  if (need && !check.token.permissions.includes(need)) {
    sendApiError(reply, new ApiError(403, 'forbidden', `This client has no access to the ${need === 'esg' ? 'ESG API' : need} resource`));
    return true;
  }
  const quota = ctx.rateLimits.take(check.token.clientId);
  if (!quota.ok) {
    ctx.stats.rateLimited();
    reply.header('retry-after', String(quota.retryAfterSeconds));
    sendApiError(reply, new ApiError(429, 'rate_limited', `Rate limit of ${ctx.rateLimits.current.requestsPerSecond} requests per second exceeded; retry after ${quota.retryAfterSeconds} s`));
    return true;
  }
  return false;
}

export function registerGuards(app: FastifyInstance, ctx: SandboxContext): void {
  // Callback-style hooks: no promise per request on the hot path. A hook that answers
  // the request itself does not call done().
  app.addHook('onRequest', (req, reply, done) => {
    const area = areaOf(req.url, ctx.controlEnabled);
    if (!area) return done();
    const proceed = (d: FaultDecision | null) => {
      if (d && applyFault(req, reply, area, d, ctx)) return;
      if (rejectUnauthorized(req, reply, area, ctx)) return;
      done();
    };
    if (!ctx.faults.active) return proceed(null);
    const d = ctx.faults.decide(area);
    if (d.latencyMs > 0) setTimeout(() => proceed(d), d.latencyMs);
    else proceed(d);
  });

  // Malformed-JSON fault: cut the body short but keep the JSON content type.
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
