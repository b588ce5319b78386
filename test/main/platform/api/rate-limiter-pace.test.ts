// The limiter finds the service's pace by itself (issue 28): with no rate on the profile and a service
// whose quota is a token bucket of 20 requests/s, eight callers sending as fast as they may draw few
// 429s (each holds everyone until Retry-After) and finish close to the quota's bound. On virtual time,
// with the service's bucket on the same clock.
import { describe, expect, it } from 'vitest';
import { PACE, RateLimiter } from '../../../../src/main/platform/api/rate-limiter';
import { virtualTime } from './helpers/virtual-time';

/** A service quota as the sandbox keeps it: a bucket of `burst` tokens refilled at `rate`/s. */
function bucket(now: () => number, rate: number, burst: number) {
  let tokens = burst;
  let at = 0;
  return (): { ok: true } | { ok: false; retryAfterMs: number } => {
    const t = now();
    tokens = Math.min(burst, tokens + ((t - at) * rate) / 1000);
    at = t;
    if (tokens >= 1) {
      tokens -= 1;
      return { ok: true };
    }
    // Whole seconds until a token is back, at least 1 (as the sandbox answers).
    return { ok: false, retryAfterMs: Math.max(1, Math.ceil((1 - tokens) / rate)) * 1000 };
  };
}

async function simulate(o: { rate: number; burst: number; callers: number; requests: number; latencyMs: number; ceiling?: number | null }) {
  const vt = virtualTime();
  const limiter = new RateLimiter({ requestsPerSecond: o.ceiling ?? null, now: vt.now, sleep: vt.sleep });
  const service = bucket(vt.now, o.rate, o.burst);
  let done = 0;
  let sent = 0;
  let limited = 0;
  const caller = async () => {
    while (done < o.requests) {
      for (;;) {
        await limiter.acquire();
        sent++;
        await vt.sleep(o.latencyMs);
        const answer = service();
        if (answer.ok) break;
        limited++;
        limiter.hold(answer.retryAfterMs);
      }
      done++;
    }
  };
  const all = Promise.all(Array.from({ length: o.callers }, caller));
  await vt.run();
  await all;
  return { wallMs: vt.now(), sent, limited, learned: limiter.stats().learnedRps };
}

describe('the learned pace', () => {
  it('no rate on the profile, a 20/s quota: under 2 % of requests answered 429, within 1.10x of the bound', async () => {
    const r = await simulate({ rate: 20, burst: 20, callers: 8, requests: 3000, latencyMs: 40 });
    const bound = (3000 / 20) * 1000;
    expect(r.limited / r.sent).toBeLessThanOrEqual(0.02);
    expect(r.wallMs / bound).toBeLessThanOrEqual(1.1);
    expect(r.learned).toBeGreaterThan(15);
    expect(r.learned).toBeLessThan(25);
  }, 60_000);

  it('the same at 5/s and at 50/s over ten minutes of work: it learns the pace it meets', async () => {
    for (const rate of [5, 50]) {
      const r = await simulate({ rate, burst: rate, callers: 8, requests: rate * 600, latencyMs: 40 });
      expect(r.limited / r.sent, `429 share at ${rate}/s`).toBeLessThanOrEqual(0.02);
      expect(r.wallMs / (600 * 1000), `wall ratio at ${rate}/s`).toBeLessThanOrEqual(1.1);
    }
  }, 60_000);

  it('the profile rate stays a ceiling: under the quota there is no 429 and no learned pace', async () => {
    const r = await simulate({ rate: 20, burst: 20, callers: 8, requests: 600, latencyMs: 40, ceiling: 10 });
    expect(r.limited).toBe(0);
    expect(r.learned).toBeNull();
    expect(r.wallMs).toBeGreaterThanOrEqual(((600 - 9) / 10) * 1000);
  }, 60_000);

  it('a 429 at a trickle teaches nothing: the caller is held, not slowed for good', () => {
    const limiter = new RateLimiter({ requestsPerSecond: null, now: () => 10_000 });
    limiter.hold(1000);
    expect(limiter.stats().learnedRps).toBeNull();
    expect(PACE.minLearnRps).toBeGreaterThan(0);
  });
});
