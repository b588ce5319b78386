// Test and benchmark controls: in-process (`handle.control`) and, only when enableControl is
// set, over HTTP under {base_url}/__control/*. Never enabled for the app's normal profile.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { EsgModuleSchema, UuidSchema, type EsgModule } from '../shared/service/schemas';
import { badRequest } from './api-errors';
import { SANDBOX_CLIENTS } from './clients';
import { advanceClock, type Clock } from './clock';
import type { SandboxContext } from './context';
import type { Dataset, SandboxCompany } from './dataset';
import type { EsgPace } from './esg/engine';
import type { DataChange } from './evolution/changes';
import type { EvolutionRates, EvolutionSettings } from './evolution/settings';
import type { EvolutionView } from './evolution/timeline';
import { HOSTILE_KINDS, hostileResults, type HostileKind } from './esg/hostile';
import type { FaultConfig, FaultTarget, OneShotFault } from './faults';
import type { RateLimitConfig } from './rate-limit';
import { CONTROL_PREFIX } from './guard';
import type { SandboxStatsSnapshot } from './stats';

export interface SandboxControl {
  readonly clock: Clock;
  /** The data of the current epoch (epoch 0: the generated dataset). */
  readonly dataset: Dataset;
  /** The data of an epoch reached so far (RangeError for a later one). */
  datasetAt(epoch: number): Dataset;
  /** Evolution settings, the current epoch and when it began and the next begins. */
  evolution(): EvolutionView;
  /** Change the evolution: rates apply from the next epoch; a new epochMs keeps the current epoch. */
  setEvolution(patch: Partial<Omit<EvolutionSettings, 'rates'>> & { rates?: Partial<EvolutionRates> }): EvolutionView;
  /** Advance the clock to the start of the epoch `epochs` ahead; throws while evolution is off. */
  stepEpochs(epochs?: number): EvolutionView;
  /** The change log: every change of the epochs after `since` (default 0) up to `until` (default: now). */
  changes(range?: { since?: number; until?: number }): DataChange[];
  readonly clients: typeof SANDBOX_CLIENTS;
  /** Move the sandbox clock (ManualClock or the default offset clock). */
  advanceClock(ms: number): void;
  setFaults(config: FaultConfig): void;
  getFaults(): FaultConfig;
  /** Turn off rates and drop queued one-shot faults. */
  clearFaults(): void;
  /** Apply a fault to the next `count` requests of `target` (default 'api'). */
  injectFault(fault: OneShotFault, count?: number, target?: FaultTarget): void;
  /** Forget every issued token (later use answers 401 "not valid"). */
  revokeAllTokens(): number;
  /** Expire every issued token now (later use answers 401 "expired"). */
  expireAllTokens(): number;
  /** Lifetime of tokens issued from now on. */
  setTokenTtl(seconds: number): void;
  /** Per-client quota from now on (buckets start full); `{requestsPerSecond: null}` turns it off. */
  setRateLimit(config: RateLimitConfig): Required<RateLimitConfig>;
  getRateLimit(): Required<RateLimitConfig>;
  setEsgPace(pace: Partial<EsgPace>): EsgPace;
  /** Make held ESG data stale so the next module request starts a new session. */
  invalidateEsg(companyId?: string, module?: EsgModule): number;
  /**
   * Serve `result` (the raw text of a JSON array, e.g. with `1e999` or 100,000-deep nesting) as the
   * complete answer of this company's module, until cleared. Returns the item count.
   */
  setEsgRaw(companyId: string, module: EsgModule, result: string): number;
  /** Built-in hostile answers of one kind for a company (every module the kind defines). */
  setEsgHostile(companyId: string, kind: HostileKind): EsgModule[];
  /** Back to generated answers: every company's, or one company's. Returns how many were dropped. */
  clearEsgRaw(companyId?: string): number;
  /** Forget processing sessions (all, or a share), as a restart of the service would: their status answers 404. */
  forgetEsgSessions(share?: number): number;
  /** Whether a company is known to the ESG sources (else its modules answer not_found). */
  esgKnown(companyId: string): boolean;
  /** Companies whose ESG modules work (`known`) or answer not_found. */
  esgCompanies(kind: 'known' | 'unknown', limit?: number): SandboxCompany[];
  /** Every ESG session so far: start (clock ms) and duration, to measure completion latency. */
  esgSessions(): ReturnType<SandboxContext['esg']['sessionTimings']>;
  stats(): SandboxStatsSnapshot;
  resetStats(): void;
}

