// One request budget per profile, shared by every caller of its API client (search, export, match,
// ESG runs and watches), so one busy feature never trips the service's quota for the rest of the app.
// - An optional fixed rate (profile `requestsPerSecond`): a token bucket of `burst` requests, with
//   slots handed out in arrival order (GCRA), so waiters do not race each other.
// - A 429 holds every caller until its Retry-After has passed (1 s when it says nothing), then the
//   request that got it is sent again here, below the retry policy of the callers.
import { TransportError } from './http';
import { parseRetryAfter, sleep } from './retry';
import type { Transport } from './transport';

export interface RateLimitSettings {
  /** Sustained requests per second; null = no fixed rate, only 429s slow the profile down. */
  requestsPerSecond: number | null;
  /** Requests that may go at once after a quiet spell; default one second's worth less one (at least 1). */
  burst?: number;
}

/**
 * Share of the configured rate actually used, and the one-request-short default burst: the service
 * sees our requests with network jitter, so pacing exactly at its quota would still draw 429s.
 */
export const RATE_MARGIN = 0.97;

export interface RateLimiterOptions extends RateLimitSettings {
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface RateLimiterStats {
  /** Requests let through. */
  granted: number;
  /** 429 answers seen (each holds the whole profile). */
  limited: number;
  /** Callers waiting for a slot now. */
  waiting: number;
  /** Epoch ms until which every caller waits because of a 429 (0 when none). */
  heldUntil: number;
}

/** Hold used when a 429 carries no readable Retry-After. */
export const DEFAULT_HOLD_MS = 1000;

export class RateLimiter {
  private intervalMs = 0;
  private toleranceMs = 0;
  /** GCRA theoretical arrival time: when the bucket would be full again. */
  private tat = 0;
  private heldUntilMs = 0;
  private readonly counts = { granted: 0, limited: 0, waiting: 0 };
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(opts: RateLimiterOptions = { requestsPerSecond: null }) {
    this.now = opts.now ?? Date.now;
    this.sleep = opts.sleep ?? sleep;
    this.configure(opts);
  }

  /** Change the rate (profile edited); waiters already holding a slot keep it. */
  configure(settings: RateLimitSettings): void {
    const rps = settings.requestsPerSecond ?? 0;
    if (!(rps > 0) || !Number.isFinite(rps)) {
      this.intervalMs = 0;
      this.toleranceMs = 0;
      return;
    }
    const burst = Math.max(1, Math.floor(settings.burst ?? Math.ceil(rps) - 1));
    this.intervalMs = 1000 / (rps * RATE_MARGIN);
    this.toleranceMs = this.intervalMs * (burst - 1);
  }

  get settings(): { requestsPerSecond: number | null; burst: number } {
    if (this.intervalMs === 0) return { requestsPerSecond: null, burst: 0 };
    return { requestsPerSecond: Math.round((1000 / this.intervalMs / RATE_MARGIN) * 1000) / 1000, burst: Math.round(this.toleranceMs / this.intervalMs) + 1 };
  }

  stats(): RateLimiterStats {
    return { ...this.counts, heldUntil: this.heldUntilMs > this.now() ? this.heldUntilMs : 0 };
  }

  /** Resolves when this caller may send one request; rejects (AbortError) when `signal` aborts. */
  async acquire(signal?: AbortSignal): Promise<void> {
    this.counts.waiting++;
    try {
      for (;;) {
        const now = this.now();
        if (this.heldUntilMs > now) {
          await this.sleep(this.heldUntilMs - now, signal);
          continue;
        }
        const slot = this.reserve(now);
        if (slot > now) await this.sleep(slot - now, signal);
        // A 429 that arrived while this caller slept holds it too (its slot is given up).
        if (this.heldUntilMs > this.now()) continue;
        this.counts.granted++;
        return;
      }
    } finally {
      this.counts.waiting--;
    }
  }

  /** A 429 answered: nobody sends until `retryAfterMs` has passed. */
  hold(retryAfterMs: number | undefined): void {
    this.counts.limited++;
    const until = this.now() + Math.max(0, retryAfterMs ?? DEFAULT_HOLD_MS);
    if (until > this.heldUntilMs) this.heldUntilMs = until;
    // The slots reserved before the hold are void: the bucket restarts when the hold ends.
    if (this.intervalMs > 0) this.tat = Math.min(this.tat, until);
  }

  /** Reserves the next slot at or after `now`; returns when it may be used. */
  private reserve(now: number): number {
    if (this.intervalMs === 0) return now;
    const tat = Math.max(this.tat, now);
    const slot = Math.max(now, tat - this.toleranceMs);
    this.tat = tat + this.intervalMs;
    return slot;
  }
}

export interface LimitedTransportOptions {
  /** Sends of one request answered 429 before the 429 is handed to the caller. */
  maxRateLimitedSends?: number;
}

/**
 * `inner` with every send paced by `limiter`. A 429 holds the limiter and the request is sent
 * again once the hold is over (a 429 means the service did not act on it, so this is safe for
 * any method); after `maxRateLimitedSends` the 429 goes to the caller's own retry policy.
 */
export function rateLimitedTransport(inner: Transport, limiter: RateLimiter, opts: LimitedTransportOptions = {}): Transport {
  const maxSends = opts.maxRateLimitedSends ?? 6;
  return {
    now: inner.now,
    async send(req, attempt) {
      for (let sends = 1; ; sends++) {
        try {
          await limiter.acquire(req.signal);
        } catch (e) {
          // Same shape as a cancelled exchange below HTTP.
          throw new TransportError('cancelled', (e as Error).message || 'Cancelled.');
        }
        const res = await inner.send(req, attempt);
        if (res.status !== 429) return res;
        limiter.hold(parseRetryAfter(res.headers.get('retry-after'), Date.now()));
        if (sends >= maxSends) return res;
      }
    },
  };
}
