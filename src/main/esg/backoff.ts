// Poll schedule for processing sessions: start fast, double to a cap, jitter so that many
// watchers started together do not poll in lock-step. Pure functions, so tests and the bench
// can compute the exact bound on status calls for a session of a given length.

export interface BackoffPolicy {
  /** First nominal interval. */
  baseMs: number;
  /** Largest nominal interval. */
  capMs: number;
  /**
   * Share of each interval that is randomised: 1 = "full jitter" (uniform in [0, d]),
   * 0.5 = uniform in [d/2, d], 0 = none. The default keeps half so the number of status
   * calls per session has a hard upper bound (see maxPollsWithin).
   */
  jitter: number;
  /** Never poll sooner than this, whatever the jitter draws (keeps full jitter bounded too). */
  minMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1000, capMs: 10_000, jitter: 0.5, minMs: 250 };

/** Nominal (un-jittered) interval before poll number `attempt` (0-based). */
export function nominalDelay(policy: BackoffPolicy, attempt: number): number {
  // 2^attempt overflows nothing useful past ~30 doublings; clamp the exponent.
  const grown = policy.baseMs * 2 ** Math.min(attempt, 30);
  return Math.min(policy.capMs, grown);
}

/** Jittered delay before poll `attempt`; `random` in [0, 1). */
export function delayFor(policy: BackoffPolicy, attempt: number, random: number): number {
  const d = nominalDelay(policy, attempt);
  const jittered = d * (1 - policy.jitter * random);
  return Math.max(policy.minMs, Math.min(d, jittered));
}

/** Shortest possible delay before poll `attempt` (what the bound assumes every draw gives). */
export function minDelayFor(policy: BackoffPolicy, attempt: number): number {
  const d = nominalDelay(policy, attempt);
  return Math.max(policy.minMs, Math.min(d, d * (1 - policy.jitter)));
}

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
