// The digest outbox on PostgreSQL, shared by every server node: one digest per (watch, cadence,
// period), one delivery per (subscription, digest), both under unique keys, so enqueueing a period
// twice, from any node, queues nothing new. Times are the database's now(): nodes' clocks never meet.
//
// A delivery's states, and why none is sent twice (issue 37 "nothing sent twice when a node dies
// mid-send"):
//   queued ──claim──▶ claimed ──markSending──▶ sending ──▶ sent
//     ▲                  │ lease ran out:          │       failed (retry at next_attempt_at, or given up)
//     └──────────────────┘ nothing left the node   │ lease ran out: the node died mid-send
//                                                   ▼
//                                              uncertain (shown; sent again only by the member's resend)
// A claim (FOR UPDATE SKIP LOCKED) gives a row to one node with a lease and a fresh claim token.
// Before the first byte leaves, that node moves it to `sending`; the update succeeds only with its
// own token, so a node that paused past its lease (its row handed to another) sends nothing. A node
// that dies in `claimed` sent nothing: the sweep queues the row again. A node that dies in
// `sending` may have delivered (a mail accepted, a webhook posted, the answer lost): webhooks have
// no idempotency key, and an SMTP server does not drop a second copy, so resending would risk a
// duplicate. The sweep marks it `uncertain` instead; the member sees it and may send it again (an
// e-mail then carries the same Message-ID, which many mail systems collapse). The node that claimed
// it may still report the outcome (its token is kept), settling the doubt.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { jitteredDelay } from '../../platform/api/retry';
import { compactContent, type DigestContent } from './content';
import type { Cadence, DigestItem } from './digest-model';
import { clean } from './render-values';
import type { Channel } from './targets';

export type DeliveryState = 'queued' | 'claimed' | 'sending' | 'sent' | 'failed' | 'uncertain' | 'cancelled';

/** What one attempt came to; every reason is already free of secrets (deliver.ts redacts). */
export type SendOutcome =
  | { kind: 'sent' }
  /** Not delivered, may be next time: tried again after a backoff. */
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  /** Not delivered and never will be as it is (a refused webhook, a refused address). */
  | { kind: 'rejected'; reason: string }
  /** May have been delivered: not tried again by itself. */
  | { kind: 'uncertain'; reason: string };

export interface ClaimedDelivery {
  id: string;
  claimToken: string;
  subscriptionId: string;
  watchId: string;
  channel: Channel;
  targetSealed: string;
  memberName: string;
  cadence: Cadence;
  content: DigestContent;
}

/** A delivery as its member sees it: where (a hint), what became of it, and why not. */
export interface DeliveryView {
  id: string;
  watchId: string;
  channel: Channel;
  targetHint: string;
  cadence: Cadence;
  periodKey: string;
  state: DeliveryState;
  attempts: number;
  /** When the next attempt is due (failed, queued); null when none will be made by itself. */
  nextAttemptAt: string | null;
  lastError: string | null;
  sentAt: string | null;
  createdAt: string;
}

export interface RetryRule {
  baseMs: number;
  capMs: number;
  maxAttempts: number;
}

export interface OutboxOptions {
  pool: pg.Pool;
  /** How long a claimed delivery stays this node's before it starts sending (default 60 s). */
  claimLeaseMs?: number;
  /** How long a send may take before the delivery is in doubt: longer than any send's own timeout (default 120 s). */
  sendLeaseMs?: number;
  /** Backoff after a failed attempt: 1 min, 2, 4, ... up to 6 h, 8 attempts in all (about 4 h). */
  retry?: RetryRule;
  random?: () => number;
}

export const DEFAULT_RETRY_RULE: RetryRule = { baseMs: 60_000, capMs: 6 * 3_600_000, maxAttempts: 8 };
export const IN_DOUBT =
  'In doubt: the server stopped while sending it, so it may or may not have arrived. It is not sent again by itself: send it again if it did not arrive.';
const ERROR_CHARS = 500;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

