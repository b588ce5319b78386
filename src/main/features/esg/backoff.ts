// Poll schedule for processing sessions: start fast, double to a cap, jitter so that many
// watchers started together do not poll in lock-step. Pure functions, so tests and the bench
// can compute the exact bound on status calls for a session of a given length.
import { jitteredDelay, nominalDelay as nominalBackoff, shortestDelay, type Backoff } from '../../platform/api/retry';

/**
 * `jitter`: share of each interval that is randomised. The default keeps half (uniform in
 * [d/2, d]) so the number of status calls per session has a hard upper bound (see maxPollsWithin);
 * `minMs` keeps full jitter bounded too. Same formula as every retry (api/retry.ts).
 */
export type BackoffPolicy = Backoff;

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1000, capMs: 10_000, jitter: 0.5, minMs: 250 };

/** Nominal (un-jittered) interval before poll number `attempt` (0-based). */
export const nominalDelay: (policy: BackoffPolicy, attempt: number) => number = nominalBackoff;
/** Jittered delay before poll `attempt`; `random` in [0, 1). */
export const delayFor: (policy: BackoffPolicy, attempt: number, random: number) => number = jitteredDelay;
/** Shortest possible delay before poll `attempt` (what the bound assumes every draw gives). */
export const minDelayFor: (policy: BackoffPolicy, attempt: number) => number = shortestDelay;

/**
 * Upper bound on status calls for a session that stays `processing` for `durationMs` after the
 * watch starts: every poll that can fall inside the window at the fastest schedule, plus the one
 * poll that sees the terminal status.
 */
export function maxPollsWithin(policy: BackoffPolicy, durationMs: number): number {
  let t = 0;
  let polls = 0;
  for (let attempt = 0; ; attempt++) {
    t += minDelayFor(policy, attempt);
    if (t >= durationMs) return polls + 1;
    polls++;
  }
}

/** Validates a policy given by a caller (tests, bench) so a zero cap cannot spin. */
export function resolvePolicy(partial?: Partial<BackoffPolicy>): BackoffPolicy {
  const p = { ...DEFAULT_BACKOFF, ...partial };
  if (!(p.baseMs > 0) || !(p.capMs >= p.baseMs) || !(p.minMs > 0) || !(p.jitter >= 0 && p.jitter <= 1)) {
    throw new RangeError('Backoff policy needs baseMs > 0, capMs >= baseMs, minMs > 0 and jitter in [0, 1]');
  }
  return p;
}
