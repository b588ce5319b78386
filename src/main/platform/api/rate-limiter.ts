// One request budget per profile, shared by every caller of its API client (search, export, match,
// ESG runs and watches), so one busy feature never trips the service's quota for the rest of the app.
// - An optional fixed rate (profile `requestsPerSecond`): a token bucket of `burst` requests (GCRA).
//   A slot is given to a waiter only when it is due, so a request asked for later with a higher
//   priority can still take the next slot.
// - Priority lanes (`RequestPriority`): the next slot goes to the oldest waiter of the highest lane
//   that has one (FIFO within a lane). No starvation: a lane whose oldest waiter has been passed over
//   by `maxPassOver` grants to higher lanes gets the next slot (see pick()).
// - A 429 holds every caller of every lane until its Retry-After has passed (1 s when it says
//   nothing), then the request that got it is sent again here, below the retry policy of the callers.
// - The service's pace is learned (AIMD, like TCP's congestion control): the first 429 sets a pace a
//   little under the rate that drew it; a later one lowers it by a share. After the last 429 the pace
//   climbs back (geometrically), whether or not anyone is waiting, and is back where the overload
//   began within PACE.recoverMs: at the profile's fixed rate (which then governs again), or without
//   one at the pace the overload interrupted. On top of that, while callers wait without a 429 the
//   pace is raised a little every few seconds, to find the service again if it allows more. The fixed
//   rate stays a ceiling. Without a learned pace nothing is paced.
import { TransportError, type HttpRequest, type HttpResponse } from './http';
import { parseRetryAfter, sleep } from './retry';
import type { Transport } from './transport';

/**
 * - `high`: delivers a result that is ready (the data read of an ESG session that completed). Kept
 *   for light traffic: a lane busy with polls would queue the reads again (docs/esg.md, benchmark).
 * - `normal`: the default (searches, exports, matches, ESG status polls, one company's ESG).
 * - `low`: starts bulk background work (an ESG run's new module requests).
 */
export type RequestPriority = 'high' | 'normal' | 'low';
export const PRIORITIES: readonly RequestPriority[] = ['high', 'normal', 'low'];

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

/** Grants to higher lanes a lane's oldest waiter lets pass before it goes next (at least 1). */
export const DEFAULT_MAX_PASS_OVER = 8;

export interface RateLimiterOptions extends RateLimitSettings {
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** See DEFAULT_MAX_PASS_OVER. */
  maxPassOver?: number;
}

export interface RateLimiterStats {
  /** Requests let through. */
  granted: number;
  /** 429 answers seen (each holds the whole profile). */
  limited: number;
  /** The pace learned from 429s (requests per second), or null before the first one. */
  learnedRps: number | null;
  /** Callers waiting for a slot now. */
  waiting: number;
  /** The same per lane. */
  waitingBy: Record<RequestPriority, number>;
  /** Epoch ms until which every caller waits because of a 429 (0 when none). */
  heldUntil: number;
}

/** Hold used when a 429 carries no readable Retry-After. */
export const DEFAULT_HOLD_MS = 1000;

/** How the pace is learned from 429s (see the file comment); exported for tests and the bench. */
export const PACE = {
  /** The rate that drew the first 429 is measured over this window. */
  windowMs: 2000,
  /** First pace: this share of that rate; each later 429 multiplies the pace by it. */
  decrease: 0.9,
  /** 429s closer than this to the last decrease are the same overload (requests already in flight). */
  settleMs: 1500,
  /**
   * After the last 429 the pace is back where the overload began within this long (a burst of 429s
   * must not leave the profile slow for the rest of the hour: issue 36).
   */
  recoverMs: 60_000,
  /** Past that, with no fixed rate: while callers wait and no 429 came for this long, the pace goes up by `increase`. */
  probeEveryMs: 5000,
  increase: 1.03,
  /** Never slower than this. */
  minRps: 0.5,
  /** Below this measured rate a 429 teaches nothing about the pace. */
  minLearnRps: 2,
} as const;

