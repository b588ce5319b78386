// Who gets which watch's digests, how often and where: one active subscription per member, watch
// and channel (subscribing again changes its cadence or target). The target is sealed in the table
// and never returned: a member sees a hint (targets.ts). The unsubscribe token is made from the
// row id with the digest key (sealed.ts): a link works without a login, and only its hash is kept.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { AppError } from '../../../shared/errors';
import type { Cadence } from './digest-model';
import { tokenHash, type DigestKeys } from './sealed';
import { targetHint, targetProblem, type Channel, type WebhookHosts } from './targets';
import { withTransaction } from '../../platform/team-db/transaction';

export const CADENCES: readonly Cadence[] = ['immediate', 'daily', 'weekly'];

export interface SubscriptionView {
  id: string;
  watchId: string;
  cadence: Cadence;
  channel: Channel;
  /** "ada@example.com", "hooks.slack.com/…/x9Qz": never a webhook URL in full. */
  targetHint: string;
  createdAt: string;
}

export interface SubscriptionsOptions {
  pool: pg.Pool;
  keys: DigestKeys;
  /** Hosts webhooks may post to (default: Slack's and Teams'). */
  webhookHosts?: WebhookHosts;
}

interface Row {
  id: string;
  watch_id: string;
  cadence: Cadence;
  channel: Channel;
  target_hint: string;
  created_at: Date;
}
const toView = (r: Row): SubscriptionView => ({ id: r.id, watchId: r.watch_id, cadence: r.cadence, channel: r.channel, targetHint: r.target_hint, createdAt: r.created_at.toISOString() });
const COLUMNS = 'id, watch_id, cadence, channel, target_hint, created_at';
/** A queued or retrying delivery of an ended subscription is not sent. */
const CANCEL = `update digest_deliveries set state = 'cancelled', next_attempt_at = null where subscription_id = $1 and state in ('queued', 'failed')`;

export function createSubscriptions(o: SubscriptionsOptions) {
  const { pool, keys } = o;

  const inTransaction = <T>(work: (c: pg.PoolClient) => Promise<T>): Promise<T> => withTransaction(pool, work);

  /** Updates the active subscription of (member, watch, channel), or adds one; one statement each, in one transaction. */
  async function upsert(s: { memberId: string; watchId: string; cadence: Cadence; channel: Channel; target: string }): Promise<Row> {
    return inTransaction(async (c) => {
      const found = await c.query<{ id: string }>(
        'select id from digest_subscriptions where member_id = $1 and watch_id = $2 and channel = $3 and unsubscribed_at is null for update',
        [s.memberId, s.watchId, s.channel],
      );
      const id = found.rows[0]?.id ?? randomUUID();
      const sealed = keys.seal(s.target, id);
      const hint = targetHint(s.channel, s.target);
      const r = found.rows[0]
        ? await c.query<Row>(`update digest_subscriptions set cadence = $2, target_sealed = $3, target_hint = $4 where id = $1 returning ${COLUMNS}`, [id, s.cadence, sealed, hint])
        : await c.query<Row>(
            `insert into digest_subscriptions (id, member_id, watch_id, cadence, channel, target_sealed, target_hint, unsubscribe_hash) values ($1, $2, $3, $4, $5, $6, $7, $8) returning ${COLUMNS}`,
            [id, s.memberId, s.watchId, s.cadence, s.channel, sealed, hint, tokenHash(keys.unsubscribeToken(id))],
          );
      return r.rows[0]!;
    });
  }

  return {
    /** Subscribes a member to a watch's digests (or changes the cadence or target of their subscription on that channel). */
    async subscribe(s: { memberId: string; watchId: string; cadence: Cadence; channel: Channel; target: string }): Promise<SubscriptionView> {
      if (!CADENCES.includes(s.cadence)) throw new AppError('invalid_input', 'Choose immediately, daily or weekly.');
      const target = s.target.trim();
      const problem = targetProblem(s.channel, target, o.webhookHosts);
      if (problem) throw new AppError('invalid_input', problem);
      for (let attempt = 1; ; attempt++) {
        try {
          return toView(await upsert({ ...s, target }));
        } catch (e) {
          // Two subscribes at once both found none: the second insert hits the unique index; once more finds it.
          if (attempt < 3 && (e as { code?: string }).code === '23505') continue;
          throw e;
        }
      }
    },

    async list(memberId: string): Promise<SubscriptionView[]> {
      const r = await pool.query<Row>(`select ${COLUMNS} from digest_subscriptions where member_id = $1 and unsubscribed_at is null order by created_at, id`, [memberId]);
      return r.rows.map(toView);
    },

    /** Ends the subscription an unsubscribe link names (no login: the token is the proof); null when none is active. */
    async unsubscribe(token: string): Promise<SubscriptionView | null> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
      return inTransaction(async (c) => {
        const r = await c.query<Row>(`update digest_subscriptions set unsubscribed_at = now() where unsubscribe_hash = $1 and unsubscribed_at is null returning ${COLUMNS}`, [tokenHash(token)]);
        const row = r.rows[0];
        if (row) await c.query(CANCEL, [row.id]);
        return row ? toView(row) : null;
      });
    },

    /** Ends one of the member's own subscriptions (from the app). */
    async remove(memberId: string, subscriptionId: string): Promise<boolean> {
      return inTransaction(async (c) => {
        const r = await c.query('update digest_subscriptions set unsubscribed_at = now() where id = $1 and member_id = $2 and unsubscribed_at is null', [subscriptionId, memberId]);
        if (r.rowCount) await c.query(CANCEL, [subscriptionId]);
        return r.rowCount === 1;
      });
    },

    /** The unsubscribe link of a subscription, for its digests. */
    unsubscribeUrl: (base: string, subscriptionId: string): string => `${base}${base.includes('?') ? '&' : '?'}token=${keys.unsubscribeToken(subscriptionId)}`,
  };
}

export type Subscriptions = ReturnType<typeof createSubscriptions>;
