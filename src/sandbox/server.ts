// The embedded sandbox: the whole documented company-data service on 127.0.0.1.
// authUrl = http://127.0.0.1:PORT/auth, baseUrl = http://127.0.0.1:PORT/api (docs/sandbox.md).
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { ApiError, sendApiError } from './api-errors';
import { registerAuthRoutes } from './auth-routes';
import { OffsetClock, type Clock } from './clock';
import { API_PREFIX, AUTH_PREFIX, type SandboxContext } from './context';
import { createControl, registerControlRoutes, type SandboxControl } from './control';
import { loadDataset } from './dataset';
import { DEFAULT_ESG_PACE, EsgEngine, type EsgPace } from './esg/engine';
import { RawEsgResults } from './esg/raw-results';
import { registerEsgRoutes } from './esg-routes';
import { registerEvolutionRoutes } from './evolution/control-routes';
import { DEFAULT_EVOLUTION, mergeSettings, type EvolutionRates, type EvolutionSettings } from './evolution/settings';
import { DataTimeline } from './evolution/timeline';
import { FaultInjector, type FaultConfig } from './faults';
import { registerGuards } from './guard';
import { registerMatchRoute } from './match';
import { PaginationTokens } from './pagination';
import { ClientRateLimits, type RateLimitConfig } from './rate-limit';
import { registerSearchRoute } from './search-route';
import { SandboxStats } from './stats';
import { TokenStore } from './tokens';

export type { Clock } from './clock';
export type { SandboxControl } from './control';
export type { FaultConfig, OneShotFault, FaultTarget } from './faults';
export type { EsgPace } from './esg/engine';
export type { RateLimitConfig } from './rate-limit';
export type { DataChange, ChangeKind } from './evolution/changes';
export type { EvolutionRates, EvolutionSettings } from './evolution/settings';
export type { EvolutionView } from './evolution/timeline';

export interface SandboxOptions {
  /** Default 0 (random). Always binds 127.0.0.1. */
  port?: number;
  /** Dataset seed; default 42. */
  seed?: number;
  /** Number of companies; default 25000. */
  companies?: number;
  /** Token lifetime; default 3600 (expires_in is slightly under it). */
  tokenTtlSeconds?: number;
  /** Default: real time (with an offset the control can move). Tests pass a ManualClock. */
  clock?: Clock;
  /** ESG pace; default sessions of 4 s with up to 12 news items. */
  esg?: Partial<EsgPace>;
  /** Per-client request quota (429 with Retry-After when exceeded); off by default. */
  rateLimit?: RateLimitConfig;
  /** Fault injection; off by default. */
  faults?: FaultConfig;
  /** Expose HTTP control routes under {base_url}/__control/* (tests and E2E only). */
  enableControl?: boolean;
  /**
   * Data that changes over time: epochs of `epochMs` (default 24 h of the sandbox clock) each add,
   * remove and edit companies and move ESG data (docs/sandbox.md). On by default.
   */
  evolution?: Partial<Omit<EvolutionSettings, 'rates'>> & { rates?: Partial<EvolutionRates> };
  /** Forget every processing ESG session this often (ms), as a service that restarts would; off by default. */
  forgetEsgSessionsEveryMs?: number;
  logger?: boolean;
}

export interface SandboxHandle {
  authUrl: string;
  baseUrl: string;
  port: number;
  control: SandboxControl;
  close(): Promise<void>;
}

function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    if (err instanceof ApiError) return sendApiError(reply, err);
    const status = err.statusCode ?? 500;
    if (req.url.startsWith(AUTH_PREFIX)) {
      const code = status >= 500 ? 500 : 400;
      return reply.code(code).send({ error: code === 400 ? 'invalid_scope' : 'server_error', error_description: code === 400 ? 'malformed request' : 'internal error' });
    }
    if (status === 413) return sendApiError(reply, new ApiError(413, 'invalid_request', 'Request body too large'));
    if (status >= 400 && status < 500) {
      const message = err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Content-Type must be application/json' : err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'The body is empty; a JSON object is required' : 'The body is not valid JSON';
      return sendApiError(reply, new ApiError(400, 'invalid_request', message, 'body'));
    }
    req.log.error({ err }, 'sandbox internal error');
    return sendApiError(reply, new ApiError(500, 'server_error', 'Internal sandbox error'));
  });
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith(AUTH_PREFIX)) return reply.code(404).send({ error: 'not_found', error_description: 'unknown endpoint' });
    return sendApiError(reply, new ApiError(404, 'not_found', `No route ${req.method} ${req.url.split('?')[0]}`));
  });
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<SandboxHandle> {
  const clock = opts.clock ?? new OffsetClock();
  const dataset = loadDataset(opts.seed ?? 42, opts.companies ?? 25_000);
  const pace = { ...DEFAULT_ESG_PACE, ...opts.esg };
  const data = new DataTimeline(dataset, clock, mergeSettings(DEFAULT_EVOLUTION, opts.evolution ?? {}), pace.itemsPerSession);
  const ctx: SandboxContext = {
    data,
    clock,
    tokens: new TokenStore(clock, opts.tokenTtlSeconds ?? 3600),
    pagination: new PaginationTokens(),
    faults: new FaultInjector(opts.faults),
    rateLimits: new ClientRateLimits(clock, opts.rateLimit),
    stats: new SandboxStats(clock),
    esg: new EsgEngine(dataset, clock, pace, data),
    esgRaw: new RawEsgResults(),
    controlEnabled: opts.enableControl === true,
    urls: { authUrl: '', baseUrl: '' },
  };
  const app = Fastify({ logger: opts.logger ?? false, forceCloseConnections: true, bodyLimit: 1_048_576 });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    const form: Record<string, string | string[]> = {};
    for (const [k, v] of new URLSearchParams(body as string)) {
      const prev = form[k];
      form[k] = prev === undefined ? v : ([] as string[]).concat(prev, v);
    }
    done(null, form);
  });
  registerErrorHandling(app);
  registerGuards(app, ctx);
  registerAuthRoutes(app, ctx);
  registerSearchRoute(app, ctx);
  registerMatchRoute(app, ctx);
  registerEsgRoutes(app, ctx);
  const control = createControl(ctx);
  if (opts.enableControl) {
    registerControlRoutes(app, control);
    registerEvolutionRoutes(app, control);
  }

  await app.listen({ host: '127.0.0.1', port: opts.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0);
  ctx.urls.authUrl = `http://127.0.0.1:${port}${AUTH_PREFIX}`;
  ctx.urls.baseUrl = `http://127.0.0.1:${port}${API_PREFIX}`;
  const forgetting = opts.forgetEsgSessionsEveryMs ? setInterval(() => ctx.esg.forget(1), opts.forgetEsgSessionsEveryMs) : null;
  forgetting?.unref();
  return {
    authUrl: ctx.urls.authUrl,
    baseUrl: ctx.urls.baseUrl,
    port,
    control,
    close: () => {
      if (forgetting) clearInterval(forgetting);
      return app.close();
    },
  };
}
