// A team database for the digest tests: a real PostgreSQL (test/helpers/postgres.ts) migrated to the
// team schema, a member or two, and the digest modules over it. `node()` opens another pool, as a
// second server node would; `dump()` is every table as text, to look for secrets in.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { createMembers } from '../../../../../src/main/features/members/members';
import { createOutbox, type OutboxOptions } from '../../../../../src/main/features/digests/outbox';
import { digestKeys } from '../../../../../src/main/features/digests/sealed';
import { createSubscriptions } from '../../../../../src/main/features/digests/subscriptions';
import type { WebhookHosts } from '../../../../../src/main/features/digests/targets';
import { migrate } from '../../../../../src/main/platform/team-db/migrate';
import { TEAM_MIGRATIONS } from '../../../../../src/main/platform/team-db/migrations';
import { startTempPostgres, type TempPostgres } from '../../../../helpers/postgres';

export const LOOPBACK_HOOKS: WebhookHosts = { slack: ['127.0.0.1'], teams: ['127.0.0.1'] };
const TABLES = ['members', 'member_credentials', 'team_items', 'team_watches', 'digest_subscriptions', 'digests', 'digest_deliveries'];

export async function startDigestDb() {
  const db: TempPostgres = await startTempPostgres();
  const pools: pg.Pool[] = [];
  const node = (max = 3) => {
    const p = new pg.Pool({ connectionString: db.url, max });
    p.on('error', () => undefined);
    pools.push(p);
    return p;
  };
  const pool = node(4);
  await migrate(pool, TEAM_MIGRATIONS);
  const keys = digestKeys(randomBytes(32));
  const members = createMembers({ pool });
  return {
    db,
    pool,
    node,
    keys,
    members,
    subscriptions: (p: pg.Pool = pool) => createSubscriptions({ pool: p, keys, webhookHosts: LOOPBACK_HOOKS }),
    outbox: (o: Partial<OutboxOptions> = {}, p: pg.Pool = pool) => createOutbox({ pool: p, ...o }),
    async member(name = 'Ada Analyst') {
      return (await members.invite({ name, email: `${name.split(' ')[0]!.toLowerCase()}@example.test` })).member;
    },
    /** A real team watch (digests reference team_watches), with `watch` as its id if given: a search shared by a member of its own, watched hourly. */
    async newWatchId(watch: string = randomUUID()): Promise<string> {
      const owner = (await members.invite({ name: `Owner ${randomUUID().slice(0, 8)}` })).member;
      const item = randomUUID();
      await pool.query(
        "insert into team_items (id, kind, name, owner_id, content, size, version, created_at, updated_at) values ($1, 'search', $2, $3, '{}'::jsonb, 0, 1, now(), now())",
        [item, `Search ${item.slice(0, 8)}`, owner.id],
      );
      await pool.query(`insert into team_watches (id, name, item_id, owner_id, schedule) values ($1, 'Watch', $2, $3, '{"kind":"hourly"}') on conflict (id) do nothing`, [watch, item, owner.id]);
      return watch;
    },
    async clear() {
      await pool.query(`truncate ${TABLES.join(', ')} cascade`);
    },
    /** Every row of every team table, and the database server's log. */
    async dump(): Promise<string> {
      const out: string[] = [];
      for (const t of [...TABLES, 'schema_migrations']) out.push(JSON.stringify((await pool.query(`select * from ${t}`)).rows));
      return `${out.join('\n')}\n${db.log()}`;
    },
    /** As if a node had stood still past its leases: every claim and send lease has run out now (no waiting on a clock). */
    async expireLeases() {
      await pool.query("update digest_deliveries set lease_until = now() - interval '1 second' where lease_until is not null");
    },
    /** As if the time had come: a failed delivery's next attempt is due now. */
    async due(deliveryId?: string) {
      await pool.query(`update digest_deliveries set next_attempt_at = now() where next_attempt_at is not null and ($1::uuid is null or id = $1)`, [deliveryId ?? null]);
    },
    async stop() {
      await Promise.all(pools.map((p) => p.end()));
      await db.stop();
    },
  };
}
export type DigestDb = Awaited<ReturnType<typeof startDigestDb>>;
