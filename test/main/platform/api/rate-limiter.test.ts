// The per-profile request budget: pacing in arrival order on a virtual clock, a 429 holding every
// caller, and the real API client against a rate-limited sandbox (search, match and ESG at once).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../src/main/platform/api/api-client';
import { RATE_MARGIN, RateLimiter } from '../../../../src/main/platform/api/rate-limiter';
import { createRequestLog } from '../../../../src/main/platform/api/request-log';
import { NO_RETRY, sleep } from '../../../../src/main/platform/api/retry';
import { createTransport } from '../../../../src/main/platform/api/transport';
import { TokenManager } from '../../../../src/main/platform/auth/token-manager';
import { Connections } from '../../../../src/main/features/profiles/connections';
import { SANDBOX_CLIENTS } from '../../../../src/sandbox/clients';
import { startSandbox, type SandboxHandle } from '../../../../src/sandbox/server';
import { DEFAULT_PATHS } from '../../../../src/shared/profile';
import { virtualTime } from './helpers/virtual-time';

describe('RateLimiter', () => {
  it('lets a burst through, then paces callers in arrival order at the rate', async () => {
    const vt = virtualTime();
    const limiter = new RateLimiter({ requestsPerSecond: 10 / RATE_MARGIN, burst: 3, now: vt.now, sleep: vt.sleep });
    const granted: [number, number][] = [];
    const all = Array.from({ length: 8 }, (_, i) => limiter.acquire().then(() => granted.push([i, vt.now()])));
    await vt.run();
    await Promise.all(all);
    expect(granted).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [3, 100],
      [4, 200],
      [5, 300],
      [6, 400],
      [7, 500],
    ]);
    expect(limiter.stats()).toMatchObject({ granted: 8, waiting: 0 });
  });

  it('holds every caller after a 429 until Retry-After has passed, including those already waiting', async () => {
    const vt = virtualTime();
    const limiter = new RateLimiter({ requestsPerSecond: 10 / RATE_MARGIN, burst: 1, now: vt.now, sleep: vt.sleep });
    await limiter.acquire();
    limiter.hold(2000);
    expect(limiter.stats().heldUntil).toBe(2000);
    const times: number[] = [];
    const all = [limiter.acquire(), limiter.acquire(), limiter.acquire()].map((p) => p.then(() => times.push(vt.now())));
    await vt.run();
    await Promise.all(all);
    expect(times).toEqual([2000, 2100, 2200]);
    expect(limiter.stats()).toMatchObject({ limited: 1, heldUntil: 0 });
  });

  it('holds without a fixed rate too, 1 s when the 429 gives no Retry-After', async () => {
    const vt = virtualTime();
    const limiter = new RateLimiter({ requestsPerSecond: null, now: vt.now, sleep: vt.sleep });
    const early: number[] = [];
    await Promise.all([limiter.acquire(), limiter.acquire()].map((p) => p.then(() => early.push(vt.now()))));
    expect(early).toEqual([0, 0]);
    limiter.hold(undefined);
    const p = limiter.acquire().then(() => vt.now());
    await vt.run();
    expect(await p).toBe(1000);
  });

  it('gives up waiting when the caller cancels', async () => {
    const vt = virtualTime();
    const limiter = new RateLimiter({ requestsPerSecond: 1, burst: 1, now: vt.now, sleep: vt.sleep });
    await limiter.acquire();
    const ctrl = new AbortController();
    const waiting = limiter.acquire(ctrl.signal);
    ctrl.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(limiter.stats().waiting).toBe(0);
  });

  it('is one instance per profile in Connections, following the profile rate', () => {
    const c = new Connections({} as ConstructorParameters<typeof Connections>[0]);
    const a = c.limiterFor({ id: 'acme', requestsPerSecond: 5 });
    expect(c.limiterFor({ id: 'acme', requestsPerSecond: 8 })).toBe(a);
    expect(a.settings).toEqual({ requestsPerSecond: 8, burst: 7 });
    expect(c.limiterFor({ id: 'other' })).not.toBe(a);
    expect(c.limiterFor({ id: 'other' }).settings.requestsPerSecond).toBeNull();
  });
});

describe('API client with the profile limiter, against a rate-limited sandbox', () => {
  let sb: SandboxHandle;
  beforeAll(async () => {
    sb = await startSandbox({ companies: 1500, esg: { sessionMs: 60_000 } });
  });
  afterAll(() => sb.close());
  beforeEach(() => sb.control.resetStats());

  const clientWith = (limiter: RateLimiter | undefined) => {
    const transport = createTransport({ log: createRequestLog() });
    const tokens = new TokenManager({
      authUrl: sb.authUrl,
      clientId: SANDBOX_CLIENTS.analyst.id,
      scope: 'api:use',
      useDiscovery: false,
      getSecret: async () => SANDBOX_CLIENTS.analyst.secret,
      transport,
      now: Date.now,
    });
    // No retries of its own: whatever survives here is the limiter's doing.
    return createApiClient({ profile: { baseUrl: sb.baseUrl, ...DEFAULT_PATHS }, tokens, transport, limiter, retry: NO_RETRY });
  };

  /** Search pages (first and continued), match and ESG module requests, all at once. */
  async function mixedLoad(api: ReturnType<typeof clientWith>): Promise<PromiseSettledResult<unknown>[]> {
    const ids = sb.control.dataset.companies.slice(0, 12).map((c) => c.company_id);
    const body = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } };
    const first = await api.search({ body, pageSize: 5 });
    return Promise.allSettled([
      api.search({ body, pageSize: 5, paginationToken: first.pagination.next! }),
      ...ids.map((companyId) => api.esgModule({ companyId, module: 'scores' })),
      ...ids.slice(0, 6).map((id) => api.match({ name: sb.control.dataset.byId.get(id)!.name })),
      ...Array.from({ length: 6 }, () => api.search({ body, pageSize: 5 })),
    ]);
  }

  it('without it, a burst over the quota fails with 429 (the problem)', async () => {
    sb.control.setRateLimit({ requestsPerSecond: 8 });
    const results = await mixedLoad(clientWith(undefined));
    const failed = results.filter((r) => r.status === 'rejected');
    expect(failed.length).toBeGreaterThan(0);
    expect((failed[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'rate_limited' });
  });

  it('with no fixed rate, every caller is held by the 429s and every call succeeds', async () => {
    sb.control.setRateLimit({ requestsPerSecond: 8 });
    const limiter = new RateLimiter({ requestsPerSecond: null });
    const results = await mixedLoad(clientWith(limiter));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(sb.control.stats().rateLimited).toBeGreaterThan(0);
    expect(limiter.stats().limited).toBe(sb.control.stats().rateLimited);
  }, 20_000);

  it('with the quota as the profile rate, the service never has to say 429', async () => {
    sb.control.setRateLimit({ requestsPerSecond: 8 });
    // Its waits for a slot are recorded (and slept for real: the sandbox's quota runs on real time).
    const paced: number[] = [];
    const limiter = new RateLimiter({ requestsPerSecond: 8, sleep: (ms, signal) => (paced.push(ms), sleep(ms, signal)) });
    const results = await mixedLoad(clientWith(limiter));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(sb.control.stats().rateLimited).toBe(0);
    // 26 requests at 8/s with a burst of 7: past the burst callers waited for their slot (paced, not
    // all sent at once), and no caller was ever held for a 429.
    expect(limiter.stats()).toMatchObject({ granted: 26, limited: 0, heldUntil: 0, waiting: 0 });
    expect(paced.length).toBeGreaterThan(0);
  }, 20_000);
});
