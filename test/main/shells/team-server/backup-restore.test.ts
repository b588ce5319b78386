// The backup and restore docs/server.md prescribes, done with PostgreSQL's own programs: pg_dump of a
// team database in use (members, a shared list, a watch with a finished check and its changes, the
// job queue's schema), pg_restore into an empty database, and a node started on the copy: nothing
// to migrate, the member's token still signs in (only its hash was stored), the team's items,
// watches, checks and changes are all there, and no secret was in the dump.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamCore, type TeamCore } from '../../../../src/main/shells/compose/create-team-core';
import { TEAM_MIGRATIONS } from '../../../../src/main/platform/team-db/migrations';
import { postgresMissing, postgresTool, startTempPostgres, type TempPostgres } from '../../../helpers/postgres';

const WATCHES = { service: null, timeZone: 'UTC', rowCap: 1000, concurrency: 1, pollingIntervalSeconds: 1 };
const COMPANY = '2f1c6b1e-8d4a-4c1e-9a0b-3e5d7f9a1b2c';

describe.skipIf(postgresMissing() !== null)('backup and restore of a team database', () => {
  let db: TempPostgres;
  let dir: string;
  const cores: TeamCore[] = [];
  beforeAll(async () => {
    db = await startTempPostgres();
    dir = mkdtempSync(join(tmpdir(), 'firmscope-backup-'));
  }, 60_000);
  afterAll(async () => {
    for (const c of cores) await c.close();
    await db?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Runs a PostgreSQL program against the test server; the password goes in the environment, never argv. */
  const tool = (name: string, args: string[]) =>
    execFileSync(postgresTool(name), args, { env: { ...process.env, PGHOST: db.host, PGPORT: String(db.port), PGUSER: db.user, PGPASSWORD: db.password }, stdio: 'pipe' });

  it('pg_dump, pg_restore into an empty database, a node on the copy: everything there, nothing to migrate, the token still works', async () => {
    const core = await createTeamCore({ databaseUrl: db.url, poolSize: 2, watches: WATCHES });
    cores.push(core);
    const { inviteCode } = await core.members.invite({ name: 'Ada Analyst' });
    const { member, token } = await core.members.redeem(inviteCode, '127.0.0.1');
    const actor = { id: member.id, role: member.role } as never;
    const item = await core.items.share(actor, { kind: 'list', name: 'Portfolio A', companies: [{ companyId: COMPANY, name: 'Acme GmbH' }] });
    const watch = await core.watches!.store.create({ name: 'Portfolio A', itemId: item.id, ownerId: member.id, schedule: { kind: 'daily', at: '07:00' }, modules: ['scores'] });
    // A finished check with one change, as a node commits it.
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    const check = (await pool.query<{ id: string }>("insert into team_checks (watch_id, due_at, trigger, status, finished_at, requests, rows, changes, baseline) values ($1, now(), 'manual', 'done', now(), 3, 1, 1, false) returning id", [watch.id])).rows[0]!.id;
    await pool.query("insert into team_changes (check_id, watch_id, kind, company_id, company_name, field, module, old_value, new_value, detail) values ($1, $2, 'rating', $3, 'Acme GmbH', 'rating', 'scores', '\"BBB\"', '\"A\"', 'upgrade')", [check, watch.id, COMPANY]);

    const dump = join(dir, 'firmscope.dump');
    tool('pg_dump', ['--format=custom', '--file', dump, db.database]);
    await pool.query('create database restored');
    await pool.end();
    tool('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', 'restored', dump]);
    // The dump holds the token's hash, never the token or the invite.
    const plain = tool('pg_restore', ['--file', '-', dump]).toString();
    expect(plain).toContain('Portfolio A');
    expect(plain).not.toContain(token.split('_').slice(2).join('_'));
    expect(plain).not.toContain(inviteCode.split('_').slice(2).join('_'));
    expect(readFileSync(dump).includes(Buffer.from(token))).toBe(false);

    const restoredUrl = db.url.replace(/\/[^/]+$/, '/restored');
    const copy = await createTeamCore({ databaseUrl: restoredUrl, poolSize: 2, watches: WATCHES });
    cores.push(copy);
    const copyPool = new pg.Pool({ connectionString: restoredUrl, max: 1 });
    try {
      const versions = (await copyPool.query<{ version: number }>('select version from schema_migrations order by version')).rows.map((r) => r.version);
      expect(versions).toEqual(TEAM_MIGRATIONS.map((m) => m.version));
    } finally {
      await copyPool.end();
    }
    expect(await copy.members.authenticate(token, '127.0.0.1')).toMatchObject({ id: member.id, name: 'Ada Analyst' });
    expect(await copy.items.get(actor, item.id)).toMatchObject({ kind: 'list', name: 'Portfolio A', companies: [{ companyId: COMPANY, name: 'Acme GmbH' }] });
    expect(await copy.watches!.store.summary(watch.id)).toMatchObject({ name: 'Portfolio A', modules: ['scores'], schedule: { kind: 'daily', at: '07:00' }, lastCheck: { status: 'done', changes: 1 } });
    expect(await copy.watches!.store.changes(watch.id, null)).toEqual([{ kind: 'rating', companyId: COMPANY, companyName: 'Acme GmbH', field: 'rating', module: 'scores', oldValue: 'BBB', newValue: 'A', detail: 'upgrade' }]);
  });
});
