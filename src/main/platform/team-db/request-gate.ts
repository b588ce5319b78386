// The team's request gate for one service credential, shared by every server node through
// PostgreSQL (issue 37): a token bucket at the configured rate, the pace learned from 429s (the
// desktop's rules, rate-limiter.ts PACE, mirrored in SQL), a hold every node honours after a 429,
// and the team's daily request budget. All time arithmetic is the database's (request-gate-sql.ts):
// nodes whose clocks disagree still agree. A node sends one caller at a time to the database (a
// local FIFO), so waiters poll once per node, not once each.
import type pg from 'pg';
import { AppError } from '../../../shared/errors';
import { TransportError, type HttpResponse } from '../api/http';
import { DEFAULT_HOLD_MS, PACE, RATE_MARGIN } from '../api/rate-limiter';
import { cancelledError, parseRetryAfter, sleep } from '../api/retry';
import type { Transport } from '../api/transport';
import { ACQUIRE_SQL, INIT_SQL, RATE_LIMITED_SQL, STATS_SQL, type Statement } from './request-gate-sql';

export type PaceRules = { [K in keyof typeof PACE]: number };

export interface RequestGateOptions {
  pool: pg.Pool;
  /** Names the credential (its id or a hash of it), never its secret. */
  key: string;
  /** Requests per second the service allows this credential (used at RATE_MARGIN of it). */
  rate: number;
  /** Requests that may go at once after a quiet spell. */
  burst: number;
  /** Requests a day for the whole team; null = no budget. */
  dailyBudget: number | null;
  /** IANA zone whose midnight starts a new day of the budget (default UTC). */
  timezone?: string;
  /** The desktop's PACE by default; tests shorten it. */
  pace?: Partial<PaceRules>;
}

export interface RequestGateStats {
  key: string;
  rate: number;
  burst: number;
  usedToday: number;
  dailyBudget: number | null;
  timezone: string;
  /** When the day's budget starts again. */
  resetsAt: Date;
  /** The pace learned from 429s (requests per second), or null when the rate governs. */
  learnedRps: number | null;
  /** Until when every node holds back because of a 429, or null; `heldForMs` from the database's now. */
  heldUntil: Date | null;
  heldForMs: number;
  /** 429s reported since the gate was created. */
  limited: number;
}

export interface RequestGate {
  readonly key: string;
  /** Resolves when one request may go; rejects when `signal` aborts or the day's budget is used up. */
  acquire(signal?: AbortSignal): Promise<void>;
  /** The service answered 429: every node holds until then (1 s if unknown); the shared pace is lowered. */
  onRateLimited(retryAfterMs: number | undefined): Promise<void>;
  stats(): Promise<RequestGateStats>;
}

interface AcquireRow {
  outcome: 'go' | 'wait' | 'held' | 'budget';
  wait_ms: number | null;
  daily_budget: number | null;
  time_zone: string;
  resets_at: Date;
  resets_in_ms: number;
}

/** Creates (or reconfigures) the credential's row, then returns its gate. */
export async function createRequestGate(o: RequestGateOptions): Promise<RequestGate> {
  validate(o);
  const pace: PaceRules = { ...PACE, ...o.pace };
  const timezone = o.timezone ?? 'UTC';
  const shared = [o.key, RATE_MARGIN, pace.recoverMs, pace.windowMs];
  const init = () => query(o.pool, INIT_SQL, [o.key, o.rate, o.burst, o.dailyBudget, timezone]);
  await init();
  const turns = fifo();

  /** One atomic attempt; recreates the row if it went missing (deleted by hand). */
  async function attempt(waited: boolean): Promise<AcquireRow> {
    const params = [...shared, pace.increase, pace.probeEveryMs, waited];
    const r = await query<AcquireRow>(o.pool, ACQUIRE_SQL, params);
    if (r.rows[0]) return r.rows[0];
    await init();
    const again = await query<AcquireRow>(o.pool, ACQUIRE_SQL, params);
    if (!again.rows[0]) throw new AppError('internal', `The request gate "${o.key}" has no row in the team database.`);
    return again.rows[0];
  }

  return {
    key: o.key,
    async acquire(signal) {
      const release = await turns(signal);
      try {
        for (let waited = false; ; waited = true) {
          if (signal?.aborted) throw cancelledError();
          const r = await attempt(waited);
          if (r.outcome === 'go') return;
          if (r.outcome === 'budget') throw budgetError(r);
          // The database said how long; the node's timer only counts it down.
          await sleep(Math.ceil(r.wait_ms ?? 0) + 1, signal);
        }
      } finally {
        release();
      }
    },
    async onRateLimited(retryAfterMs) {
      const holdMs = Math.max(0, retryAfterMs ?? DEFAULT_HOLD_MS);
      await query(o.pool, RATE_LIMITED_SQL, [...shared, holdMs, pace.settleMs, pace.minLearnRps, pace.decrease, pace.minRps]);
    },
    async stats() {
      const r = await query<StatsRow>(o.pool, STATS_SQL, shared);
      const s = r.rows[0];
      if (!s) throw new AppError('internal', `The request gate "${o.key}" has no row in the team database.`);
      return {
        key: o.key,
        rate: s.rate,
        burst: s.burst,
        usedToday: s.used,
        dailyBudget: s.daily_budget,
        timezone: s.time_zone,
        resetsAt: s.resets_at,
        learnedRps: s.learned_rps,
        heldUntil: s.held_until,
        heldForMs: s.held_for_ms,
        limited: Number(s.limited),
      };
    },
  };
}

