// The one retry helper: exponential backoff with jitter, `Retry-After` (seconds or HTTP date),
// abortable sleeps, bounded in attempts and total time. Every caller uses it: the API client, the
// token manager, the export page walker and (for its delay formula) the ESG watcher's poll schedule.
import { setTimeout as sleepFor } from 'node:timers/promises';
import { AppError, isRetryable } from '../../../shared/errors';

/** Exponential backoff: the nominal delay doubles from `baseMs` up to `capMs`. */
export interface Backoff {
  baseMs: number;
  capMs: number;
  /**
   * Share of each nominal delay that is randomised away: 1 = "full jitter" (uniform in [0, d]),
   * 0.5 = uniform in [d/2, d], 0 = none. Keeping some of it gives a hard lower bound per step.
   */
  jitter: number;
  /** Never wait less than this, whatever the draw. */
  minMs: number;
}

export interface RetryPolicy {
  /** Total attempts including the first. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** No retry starts once this much time has passed since the first attempt (includes waits). */
  budgetMs: number;
  /** See Backoff.jitter; default 1 (full jitter). */
  jitter?: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 300, maxDelayMs: 8_000, budgetMs: 60_000 };
export const NO_RETRY: RetryPolicy = { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0, budgetMs: 0 };

/** A `Retry-After` is a floor: a few ms on top so the timer never fires before the time asked for. */
export const RETRY_AFTER_MARGIN_MS = 5;

/** Nominal (un-jittered) delay of step `step` (0-based). */
export function nominalDelay(b: Pick<Backoff, 'baseMs' | 'capMs'>, step: number): number {
  // Past ~30 doublings nothing changes but the risk of overflow: clamp the exponent.
  return Math.min(b.capMs, b.baseMs * 2 ** Math.min(Math.max(0, step), 30));
}

/** Jittered delay of step `step` (0-based); `random` in [0, 1). Always within [shortestDelay, nominalDelay]. */
export function jitteredDelay(b: Backoff, step: number, random: number): number {
  const d = nominalDelay(b, step);
  return Math.max(b.minMs, Math.min(d, d * (1 - b.jitter * random)));
}

/** The shortest delay step `step` can draw (what a bound on the number of attempts assumes). */
export function shortestDelay(b: Backoff, step: number): number {
  const d = nominalDelay(b, step);
  return Math.max(b.minMs, Math.min(d, d * (1 - b.jitter)));
}

export function backoffOf(policy: RetryPolicy): Backoff {
  return { baseMs: policy.baseDelayMs, capMs: policy.maxDelayMs, jitter: policy.jitter ?? 1, minMs: 0 };
}

/** Delay before retry number `retry` (1-based) of `policy`. */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number = Math.random): number {
  return Math.round(jitteredDelay(backoffOf(policy), retry - 1, random()));
}

/** `Retry-After` in ms: delta-seconds or an HTTP date. Undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value == null) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  // HTTP-date (IMF-fixdate, e.g. "Wed, 21 Oct 2026 07:28:00 GMT"); bare numbers like "-3" are not dates.
  if (!/[a-z]{3}/i.test(v)) return undefined;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/** The wait a server asked for, as the error makers attach it (`details.retryAfterMs`). */
export function retryAfterOf(e: unknown): number | undefined {
  if (!(e instanceof AppError)) return undefined;
  const v = e.details?.retryAfterMs;
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined;
}

export function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status <= 599);
}

export function cancelledError(message = 'Cancelled.'): AppError {
  return new AppError('cancelled', message);
}

/** Resolves after `ms`; rejects with AppError `cancelled` as soon as `signal` aborts. */
export async function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) throw cancelledError();
  try {
    await sleepFor(ms, undefined, signal ? { signal } : undefined);
  } catch (e) {
    if (signal?.aborted) throw cancelledError();
    throw e;
  }
}

export interface RetryOptions {
  policy: RetryPolicy;
  /** Stops the attempts and any wait between them. */
  signal?: AbortSignal;
  /** Whether a failure is worth another attempt; default: the error table (`isRetryable`). */
  retryable?: (e: unknown) => boolean;
  /** Clock for the budget and for HTTP-date `Retry-After` values. */
  now?: () => number;
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Thrown when the signal aborts (default: AppError `cancelled`). */
  cancelled?: () => Error;
  /** Told before each wait (status shown while retrying, logs). */
  onRetry?: (info: { attempt: number; delayMs: number; error: unknown }) => void;
}

/**
 * Runs `attempt` (1-based number) until it succeeds, fails for a reason that is not retryable, or
 * the policy runs out (attempts, or a wait that would pass the budget): then its last error is thrown.
 * A `details.retryAfterMs` on the error replaces the backoff.
 */
export async function withRetry<T>(attempt: (n: number) => Promise<T>, o: RetryOptions): Promise<T> {
  const now = o.now ?? Date.now;
  const retryable = o.retryable ?? isRetryable;
  const wait = o.sleep ?? sleep;
  const cancelled = o.cancelled ?? (() => cancelledError());
  const started = now();
  for (let n = 1; ; n++) {
    if (o.signal?.aborted) throw cancelled();
    try {
      return await attempt(n);
    } catch (e) {
      if (o.signal?.aborted) throw cancelled();
      if (!retryable(e)) throw e;
      const hinted = retryAfterOf(e);
      const delayMs = hinted !== undefined ? hinted + RETRY_AFTER_MARGIN_MS : backoffDelay(n, o.policy, o.random);
      if (n >= o.policy.maxAttempts || now() - started + delayMs > o.policy.budgetMs) throw e;
      o.onRetry?.({ attempt: n, delayMs, error: e });
      try {
        await wait(delayMs, o.signal);
      } catch (waitError) {
        if (o.signal?.aborted) throw cancelled();
        throw waitError;
      }
    }
  }
}
