// The limiter's priority lanes on a virtual clock: higher lanes take the next slot (even when asked
// for later), FIFO within a lane, the no-starvation bound, 429 holds for every lane, cancellation,
// and the API client passing each call's lane.
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../src/main/platform/api/api-client';
import { RATE_MARGIN, RateLimiter, rateLimitedTransport, type RequestPriority } from '../../../../src/main/platform/api/rate-limiter';
import { NO_RETRY } from '../../../../src/main/platform/api/retry';
import type { Transport } from '../../../../src/main/platform/api/transport';
import { DEFAULT_PATHS } from '../../../../src/shared/profile';
import { virtualTime } from './helpers/virtual-time';

/** 10 requests/s (one slot every 100 ms), burst 1, on a virtual clock. */
function setup(maxPassOver?: number) {
  const vt = virtualTime();
  const limiter = new RateLimiter({ requestsPerSecond: 10 / RATE_MARGIN, burst: 1, now: vt.now, sleep: vt.sleep, maxPassOver });
  const granted: Array<[string, number]> = [];
  const ask = (name: string, priority?: RequestPriority, signal?: AbortSignal) =>
    limiter.acquire(signal, priority).then(() => {
      granted.push([name, vt.now()]);
    });
  return { vt, limiter, granted, ask };
}

describe('RateLimiter lanes', () => {
  it('gives each slot to the highest lane waiting, in arrival order within a lane, at the same pace', async () => {
    const { vt, limiter, granted, ask } = setup();
    await limiter.acquire(); // the burst is used: everyone below waits
    const all = [ask('low1', 'low'), ask('normal1'), ask('high1', 'high'), ask('low2', 'low'), ask('high2', 'high'), ask('normal2', 'normal')];
    expect(limiter.stats().waitingBy).toEqual({ high: 2, normal: 2, low: 2 });
    await vt.run();
    await Promise.all(all);
    expect(granted).toEqual([
      ['high1', 100],
      ['high2', 200],
      ['normal1', 300],
      ['normal2', 400],
      ['low1', 500],
      ['low2', 600],
    ]);
    expect(limiter.stats()).toMatchObject({ granted: 7, waiting: 0, waitingBy: { high: 0, normal: 0, low: 0 } });
  });

  it('a high request asked for later takes the next slot ahead of low ones already waiting', async () => {
    const { vt, limiter, granted, ask } = setup();
    await limiter.acquire();
    const lows = [1, 2, 3, 4].map((i) => ask(`low${i}`, 'low'));
    await vt.runUntil(150); // low1 went at 100; low2 waits for 200
    const high = ask('data read', 'high');
    await vt.run();
    await Promise.all([...lows, high]);
    expect(granted).toEqual([
      ['low1', 100],
      ['data read', 200],
      ['low2', 300],
      ['low3', 400],
      ['low4', 500],
    ]);
  });

  it('never starves a lower lane: its oldest waiter is passed over at most maxPassOver times in a row', async () => {
    const { vt, limiter, granted, ask } = setup(2);
    await limiter.acquire();
    const all = [
      ...[1, 2, 3, 4, 5, 6].map((i) => ask(`h${i}`, 'high')),
      ...[1, 2].map((i) => ask(`n${i}`, 'normal')),
      ...[1, 2].map((i) => ask(`l${i}`, 'low')),
    ];
    await vt.run();
    await Promise.all(all);
    expect(granted.map(([name]) => name)).toEqual(['h1', 'h2', 'n1', 'l1', 'h3', 'h4', 'n2', 'l2', 'h5', 'h6']);
    // Pacing is unchanged: one slot every 100 ms.
    expect(granted.map(([, at]) => at)).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
  });

  it('by default lets a low waiter pass over at most 8 higher grants under a steady high load', async () => {
    const { vt, limiter, granted, ask } = setup();
    await limiter.acquire();
    const all = [ask('low', 'low'), ...Array.from({ length: 20 }, (_, i) => ask(`h${i + 1}`, 'high'))];
    await vt.run();
    await Promise.all(all);
    expect(granted.findIndex(([name]) => name === 'low')).toBe(8);
  });

  it('a 429 holds every lane until Retry-After has passed; then the lanes go in order', async () => {
    const { vt, limiter, granted, ask } = setup();
    await limiter.acquire();
    const all = [ask('low', 'low'), ask('normal'), ask('high', 'high')];
    await vt.runUntil(50);
    limiter.hold(2000);
    await vt.runUntil(1999);
    expect(granted).toEqual([]);
    expect(limiter.stats()).toMatchObject({ waiting: 3, heldUntil: 2050 });
    await vt.run();
    await Promise.all(all);
    expect(granted).toEqual([
      ['high', 2050],
      ['normal', 2150],
      ['low', 2250],
    ]);
  });

  it('a hold that comes while the next slot is being waited for delays it; new callers queue behind the hold too', async () => {
    const { vt, limiter, granted, ask } = setup();
    await limiter.acquire();
    const first = ask('high', 'high');
    await vt.runUntil(10);
    limiter.hold(500);
    const later = ask('late normal');
    await vt.run();
    await Promise.all([first, later]);
    expect(granted).toEqual([
      ['high', 510],
      ['late normal', 610],
    ]);
  });

  it('a cancelled waiter leaves its lane; the others keep their order', async () => {
    const { vt, limiter, granted, ask } = setup();
    await limiter.acquire();
    const ctrl = new AbortController();
    const a = ask('low1', 'low');
    const cancelled = ask('low2', 'low', ctrl.signal);
    const c = ask('low3', 'low');
    ctrl.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect(limiter.stats().waitingBy.low).toBe(2);
    await vt.run();
    await Promise.all([a, c]);
    expect(granted).toEqual([
      ['low1', 100],
      ['low3', 200],
    ]);
  });

  it("callers waiting when the profile's fixed rate is removed go at once", async () => {
    const vt = virtualTime();
    const limiter = new RateLimiter({ requestsPerSecond: 1 / RATE_MARGIN, burst: 1, now: vt.now, sleep: vt.sleep });
    await limiter.acquire();
    const at: number[] = [];
    const all = [limiter.acquire(undefined, 'low'), limiter.acquire()].map((p) => p.then(() => at.push(vt.now())));
    await vt.runUntil(100);
    limiter.configure({ requestsPerSecond: null });
    await vt.run();
    await Promise.all(all);
    expect(at).toEqual([100, 100]);
  });

  it('without a fixed rate nobody waits unless a 429 holds the profile', async () => {
    const vt = virtualTime();
    const limiter = new RateLimiter({ requestsPerSecond: null, now: vt.now, sleep: vt.sleep });
    await Promise.all([limiter.acquire(undefined, 'low'), limiter.acquire(undefined, 'high')]);
    expect(limiter.stats()).toMatchObject({ granted: 2, waiting: 0 });
  });
});

