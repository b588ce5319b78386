// The team server's migrations on a real PostgreSQL: three nodes starting at once apply each version
// exactly once; a second start applies nothing; an older database is brought up to date; a failing
// migration leaves no trace.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../../src/main/platform/team-db/migrate';
import { TEAM_MIGRATIONS } from '../../../../src/main/platform/team-db/migrations';
import { postgresMissing, startTempPostgres, type TempPostgres } from '../../../helpers/postgres';

describe.skipIf(postgresMissing() !== null)('team database migrations', () => {
  let db: TempPostgres;
  const pools: pg.Pool[] = [];
  const pool = () => {
    const p = new pg.Pool({ connectionString: db.url, max: 2 });
    pools.push(p);
    return p;
  };
  beforeAll(async () => {
    db = await startTempPostgres();
  }, 120_000);
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end()));
    await db?.stop();
  });

  it('applies each version once when three nodes start together, and nothing on the next start', async () => {
    const nodes = [pool(), pool(), pool()];
    const applied = await Promise.all(nodes.map((p) => migrate(p, TEAM_MIGRATIONS)));
    expect(applied.flat().sort()).toEqual(TEAM_MIGRATIONS.map((m) => m.version));
    const rows = await nodes[0]!.query<{ version: number }>('select version from schema_migrations order by version');
    expect(rows.rows.map((r) => r.version)).toEqual(TEAM_MIGRATIONS.map((m) => m.version));
    expect(await migrate(pool(), TEAM_MIGRATIONS)).toEqual([]);
    const tables = await nodes[0]!.query<{ t: string }>("select tablename as t from pg_tables where schemaname = 'public' order by 1");
    expect(tables.rows.map((r) => r.t)).toEqual(['digest_deliveries', 'digest_subscriptions', 'digests', 'member_credentials', 'members', 'request_gates', 'schema_migrations', 'sign_in_failures', 'team_changes', 'team_check_reads', 'team_checks', 'team_items', 'team_watch_results', 'team_watches']);
  });

  it('brings a database made at version 1 up to date, its members kept', async () => {
    // A database of its own in the same server, so the first test's tables are not in the way.
    await pool().query('create database upgraded');
    const p = new pg.Pool({ connectionString: db.url.replace(/\/firmscope$/, '/upgraded'), max: 2 });
    try {
      expect(await migrate(p, TEAM_MIGRATIONS.slice(0, 1))).toEqual([1]);
      await p.query("insert into members (id, name, role, created_at) values ('6f1c6b1e-8d4a-4c1e-9a0b-3e5d7f9a1b2c', 'Ada', 'admin', now())");
      expect(await migrate(p, TEAM_MIGRATIONS)).toEqual(TEAM_MIGRATIONS.slice(1).map((m) => m.version));
      expect((await p.query('select name from members')).rows).toEqual([{ name: 'Ada' }]);
      expect((await p.query('select count(*)::int as n from team_items')).rows).toEqual([{ n: 0 }]);
    } finally {
      await p.end();
    }
  });

  it('rolls a failing migration back whole: neither its table nor its version stays', async () => {
    const p = pool();
    const broken = [...TEAM_MIGRATIONS, { version: 999, name: 'broken', sql: 'create table half_made (id int); select * from no_such_table;' }];
    await expect(migrate(p, broken)).rejects.toThrow(/no_such_table/);
    const half = await p.query("select 1 from pg_tables where tablename = 'half_made'");
    expect(half.rowCount).toBe(0);
    const v = await p.query('select 1 from schema_migrations where version = 999');
    expect(v.rowCount).toBe(0);
  });

  it('refuses a list out of order before touching the database', async () => {
    await expect(migrate(pool(), [{ version: 2, name: 'b', sql: 'select 1' }, { version: 1, name: 'a', sql: 'select 1' }])).rejects.toThrow(/increasing version order/);
  });
});