interface Waiter {
  resolve(): void;
}

export class RateLimiter {
  private intervalMs = 0;
  private toleranceMs = 0;
  /** GCRA theoretical arrival time: when the bucket would be full again. */
  private tat = 0;
  private heldUntilMs = 0;
  private readonly counts = { granted: 0, limited: 0 };
  /** Waiters per lane, oldest first; index = position in PRIORITIES. */
  private readonly lanes: Waiter[][] = PRIORITIES.map(() => []);
  /** Grants to higher lanes since each lane's last grant, counted while it had a waiter. */
  private readonly passedOver: number[] = PRIORITIES.map(() => 0);
  private readonly maxPassOver: number;
  /** The loop that hands out slots runs while anyone waits; this wakes it early (rate changed). */
  private dispatching = false;
  private wake: AbortController | null = null;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The profile's fixed rate (a ceiling) and burst; null = none. */
  private ceiling: RateLimitSettings = { requestsPerSecond: null };
  private learnedRps: number | null = null;
  private lastDecreaseAt = -Infinity;
  private lastProbeAt = -Infinity;
  /** The climb after the last 429: from the pace it set, at its time, to the pace the overload interrupted. */
  private ramp: { from: number; to: number; at: number } | null = null;
  /** When recent requests were let through (within PACE.windowMs), to measure the rate that drew a 429. */
  private readonly recent: number[] = [];

  constructor(opts: RateLimiterOptions = { requestsPerSecond: null }) {
    this.now = opts.now ?? Date.now;
    this.sleep = opts.sleep ?? sleep;
    this.maxPassOver = Math.max(1, Math.floor(opts.maxPassOver ?? DEFAULT_MAX_PASS_OVER));
    this.configure(opts);
  }

  /** Change the rate (profile edited); callers already let through are not affected. */
  configure(settings: RateLimitSettings): void {
    const rps = settings.requestsPerSecond ?? 0;
    this.ceiling = rps > 0 && Number.isFinite(rps) ? settings : { requestsPerSecond: null };
    this.apply();
  }

  /** The fixed rate as configured (the learned pace is in stats()). */
  get settings(): { requestsPerSecond: number | null; burst: number } {
    const rps = this.ceiling.requestsPerSecond;
    if (!rps) return { requestsPerSecond: null, burst: 0 };
    return { requestsPerSecond: rps, burst: Math.max(1, Math.floor(this.ceiling.burst ?? Math.ceil(rps) - 1)) };
  }

  /** Paces at the lower of the ceiling and the learned pace; a learned pace goes without bursts. */
  private apply(): void {
    const before = [this.intervalMs, this.toleranceMs];
    const fixed = this.ceiling.requestsPerSecond;
    if (this.learnedRps !== null && (!fixed || this.learnedRps < fixed * RATE_MARGIN)) {
      this.intervalMs = 1000 / this.learnedRps;
      this.toleranceMs = 0;
    } else if (fixed) {
      const burst = Math.max(1, Math.floor(this.ceiling.burst ?? Math.ceil(fixed) - 1));
      this.intervalMs = 1000 / (fixed * RATE_MARGIN);
      this.toleranceMs = this.intervalMs * (burst - 1);
    } else {
      this.intervalMs = 0;
      this.toleranceMs = 0;
    }
    // The next slot's time changed: the dispatcher recomputes it.
    if (this.intervalMs !== before[0] || this.toleranceMs !== before[1]) this.wake?.abort();
  }

  stats(): RateLimiterStats {
    this.recover(this.now());
    const waitingBy = Object.fromEntries(PRIORITIES.map((p, i) => [p, this.lanes[i]?.length ?? 0])) as Record<RequestPriority, number>;
    const waiting = this.lanes.reduce((n, l) => n + l.length, 0);
    return { ...this.counts, learnedRps: this.learnedRps, waiting, waitingBy, heldUntil: this.heldUntilMs > this.now() ? this.heldUntilMs : 0 };
  }