describe('API client priorities', () => {
  it("sends each call in its own lane: a status poll asked for after a new module request goes first", async () => {
    const vt = virtualTime();
    const limiter = new RateLimiter({ requestsPerSecond: 10 / RATE_MARGIN, burst: 1, now: vt.now, sleep: vt.sleep });
    const sent: string[] = [];
    const sid = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    const transport: Transport = {
      now: vt.now,
      async send(req) {
        sent.push(new URL(req.url).pathname);
        const body = req.url.includes('/processing/')
          ? { company_id: 'c1', module: 'news', status: 'processing', result_count: 0 }
          : { company_id: 'c1', module: 'news', status: 'processing', active_processing_session: sid, count: 0, result: [], pagination: { next: null, previous: null } };
        return { status: 200, headers: new Headers(), text: JSON.stringify(body) };
      },
    };
    const api = createApiClient({ profile: { baseUrl: 'https://api.example.test', ...DEFAULT_PATHS }, tokens: { getToken: async () => 'token', invalidate: () => {} }, transport, limiter, retry: NO_RETRY });
    await limiter.acquire(); // the burst is used
    const calls = [
      api.esgModule({ companyId: 'c1', module: 'news' }, { priority: 'low' }),
      api.esgModule({ companyId: 'c2', module: 'news' }),
      api.processingStatus(sid, { priority: 'high' }),
    ];
    await vt.run();
    await Promise.all(calls);
    expect(sent).toEqual([`/esg/v1/processing/${sid}`, '/esg/v1/companies/c2/news', '/esg/v1/companies/c1/news']);
  });

  it('a request answered 429 is sent again in its own lane once the hold is over, ahead of lower lanes', async () => {
    const vt = virtualTime();
    const limiter = new RateLimiter({ requestsPerSecond: 10 / RATE_MARGIN, burst: 1, now: vt.now, sleep: vt.sleep });
    const sent: Array<[string, number, number]> = [];
    let first429 = true;
    const inner: Transport = {
      now: vt.now,
      async send(req) {
        const path = new URL(req.url).pathname;
        const status = path === '/read' && first429 ? 429 : 200;
        if (status === 429) first429 = false;
        sent.push([path, status, vt.now()]);
        return { status, headers: new Headers(status === 429 ? { 'retry-after': '1' } : {}), text: '{}' };
      },
    };
    const t = rateLimitedTransport(inner, limiter);
    const req = (path: string) => ({ method: 'GET' as const, url: `https://api.example.test${path}`, headers: {}, timeoutMs: 1000 });
    const read = t.send(req('/read'), 1, 'high');
    const news = [1, 2].map((i) => t.send(req(`/new${i}`), 1, 'low'));
    await vt.run();
    await Promise.all([read, ...news]);
    // The 429 (Retry-After: 1) holds every lane for 1 s; then the read goes before the new requests queued earlier.
    expect(sent.map(([path, status]) => [path, status])).toEqual([
      ['/read', 429],
      ['/read', 200],
      ['/new1', 200],
      ['/new2', 200],
    ]);
    expect(sent[1]![2]).toBeGreaterThanOrEqual(1000);
  });
});