export function createControl(ctx: SandboxContext): SandboxControl {
  const moveClock = (ms: number) => {
    if (!advanceClock(ctx.clock, ms)) throw new Error('This sandbox clock cannot be moved');
  };
  return {
    clock: ctx.clock,
    get dataset() {
      return ctx.data.current();
    },
    datasetAt(epoch) {
      const now = ctx.data.epoch();
      if (!Number.isInteger(epoch) || epoch < 0 || epoch > now) throw new RangeError(`Epoch ${epoch} is not reached yet (or not an epoch); the current epoch is ${now}`);
      return ctx.data.at(epoch);
    },
    evolution: () => ctx.data.view(),
    setEvolution: (patch) => ctx.data.update(patch),
    stepEpochs(epochs = 1) {
      moveClock(ctx.data.msUntilEpochsAhead(epochs));
      return ctx.data.view();
    },
    changes: (range = {}) => ctx.data.changes(range.since, range.until),
    clients: SANDBOX_CLIENTS,
    advanceClock: moveClock,
    setFaults: (config) => ctx.faults.set(config),
    getFaults: () => ctx.faults.current,
    clearFaults: () => ctx.faults.clear(),
    injectFault: (fault, count = 1, target = 'api') => ctx.faults.enqueue(fault, count, target),
    revokeAllTokens: () => ctx.tokens.revokeAll(),
    expireAllTokens: () => ctx.tokens.expireAll(),
    setTokenTtl: (seconds) => ctx.tokens.setTtl(seconds),
    setRateLimit(config) {
      ctx.rateLimits.set(config);
      return ctx.rateLimits.current;
    },
    getRateLimit: () => ctx.rateLimits.current,
    setEsgPace: (pace) => ctx.esg.setPace(pace),
    invalidateEsg: (companyId, module) => ctx.esg.invalidate(companyId, module),
    forgetEsgSessions: (share = 1) => ctx.esg.forget(share),
    setEsgRaw: (companyId, module, result) => ctx.esgRaw.set(companyId, module, result),
    setEsgHostile(companyId, kind) {
      const name = ctx.data.company(companyId)?.name ?? 'Unknown company';
      const results = hostileResults(kind, name, new Date(ctx.clock.now()).toISOString());
      const modules = Object.keys(results) as EsgModule[];
      for (const m of modules) ctx.esgRaw.set(companyId, m, results[m]!);
      return modules;
    },
    clearEsgRaw: (companyId) => ctx.esgRaw.clear(companyId),
    esgKnown: (companyId) => ctx.esg.isKnown(companyId),
    esgCompanies(kind, limit = 10) {
      const want = kind === 'known';
      const out: SandboxCompany[] = [];
      for (const c of ctx.data.current().companies) {
        if (ctx.esg.isKnown(c.company_id) === want) out.push(c);
        if (out.length >= limit) break;
      }
      return out;
    },
    esgSessions: () => ctx.esg.sessionTimings(),
    stats: () => ctx.stats.snapshot(),
    resetStats: () => ctx.stats.reset(),
  };
}

const FaultConfigSchema = z.object({
  latencyMs: z.union([z.number().min(0), z.tuple([z.number().min(0), z.number().min(0)])]).optional(),
  errorRate: z.number().min(0).max(1).optional(),
  errorStatus: z.number().int().min(500).max(599).optional(),
  rateLimitRate: z.number().min(0).max(1).optional(),
  retryAfterSeconds: z.number().int().min(0).optional(),
  dropRate: z.number().min(0).max(1).optional(),
  malformedRate: z.number().min(0).max(1).optional(),
  targets: z.array(z.enum(['api', 'token', 'all', 'search', 'esg', 'status', 'match'])).optional(),
  seed: z.number().int().optional(),
});
const OneShotSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('error'), status: z.number().int().min(500).max(599).optional() }),
  z.object({ kind: z.literal('rate_limit'), retryAfterSeconds: z.number().int().min(0).optional() }),
  z.object({ kind: z.literal('drop') }),
  z.object({ kind: z.literal('malformed') }),
  z.object({ kind: z.literal('latency'), ms: z.number().min(0) }),
]);

