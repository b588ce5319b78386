// Per-client request quota, as a gateway in front of a real service enforces one: a token bucket
// per client_id that refills `requestsPerSecond` tokens a second up to `burst`. A request finding
// the bucket empty is answered 429 with `Retry-After` (whole seconds until a token is back, >= 1).
// Off unless configured (`--rate-limit N`, SandboxOptions.rateLimit or the control API).
import type { Clock } from './clock';

export interface RateLimitConfig {
  /** Sustained requests per second per client; null or 0 turns the limit off. */
  requestsPerSecond: number | null;
  /** Bucket size (requests that may arrive at once after a quiet spell); default = one second's worth. */
  burst?: number;
}

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  at: number;
}

export class ClientRateLimits {
  private rate = 0;
  private burst = 0;
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly clock: Clock,
    config?: RateLimitConfig,
  ) {
    if (config) this.set(config);
  }

  set(config: RateLimitConfig): void {
    const rps = config.requestsPerSecond ?? 0;
    if (!Number.isFinite(rps) || rps < 0) throw new RangeError('requestsPerSecond must be a non-negative number');
    this.rate = rps;
    this.burst = rps > 0 ? Math.max(1, config.burst ?? Math.ceil(rps)) : 0;
    this.buckets.clear();
  }

  get current(): Required<RateLimitConfig> {
    return { requestsPerSecond: this.rate > 0 ? this.rate : null, burst: this.burst };
  }

  get active(): boolean {
    return this.rate > 0;
  }

  /** Takes one token from `clientId`'s bucket, or says how long until one is back. */
  take(clientId: string): RateDecision {
    if (this.rate <= 0) return { ok: true };
    const now = this.clock.now();
    let b = this.buckets.get(clientId);
    if (!b) {
      b = { tokens: this.burst, at: now };
      this.buckets.set(clientId, b);
    }
    b.tokens = Math.min(this.burst, b.tokens + (Math.max(0, now - b.at) * this.rate) / 1000);
    b.at = now;
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return { ok: true };
    }
    const waitMs = ((1 - b.tokens) * 1000) / this.rate;
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }
}
