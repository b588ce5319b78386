import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_BACKOFF, delayFor, maxPollsWithin, nominalDelay, resolvePolicy } from '../../../../src/main/features/esg/backoff';

describe('ESG poll backoff', () => {
  it('starts at 1 s and doubles to a 10 s cap', () => {
    expect([0, 1, 2, 3, 4, 5, 40].map((a) => nominalDelay(DEFAULT_BACKOFF, a))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
  });

  it('jitters each delay within [d*(1-jitter), d] and never below minMs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), fc.double({ min: 0, max: 0.999999, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (attempt, r, jitter) => {
        const p = resolvePolicy({ jitter });
        const d = nominalDelay(p, attempt);
        const got = delayFor(p, attempt, r);
        expect(got).toBeLessThanOrEqual(d);
        expect(got).toBeGreaterThanOrEqual(Math.max(p.minMs, d * (1 - jitter)) - 1e-9);
      }),
    );
  });

  it('full jitter spreads over the whole interval', () => {
    const p = resolvePolicy({ jitter: 1 });
    expect(delayFor(p, 3, 0)).toBe(8000);
    expect(delayFor(p, 3, 0.5)).toBe(4000);
    expect(delayFor(p, 3, 0.99999)).toBe(p.minMs);
  });

  it('bounds the polls any random schedule can make within a session', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 120_000 }), fc.array(fc.double({ min: 0, max: 0.999999, noNaN: true }), { minLength: 200, maxLength: 200 }), (duration, draws) => {
        // Simulate: polls at cumulative delays; the first poll at or after `duration` sees complete.
        let t = 0;
        let polls = 0;
        for (let a = 0; ; a++) {
          t += delayFor(DEFAULT_BACKOFF, a, draws[a % draws.length]!);
          polls++;
          if (t >= duration) break;
        }
        expect(polls).toBeLessThanOrEqual(maxPollsWithin(DEFAULT_BACKOFF, duration));
      }),
    );
  });

  it('gives a small bound for a 60 s session', () => {
    // min delays 0.5,1,2,4,5,5,... s: reaching 60 s takes 15 polls, the 15th sees complete.
    expect(maxPollsWithin(DEFAULT_BACKOFF, 60_000)).toBe(15);
  });

  it('rejects policies that could spin', () => {
    expect(() => resolvePolicy({ baseMs: 0 })).toThrow(RangeError);
    expect(() => resolvePolicy({ capMs: 10, baseMs: 100 })).toThrow(RangeError);
    expect(() => resolvePolicy({ minMs: 0 })).toThrow(RangeError);
  });
});