const RAW_BODY_LIMIT = 64 * 1024 * 1024;

export function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const r = schema.safeParse(body ?? {});
  if (!r.success) throw badRequest(r.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '), 'body');
  return r.data;
}

export function registerControlRoutes(app: FastifyInstance, control: SandboxControl): void {
  const p = CONTROL_PREFIX;
  app.get(`${p}/stats`, async () => control.stats());
  app.post(`${p}/stats/reset`, async () => (control.resetStats(), { ok: true }));
  app.get(`${p}/faults`, async () => control.getFaults());
  app.put(`${p}/faults`, async (req) => (control.setFaults(parse(FaultConfigSchema, req.body) as FaultConfig), { ok: true }));
  app.delete(`${p}/faults`, async () => (control.clearFaults(), { ok: true }));
  app.post(`${p}/faults/next`, async (req) => {
    const body = parse(z.object({ fault: OneShotSchema, count: z.number().int().min(1).default(1), target: FaultConfigSchema.shape.targets.unwrap().element.default('api') }), req.body);
    control.injectFault(body.fault, body.count, body.target);
    return { ok: true };
  });
  app.post(`${p}/tokens/revoke`, async () => ({ revoked: control.revokeAllTokens() }));
  app.post(`${p}/tokens/expire`, async () => ({ expired: control.expireAllTokens() }));
  app.put(`${p}/tokens/ttl`, async (req) => {
    const { seconds } = parse(z.object({ seconds: z.number().int().min(1) }), req.body);
    control.setTokenTtl(seconds);
    return { ok: true };
  });
  app.get(`${p}/rate-limit`, async () => control.getRateLimit());
  app.put(`${p}/rate-limit`, async (req) =>
    control.setRateLimit(parse(z.object({ requestsPerSecond: z.number().min(0).max(100_000).nullable(), burst: z.number().int().min(1).max(1_000_000).optional() }), req.body)),
  );
  app.put(`${p}/esg/pace`, async (req) =>
    control.setEsgPace(parse(z.object({ sessionMs: z.number().min(0).optional(), sessionJitter: z.number().min(0).max(1).optional(), itemsPerSession: z.number().int().min(1).optional(), freshForMs: z.number().min(0).optional() }), req.body)),
  );
  app.post(`${p}/esg/forget`, async (req) => {
    const b = parse(z.object({ share: z.number().min(0).max(1).default(1) }), req.body);
    return { forgotten: control.forgetEsgSessions(b.share) };
  });
  app.post(`${p}/esg/invalidate`, async (req) => {
    const b = parse(z.object({ company_id: z.string().optional(), module: EsgModuleSchema.optional() }), req.body);
    return { invalidated: control.invalidateEsg(b.company_id, b.module) };
  });
  // Raw answers carry megabytes (a 5 MB string, a 100,000-deep nesting): a larger body limit here only.
  app.put(`${p}/esg/raw`, { bodyLimit: RAW_BODY_LIMIT }, async (req) => {
    const b = parse(z.object({ company_id: UuidSchema, module: EsgModuleSchema, result: z.string() }), req.body);
    try {
      return { count: control.setEsgRaw(b.company_id, b.module, b.result) };
    } catch (e) {
      throw badRequest((e as Error).message, 'result');
    }
  });
  app.put(`${p}/esg/hostile`, async (req) => {
    const b = parse(z.object({ company_id: UuidSchema, kind: z.enum(HOSTILE_KINDS) }), req.body);
    return { modules: control.setEsgHostile(b.company_id, b.kind) };
  });
  app.delete(`${p}/esg/raw`, async (req) => {
    const q = parse(z.object({ company_id: UuidSchema.optional() }), req.query);
    return { cleared: control.clearEsgRaw(q.company_id) };
  });
  app.get(`${p}/esg/companies`, async (req) => {
    const q = parse(z.object({ kind: z.enum(['known', 'unknown']).default('known'), limit: z.coerce.number().int().min(1).max(1000).default(10) }), req.query);
    return { result: control.esgCompanies(q.kind, q.limit) };
  });
  app.get(`${p}/esg/sessions`, async () => ({ result: control.esgSessions() }));
  app.post(`${p}/clock/advance`, async (req) => {
    const { ms } = parse(z.object({ ms: z.number().min(0) }), req.body);
    control.advanceClock(ms);
    return { now: control.clock.now() };
  });
}