interface ClaimRow {
  id: string;
  claim_token: string;
  subscription_id: string;
  watch_id: string;
  channel: Channel;
  target_sealed: string;
  member_name: string;
  cadence: Cadence;
  content: DigestContent;
}
/** $1 how many, $2 the node, $3 the claim lease (ms). Other nodes skip the rows this one locked. */
const CLAIM = `
  with due as (
    select d.id from digest_deliveries d
    where d.state in ('queued', 'failed') and d.next_attempt_at <= now()
      and exists (select 1 from digest_subscriptions s join members m on m.id = s.member_id where s.id = d.subscription_id and s.unsubscribed_at is null and m.revoked_at is null)
    order by d.next_attempt_at, d.id limit $1
    for update of d skip locked
  ), claimed as (
    update digest_deliveries d set state = 'claimed', claim_token = gen_random_uuid(), lease_owner = $2, lease_until = now() + ($3::double precision * interval '1 millisecond')
    from due where d.id = due.id
    returning d.id, d.claim_token, d.subscription_id, d.digest_id
  )
  select c.id, c.claim_token, s.id as subscription_id, s.watch_id, s.channel, s.target_sealed, m.name as member_name, g.cadence, g.content
  from claimed c join digest_subscriptions s on s.id = c.subscription_id join members m on m.id = s.member_id join digests g on g.id = c.digest_id`;
const toClaimed = (x: ClaimRow): ClaimedDelivery => ({
  id: x.id,
  claimToken: x.claim_token,
  subscriptionId: x.subscription_id,
  watchId: x.watch_id,
  channel: x.channel,
  targetSealed: x.target_sealed,
  memberName: x.member_name,
  cadence: x.cadence,
  content: x.content,
});

interface ViewRow {
  id: string;
  watch_id: string;
  channel: Channel;
  target_hint: string;
  cadence: Cadence;
  period_key: string;
  state: DeliveryState;
  attempts: number;
  next_attempt_at: Date | null;
  last_error: string | null;
  sent_at: Date | null;
  created_at: Date;
}
const VIEW = `
  select d.id, s.watch_id, s.channel, s.target_hint, g.cadence, g.period_key, d.state, d.attempts, d.next_attempt_at, d.last_error, d.sent_at, d.created_at
  from digest_deliveries d join digest_subscriptions s on s.id = d.subscription_id join digests g on g.id = d.digest_id
  where s.member_id = $1 order by d.created_at desc, d.id limit $2`;
const toView = (x: ViewRow): DeliveryView => ({
  id: x.id,
  watchId: x.watch_id,
  channel: x.channel,
  targetHint: x.target_hint,
  cadence: x.cadence,
  periodKey: x.period_key,
  state: x.state,
  attempts: x.attempts,
  nextAttemptAt: x.state === 'queued' || x.state === 'failed' ? iso(x.next_attempt_at) : null,
  lastError: x.last_error,
  sentAt: iso(x.sent_at),
  createdAt: x.created_at.toISOString(),
});