  /** Resolves when this caller may send one request; rejects (AbortError) when `signal` aborts. */
  acquire(signal?: AbortSignal, priority: RequestPriority = 'normal'): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortError());
    const now = this.now();
    this.recover(now);
    // Nobody waits and a slot is free: go at once (no queue to keep in order).
    if (!this.lanes.some((l) => l.length > 0) && this.heldUntilMs <= now && this.dueAt(now) <= now) {
      this.grant(now);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const lane = this.lanes[PRIORITIES.indexOf(priority)];
      if (!lane) {
        reject(new RangeError(`Unknown request priority: ${String(priority)}`));
        return;
      }
      const onAbort = () => {
        const i = lane.indexOf(w);
        if (i >= 0) lane.splice(i, 1);
        reject(abortError());
      };
      const w: Waiter = {
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      lane.push(w);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (!this.dispatching) void this.dispatch();
    });
  }

  /** A 429 answered: nobody (whatever their lane) sends until `retryAfterMs` has passed. */
  hold(retryAfterMs: number | undefined): void {
    this.counts.limited++;
    const now = this.now();
    const until = now + Math.max(0, retryAfterMs ?? DEFAULT_HOLD_MS);
    if (until > this.heldUntilMs) this.heldUntilMs = until;
    this.slowDown(now);
    // The burst credit used before the hold is void: the bucket restarts when the hold ends.
    if (this.intervalMs > 0) this.tat = Math.min(Math.max(this.tat, now), until);
  }

  /** Multiplicative decrease: once per overload, from the rate that drew it (or the pace in force). */
  private slowDown(now: number): void {
    if (now - this.lastDecreaseAt < PACE.settleMs) return;
    const measured = this.recentRate(now);
    // A 429 at a trickle is not our pace (the quota is shared, or it was a blip): hold only.
    const busy = measured >= PACE.minLearnRps;
    if (this.learnedRps === null && !busy) return;
    this.recover(now);
    const base = this.learnedRps === null ? measured : busy ? Math.min(this.learnedRps, measured) : this.learnedRps;
    const pace = Math.max(PACE.minRps, base * PACE.decrease);
    // The first 429 of an overload says where to come back to: a little under the pace it interrupted.
    // Later ones (while still climbing back) lower the pace, not that target: a service that answers
    // 429 for a while whatever we send must not leave the profile slow once it is over.
    const interrupted = this.ramp !== null && now - this.ramp.at < PACE.recoverMs ? this.ramp.to : pace;
    this.ramp = { from: pace, to: Math.max(pace, interrupted), at: now };
    this.learnedRps = pace;
    this.lastDecreaseAt = this.lastProbeAt = now;
    this.apply();
  }

  /**
   * The climb after the last 429, read at `now`: from the pace it set to the profile's fixed rate
   * (or, without one, to the pace the overload interrupted), arriving PACE.recoverMs after it. At
   * the fixed rate the learned pace is dropped: the fixed rate governs.
   */
  private recover(now: number): void {
    const r = this.ramp;
    if (this.learnedRps === null || !r) return;
    const fixed = this.ceiling.requestsPerSecond;
    const to = fixed ? fixed * RATE_MARGIN : r.to;
    const share = Math.min(1, Math.max(0, (now - r.at) / PACE.recoverMs));
    // Geometric, like the decrease: slow just after the 429, so 429s that keep coming (each ×0.9)
    // still push the pace down; the climb is a floor, probing (speedUp) may already be above it.
    this.learnedRps = Math.max(this.learnedRps, r.from * (Math.max(to, r.from) / r.from) ** share);
    if (fixed && (share >= 1 || this.learnedRps >= to)) {
      this.learnedRps = null;
      this.ramp = null;
    }
    this.apply();
  }

  /** On top of the climb: a little more every probeEveryMs while callers are held back by the pace. */
  private speedUp(now: number): void {
    if (this.learnedRps === null || now - this.lastProbeAt < PACE.probeEveryMs) return;
    this.lastProbeAt = now;
    this.learnedRps *= PACE.increase;
    const fixed = this.ceiling.requestsPerSecond;
    // Back at the ceiling: the fixed rate governs again until the next 429.
    if (fixed && this.learnedRps >= fixed * RATE_MARGIN) {
      this.learnedRps = null;
      this.ramp = null;
    }
    this.apply();
  }

  private recentRate(now: number): number {
    while ((this.recent[0] ?? Infinity) <= now - PACE.windowMs) this.recent.shift();
    return (this.recent.length * 1000) / PACE.windowMs;
  }

  /** Hands out slots while anyone waits: each at its due time, to the waiter pick() chooses. */
  private async dispatch(): Promise<void> {
    this.dispatching = true;
    try {
      while (this.lanes.some((l) => l.length > 0)) {
        const now = this.now();
        this.recover(now);
        const at = Math.max(this.heldUntilMs, this.dueAt(now));
        if (at > now) {
          // A hold that arrives meanwhile is seen when this sleep ends (holds only move later).
          this.wake = new AbortController();
          await this.sleep(at - now, this.wake.signal).catch(() => {});
          this.wake = null;
          continue;
        }
        const waiter = this.pick();
        this.grant(now);
        waiter.resolve();
        // Callers are waiting for the learned pace: time to see whether the service allows more.
        this.speedUp(now);
      }
    } finally {
      this.dispatching = false;
    }
  }

  /**
   * The oldest waiter of the highest lane that has one, unless a lower lane's oldest waiter has
   * been passed over `maxPassOver` times: then that lane goes (the highest such lane first). So the
   * oldest waiter of any lane is let through within maxPassOver + (lanes - 1) grants.
   */
  private pick(): Waiter {
    const waiting = this.lanes.map((l) => l.length > 0);
    const starved = waiting.findIndex((w, i) => w && (this.passedOver[i] ?? 0) >= this.maxPassOver);
    const chosen = starved >= 0 ? starved : waiting.indexOf(true);
    for (const [i, passed] of this.passedOver.entries()) {
      if (i === chosen || !waiting[i]) this.passedOver[i] = 0;
      else if (i > chosen) this.passedOver[i] = passed + 1;
    }
    const waiter = this.lanes[chosen]?.shift();
    if (!waiter) throw new Error('pick() found nobody waiting'); // dispatch() calls it only while a lane has a waiter
    return waiter;
  }

  /** When the next request may go (GCRA: the bucket's burst credit allows up to tolerance early). */
  private dueAt(now: number): number {
    if (this.intervalMs === 0) return now;
    return Math.max(now, Math.max(this.tat, now) - this.toleranceMs);
  }

  private grant(now: number): void {
    if (this.intervalMs > 0) this.tat = Math.max(this.tat, now) + this.intervalMs;
    this.counts.granted++;
    this.recent.push(now);
    if (this.recent.length > 4096) this.recentRate(now);
  }
}

function abortError(): Error {
  const e = new Error('Cancelled.');
  e.name = 'AbortError';
  return e;
}

export interface LimitedTransportOptions {
  /** Sends of one request answered 429 before the 429 is handed to the caller. */
  maxRateLimitedSends?: number;
}

/** A transport paced by the profile's limiter; `priority` picks the caller's lane (default normal). */
export interface LimitedTransport extends Transport {
  send(req: HttpRequest, attempt: number, priority?: RequestPriority): Promise<HttpResponse>;
}

/**
 * `inner` with every send paced by `limiter`. A 429 holds the limiter and the request is sent
 * again once the hold is over (a 429 means the service did not act on it, so this is safe for
 * any method); after `maxRateLimitedSends` the 429 goes to the caller's own retry policy.
 */
export function rateLimitedTransport(inner: Transport, limiter: RateLimiter, opts: LimitedTransportOptions = {}): LimitedTransport {
  const maxSends = opts.maxRateLimitedSends ?? 6;
  return {
    now: inner.now,
    async send(req, attempt, priority = 'normal') {
      for (let sends = 1; ; sends++) {
        try {
          await limiter.acquire(req.signal, priority);
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
