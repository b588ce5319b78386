// The team server's HTTP API (Fastify): health, redeeming an invite, who a token belongs to, and the
// team items (item-routes.ts).
// Every call but health and redeem carries "Authorization: Bearer <member token>". The log never
// holds a header, a body or a query string: only method, route, status and time.
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { TeamCore } from '../compose/create-team-core';
import { authenticated } from './auth';
import { registerItemRoutes } from './item-routes';
import { registerWatchRoutes } from './watch-routes';
import { registerDigestRoutes } from './digest-routes';
import { registerInboxRoutes } from './inbox-routes';
import { registerOpenRoutes } from './open-routes';

export interface TeamServerOptions {
  core: TeamCore;
  /** Serve HTTPS with this certificate (PEM) and key; absent: plain HTTP (behind a TLS reverse proxy). */
  tls?: { cert: string; key: string };
  /** Where log lines go (JSON, one per line); default stdout. */
  logStream?: NodeJS.WritableStream;
}

const RedeemSchema = z.object({ code: z.string().min(1).max(200) }).strict();

const STATUS: Partial<Record<string, number>> = { unauthorized: 401, forbidden: 403, rate_limited: 429, invalid_input: 400, not_found: 404, conflict: 409, not_configured: 503 };

export function buildTeamServer(o: TeamServerOptions): FastifyInstance {
  const app = Fastify({
    ...(o.tls ? { https: { cert: o.tls.cert, key: o.tls.key, minVersion: 'TLSv1.2' as const } } : {}),
    bodyLimit: 16 * 1024,
    logger: {
      level: 'info',
      stream: o.logStream ?? process.stdout,
      // Only what says what happened: no headers (tokens), no query strings, no bodies (codes).
      serializers: {
        req: (req: { method: string; routeOptions?: { url?: string } }) => ({ method: req.method, route: req.routeOptions?.url ?? 'unknown' }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    },
  });

  app.setErrorHandler((error, req, reply) => {
    if (error instanceof AppError) {
      const status = STATUS[error.code] ?? 500;
      if (error.code === 'rate_limited') void reply.header('Retry-After', retryAfter(error.message));
      return reply.status(status).send({ error: { code: error.code, message: error.message } });
    }
    if (error instanceof z.ZodError) return reply.status(400).send({ error: { code: 'invalid_input', message: zodWords(error) } });
    const status = typeof (error as { statusCode?: unknown }).statusCode === 'number' ? (error as { statusCode: number }).statusCode : 500;
    if (status === 413) return reply.status(413).send({ error: { code: 'invalid_input', message: `The request is over this call's limit of ${bytesText(req.routeOptions.bodyLimit)}.` } });
    if (status >= 500) app.log.error({ code: (error as { code?: unknown }).code }, 'request failed');
    return reply.status(status).send({ error: { code: status >= 500 ? 'internal' : 'invalid_input', message: status >= 500 ? 'The server failed this request.' : 'The request could not be read.' } });
  });

  app.get('/health', async (_req, reply) => {
    const database = await o.core.databaseUp();
    const answer = { status: database ? 'ok' : 'degraded', database: database ? 'up' : 'down' };
    // The team's use of the service (no credential, no key): what an admin watches for.
    const gate = database ? await o.core.serviceStats().catch(() => null) : null;
    const service = gate ? { usedToday: gate.usedToday, dailyBudget: gate.dailyBudget, resetsAt: gate.resetsAt, learnedRps: gate.learnedRps, heldUntil: gate.heldUntil, rateLimited: gate.limited } : undefined;
    return reply.status(database ? 200 : 503).send(service ? { ...answer, service } : answer);
  });

  app.post('/v1/invites/redeem', async (req) => {
    const { code } = RedeemSchema.parse(req.body);
    const r = await o.core.members.redeem(code, req.ip);
    return { token: r.token, expiresAt: r.expiresAt.toISOString(), member: r.member };
  });

  app.get('/v1/me', async (req) => ({ member: await authenticated(o.core, req) }));
  registerItemRoutes(app, o.core);
  registerWatchRoutes(app, o.core);
  registerDigestRoutes(app, o.core);
  registerInboxRoutes(app, o.core);
  registerOpenRoutes(app);

  return app;
}

function retryAfter(message: string): string {
  return /in (\d+) s/.exec(message)?.[1] ?? '1';
}

function bytesText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${bytes / 1024} KiB`;
}

/** A refused body in words: the first problem and where ("rules.fields.0.min: Enter a percentage above 0."). */
function zodWords(e: z.ZodError): string {
  const first = e.issues[0];
  if (!first) return 'The request body is not what this call takes.';
  const at = first.path.map(String).join('.');
  return `The request body is not what this call takes: ${at ? `${at}: ` : ''}${first.message.replace(/\.?$/, '.')}`;
}