interface StatsRow {
  rate: number;
  burst: number;
  daily_budget: number | null;
  time_zone: string;
  limited: string;
  learned_rps: number | null;
  used: number;
  held_until: Date | null;
  held_for_ms: number;
  resets_at: Date;
}

function validate(o: RequestGateOptions): void {
  if (!o.key || o.key.length > 200) throw new RangeError('A request gate needs a key of 1 to 200 characters.');
  if (!(o.rate > 0) || !Number.isFinite(o.rate)) throw new RangeError('A request gate needs a rate above 0.');
  if (!Number.isInteger(o.burst) || o.burst < 1) throw new RangeError('A request gate needs a whole burst of at least 1.');
  if (o.dailyBudget !== null && (!Number.isInteger(o.dailyBudget) || o.dailyBudget < 0)) throw new RangeError('A daily budget is a whole number of requests, or null.');
}

/**
 * A database that does not answer stops the request (nothing is sent unpaced); the caller may retry.
 * An error the database answered with (a SQLSTATE: an unknown time zone) is passed on as it is.
 */
async function query<R extends pg.QueryResultRow>(pool: pg.Pool, sql: Statement, params: unknown[]): Promise<pg.QueryResult<R>> {
  try {
    // Named: each connection parses and plans a statement once, not on every request.
    return await pool.query<R>({ name: sql.name, text: sql.text, values: params });
  } catch (e) {
    if (/^[0-9A-Z]{5}$/.test(String((e as { code?: unknown }).code))) throw e;
    throw new AppError('network', 'The team database did not answer, so the request to the service was not sent. Try again.', { retryable: true, cause: e });
  }
}

function budgetError(r: AcquireRow): AppError {
  const when = r.resets_at.toISOString().replace(/:00\.000Z$/, ' UTC').replace('T', ' ');
  return new AppError(
    'rate_limited',
    `The team's daily budget of ${r.daily_budget ?? 0} requests to the service is used up; it resets at midnight ${r.time_zone} (${when}), ${inDuration(r.resets_in_ms)}.`,
    // Not retryable: the retry policy waits seconds, the budget comes back at midnight.
    { retryable: false, details: { reason: 'daily_budget', dailyBudget: r.daily_budget ?? 0, resetsAt: r.resets_at.toISOString() } },
  );
}

function inDuration(ms: number): string {
  const min = Math.ceil(ms / 60_000);
  if (min <= 1) return 'in a minute';
  const h = Math.floor(min / 60);
  return h > 0 ? `in ${h} h ${min % 60} min` : `in ${min} min`;
}

/** One caller at a time, in order; a caller that aborts while queued leaves the queue. */
function fifo(): (signal?: AbortSignal) => Promise<() => void> {
  let busy = false;
  const queue: Array<() => void> = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else busy = false;
  };
  const once = () => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      release();
    };
  };
  return async (signal) => {
    if (signal?.aborted) throw cancelledError();
    if (!busy) {
      busy = true;
      return once();
    }
    await new Promise<void>((resolve, reject) => {
      const go = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        queue.splice(queue.indexOf(go), 1);
        reject(cancelledError());
      };
      queue.push(go);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    return once();
  };
}

export interface GatedTransportOptions {
  /** Sends of one request answered 429 before the 429 is handed on (rateLimitedTransport's default). */
  maxRateLimitedSends?: number;
}

/**
 * `inner` with every send through `gate`, as rateLimitedTransport does on the desktop: a 429 holds
 * every node and the request is sent again once the hold is over (the service did not act on it);
 * after `maxRateLimitedSends` the 429 goes to the caller's retry policy. The budget's error and a
 * database that does not answer are thrown as AppErrors; a cancellation as a TransportError.
 */
export function gatedTransport(inner: Transport, gate: RequestGate, opts: GatedTransportOptions = {}): Transport {
  const maxSends = opts.maxRateLimitedSends ?? 6;
  return {
    now: inner.now,
    async send(req, attempt) {
      for (let sends = 1; ; sends++) {
        try {
          await gate.acquire(req.signal);
        } catch (e) {
          if (e instanceof AppError && e.code === 'cancelled') throw new TransportError('cancelled', e.message);
          throw e;
        }
        const res = await inner.send(req, attempt);
        if (res.status !== 429) return res;
        await gate.onRateLimited(retryAfterOf(res, inner.now));
        if (sends >= maxSends) return res;
      }
    },
  };
}

/**
 * A date in Retry-After is read against the answer's own Date header (the service's clock), so a
 * node whose clock is off still holds for as long as the service asked; the node's clock only
 * when the answer has no Date.
 */
export function retryAfterOf(res: HttpResponse, now: () => number): number | undefined {
  const serverNow = Date.parse(res.headers.get('date') ?? '');
  return parseRetryAfter(res.headers.get('retry-after'), Number.isNaN(serverNow) ? now() : serverNow);
}