export function createOutbox(o: OutboxOptions) {
  const { pool } = o;
  const claimLease = o.claimLeaseMs ?? 60_000;
  const sendLease = o.sendLeaseMs ?? 120_000;
  const rule = o.retry ?? DEFAULT_RETRY_RULE;
  const random = o.random ?? Math.random;

  /** The wait before attempt `attempts + 1`: exponential, up to 20% shorter at random, never before a Retry-After. */
  const backoff = (attempts: number, retryAfterMs = 0) => Math.max(retryAfterMs, jitteredDelay({ baseMs: rule.baseMs, capMs: rule.capMs, jitter: 0.2, minMs: 0 }, attempts - 1, random()));

  return {
    /** Keeps a period's digest of a watch once and queues it for each active subscription of that cadence; returns how many it queued now. */
    async enqueue(d: {
      watchId: string;
      cadence: Cadence;
      periodKey: string;
      items: readonly DigestItem[];
      /** Only subscriptions made before this (a period's end): a new subscriber is not sent a past day or week. */
      subscribedBefore?: Date;
    }): Promise<{ digestId: string | null; queued: number }> {
      if (!d.items.some((i) => i.changes.length > 0)) return { digestId: null, queued: 0 };
      await pool.query('insert into digests (id, watch_id, cadence, period_key, content) values ($1, $2, $3, $4, $5) on conflict (watch_id, cadence, period_key) do nothing', [
        randomUUID(),
        d.watchId,
        d.cadence,
        d.periodKey,
        JSON.stringify(compactContent(d.items)),
      ]);
      // A statement of its own: it sees the row another node's transaction committed meanwhile.
      const digest = await pool.query<{ id: string }>('select id from digests where watch_id = $1 and cadence = $2 and period_key = $3', [d.watchId, d.cadence, d.periodKey]);
      const digestId = digest.rows[0]!.id;
      const queued = await pool.query(
        `insert into digest_deliveries (id, subscription_id, digest_id, state, next_attempt_at)
         select gen_random_uuid(), s.id, $1, 'queued', now() from digest_subscriptions s join members m on m.id = s.member_id
         where s.watch_id = $2 and s.cadence = $3 and s.unsubscribed_at is null and m.revoked_at is null and ($4::timestamptz is null or s.created_at < $4)
         on conflict (subscription_id, digest_id) do nothing`,
        [digestId, d.watchId, d.cadence, d.subscribedBefore ?? null],
      );
      return { digestId, queued: queued.rowCount ?? 0 };
    },

    /** Up to `limit` due deliveries, each now this node's alone (other nodes skip the locked rows). */
    async claim(nodeId: string, limit: number): Promise<ClaimedDelivery[]> {
      const r = await pool.query<ClaimRow>(CLAIM, [limit, nodeId.slice(0, 200), claimLease]);
      return r.rows.map(toClaimed);
    },

    /** Committed before the first byte leaves; false when the row is no longer this claim's (then nothing may be sent). */
    async markSending(id: string, claimToken: string): Promise<boolean> {
      const r = await pool.query(
        `update digest_deliveries set state = 'sending', attempts = attempts + 1, last_attempt_at = now(), lease_until = now() + ($3::double precision * interval '1 millisecond') where id = $1 and claim_token = $2 and state = 'claimed'`,
        [id, claimToken, sendLease],
      );
      return r.rowCount === 1;
    },

    /** Records an attempt's outcome; false when the claim is no longer valid (a member's resend took the row over). */
    async finish(id: string, claimToken: string, outcome: SendOutcome): Promise<DeliveryState | null> {
      const at = await pool.query<{ attempts: number }>('select attempts from digest_deliveries where id = $1 and claim_token = $2', [id, claimToken]);
      const attempts = at.rows[0]?.attempts;
      if (attempts === undefined) return null;
      const state: DeliveryState = outcome.kind === 'sent' ? 'sent' : outcome.kind === 'uncertain' ? 'uncertain' : 'failed';
      let error = outcome.kind === 'sent' ? null : clean(outcome.reason, ERROR_CHARS);
      let wait: number | null = null;
      if (outcome.kind === 'retry') {
        if (attempts >= rule.maxAttempts) error = clean(`Gave up after ${attempts} attempts. ${outcome.reason}`, ERROR_CHARS);
        else wait = backoff(attempts, outcome.retryAfterMs);
      }
      const r = await pool.query(
        `update digest_deliveries set state = $3, last_error = $4, lease_until = null,
           next_attempt_at = case when $5::double precision is null then null else now() + ($5::double precision * interval '1 millisecond') end,
           sent_at = case when $3 = 'sent' then now() else sent_at end
         where id = $1 and claim_token = $2 and state in ('claimed', 'sending', 'uncertain')`,
        [id, claimToken, state, error, wait],
      );
      return r.rowCount === 1 ? state : null;
    },

    /** Leases that ran out: a claim that sent nothing is queued again; a send that did not finish is in doubt. Ended subscriptions' deliveries are cancelled. */
    async sweep(): Promise<{ requeued: number; uncertain: number; cancelled: number }> {
      const requeued = await pool.query(
        `update digest_deliveries set state = 'queued', claim_token = null, lease_owner = null, lease_until = null where state = 'claimed' and lease_until < now()`,
      );
      const uncertain = await pool.query(`update digest_deliveries set state = 'uncertain', lease_until = null, last_error = $1 where state = 'sending' and lease_until < now()`, [IN_DOUBT]);
      const cancelled = await pool.query(
        `update digest_deliveries d set state = 'cancelled', next_attempt_at = null from digest_subscriptions s join members m on m.id = s.member_id
         where d.subscription_id = s.id and d.state in ('queued', 'failed') and (s.unsubscribed_at is not null or m.revoked_at is not null)`,
      );
      return { requeued: requeued.rowCount ?? 0, uncertain: uncertain.rowCount ?? 0, cancelled: cancelled.rowCount ?? 0 };
    },

    /** A member's deliveries, newest first: what arrived, what failed and why, what is in doubt. */
    async deliveriesOf(memberId: string, limit = 50): Promise<DeliveryView[]> {
      const r = await pool.query<ViewRow>(VIEW, [memberId, limit]);
      return r.rows.map(toView);
    },

    /** The member's choice to send a delivery in doubt, or given up, once more (a duplicate is then theirs to accept). */
    async resend(memberId: string, deliveryId: string): Promise<boolean> {
      const r = await pool.query(
        `update digest_deliveries d set state = 'queued', next_attempt_at = now(), attempts = 0, claim_token = null, lease_owner = null, lease_until = null, last_error = null
         from digest_subscriptions s where s.id = d.subscription_id and s.member_id = $2 and s.unsubscribed_at is null and d.id = $1
           and (d.state = 'uncertain' or (d.state = 'failed' and d.next_attempt_at is null))`,
        [deliveryId, memberId],
      );
      return r.rowCount === 1;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
