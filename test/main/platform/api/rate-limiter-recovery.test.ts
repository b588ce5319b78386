// After a burst of 429s the learned pace is back at the service's rate within about a minute of the
// last one (issue 36 #12: it fell to 0.5-1 request/s and climbed 3 % per 5 s, only while callers
// waited, so a later 1,000,000-row export ran for an hour), and it still backs off while the 429s
// keep coming. On virtual time: the limiter's clock and sleeps are the test's.
import { describe, expect, it } from 'vitest';
import { PACE, RATE_MARGIN, RateLimiter } from '../../../../src/main/platform/api/rate-limiter';
import { virtualTime } from './helpers/virtual-time';

type Answer = { ok: true } | { ok: false; retryAfterMs: number };

function setUp(requestsPerSecond: number | null) {
  const vt = virtualTime();
  const limiter = new RateLimiter({ requestsPerSecond, now: vt.now, sleep: vt.sleep });
  let last429 = -Infinity;
  /** Paces sampled right after each 429 (what the limiter learned from it). */
  const afterEach429: number[] = [];
  /** `callers` send back to back until `untilMs`, each answer taken from `service` at the time it arrives. */
  async function traffic(o: { callers: number; untilMs: number; service: () => Answer }): Promise<number> {
    let answered = 0;
    const caller = async () => {
      while (vt.now() < o.untilMs) {
        await limiter.acquire();
        await vt.sleep(40); // the request's round trip, on the virtual clock
        const a = o.service();
        answered++;
        if (a.ok) continue;
        last429 = vt.now();
        limiter.hold(a.retryAfterMs);
        afterEach429.push(limiter.stats().learnedRps ?? Infinity);
      }
    };
    const all = Promise.all(Array.from({ length: o.callers }, caller));
    await vt.run();
    await all;
    return answered;
  }
  return { vt, limiter, traffic, afterEach429, last429: () => last429 };
}

/** The service's quota as the sandbox keeps it: a bucket of `rate` tokens refilled at `rate`/s. */
function quota(now: () => number, rate: number): () => Answer {
  let tokens = rate;
  let at = now();
  return () => {
    tokens = Math.min(rate, tokens + ((now() - at) * rate) / 1000);
    at = now();
    if (tokens < 1) return { ok: false, retryAfterMs: 1000 };
    tokens -= 1;
    return { ok: true };
  };
}

const always429 = (): Answer => ({ ok: false, retryAfterMs: 1000 });

describe('recovery of the learned pace after a burst of 429s', () => {
  it('with a rate on the profile: back at it within a minute of the last 429, traffic or not', async () => {
    const rate = 10;
    const s = setUp(rate);
    await s.traffic({ callers: 4, untilMs: 30_000, service: always429 });
    const floor = s.limiter.stats().learnedRps;
    expect(floor).not.toBeNull();
    expect(floor!).toBeLessThan(rate * 0.2); // the burst brought it down (what the issue saw)
    // A minute after the last 429, with nothing sent meanwhile: the profile's rate governs again.
    await s.vt.runUntil(s.last429() + PACE.recoverMs);
    expect(s.limiter.stats().learnedRps).toBeNull();
    // The later export: 10 s of it get the whole rate (the burst of 9 plus 9.7/s), not 1 request/s.
    const start = s.vt.now();
    const answered = await s.traffic({ callers: 4, untilMs: start + 10_000, service: () => ({ ok: true }) });
    expect(answered).toBeGreaterThanOrEqual(Math.floor(10 * rate * RATE_MARGIN));
  });

  it('with traffic all along: the pace climbs back while callers wait and is at the rate 60 s after the last 429', async () => {
    const rate = 10;
    const s = setUp(rate);
    await s.traffic({ callers: 4, untilMs: 30_000, service: always429 });
    const last = s.last429();
    await s.traffic({ callers: 4, untilMs: last + PACE.recoverMs, service: () => ({ ok: true }) });
    expect(s.limiter.stats().learnedRps).toBeNull();
    const answered = await s.traffic({ callers: 4, untilMs: s.vt.now() + 10_000, service: () => ({ ok: true }) });
    expect(answered).toBeGreaterThanOrEqual(Math.floor(10 * rate * RATE_MARGIN));
  });

  it('still backs off while the 429s keep coming', async () => {
    const s = setUp(10);
    await s.traffic({ callers: 4, untilMs: 60_000, service: always429 });
    const paces = s.afterEach429;
    // Each 429 that lowered the pace lowered it below every pace learned before (no climb outran the 429s).
    const lowered = paces.filter((p, i) => i === 0 || p < paces[i - 1]!);
    expect(lowered.length).toBeGreaterThan(10);
    expect(Math.min(...paces.slice(-5))).toBeLessThanOrEqual(PACE.minRps * 1.5);
  });

  it('with no rate on the profile: back at the pace the burst interrupted within a minute', async () => {
    const s = setUp(null);
    const service = quota(s.vt.now, 20);
    // Learn the service's 20/s first, then a burst of 429s whatever is sent.
    await s.traffic({ callers: 4, untilMs: 60_000, service });
    const before = s.limiter.stats().learnedRps;
    expect(before).toBeGreaterThan(15);
    await s.traffic({ callers: 4, untilMs: 90_000, service: always429 });
    expect(s.limiter.stats().learnedRps!).toBeLessThan(before! / 4);
    await s.vt.runUntil(s.last429() + PACE.recoverMs);
    expect(s.limiter.stats().learnedRps!).toBeGreaterThanOrEqual(before! * PACE.decrease);
  });
});
