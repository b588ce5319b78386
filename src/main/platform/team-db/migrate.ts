// The team server's PostgreSQL schema, versioned: each migration runs once, in its own transaction,
// in order. Several server nodes may start at once on one database: a transaction-scoped advisory
// lock makes the others wait, then find the migration applied and skip it.
import type pg from 'pg';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Any number; the same on every node. "FSCP" in ASCII, so it reads as ours in pg_locks. */
const MIGRATION_LOCK = 0x46534350;

export async function migrate(pool: pg.Pool, migrations: readonly Migration[]): Promise<number[]> {
  const versions = migrations.map((m) => m.version);
  if (versions.some((v, i) => i > 0 && v <= versions[i - 1]!)) throw new Error('Migrations must be listed in increasing version order.');
  await locked(pool, (c) => c.query('create table if not exists schema_migrations (version integer primary key, name text not null, applied_at timestamptz not null default now())'));
  const applied: number[] = [];
  for (const m of migrations) {
    await locked(pool, async (c) => {
      const done = await c.query('select 1 from schema_migrations where version = $1', [m.version]);
      if (done.rowCount !== 0) return;
      await c.query(m.sql);
      await c.query('insert into schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
      applied.push(m.version);
    });
  }
  return applied;
}

/** One transaction holding the migration lock: what it does is all or nothing, and one node at a time. */
async function locked(pool: pg.Pool, work: (c: pg.PoolClient) => Promise<unknown>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await work(client);
    await client.query('commit');
  } catch (e) {
    await client.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}
