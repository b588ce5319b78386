// Old checks go, with their changes: finished ones older than the keep period, except each watch's
// latest check and the one its current result came from; a running check and newer ones stay.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMembers } from '../../../../src/main/features/members/members';
import { createTeamItems } from '../../../../src/main/features/team-items/items';
import { pruneOldChecks } from '../../../../src/main/features/team-watches/prune';
import { createWatchStore } from '../../../../src/main/features/team-watches/watch-store';
import { migrate } from '../../../../src/main/platform/team-db/migrate';
import { TEAM_MIGRATIONS } from '../../../../src/main/platform/team-db/migrations';
import { postgresMissing, startTempPostgres, type TempPostgres } from '../../../helpers/postgres';

describe.skipIf(postgresMissing() !== null)('pruning old checks', () => {
  let db: TempPostgres;
  let pool: pg.Pool;
  beforeAll(async () => {
    db = await startTempPostgres();
    pool = new pg.Pool({ connectionString: db.url, max: 2 });
    await migrate(pool, TEAM_MIGRATIONS);
  }, 60_000);
  afterAll(async () => {
    await pool?.end();
    await db?.stop();
  });

  it('removes finished checks past the keep period with their changes, and nothing a watch still needs', async () => {
    const owner = (await createMembers({ pool }).invite({ name: 'Ada' })).member;
    const item = await createTeamItems({ pool }).share({ id: owner.id, role: 'member' } as never, { kind: 'search', name: 'DE', body: { filters: { and: [] } }, pageSize: 200 });
    const store = createWatchStore(pool, 'UTC');
    const a = await store.create({ name: 'A', itemId: item.id, ownerId: owner.id, schedule: { kind: 'hourly' } });
    const b = await store.create({ name: 'B', itemId: item.id, ownerId: owner.id, schedule: { kind: 'hourly' } });
    const check = async (watchId: string, daysAgo: number, status = 'done') =>
      (
        await pool.query<{ id: string }>(
          "insert into team_checks (watch_id, due_at, trigger, status, finished_at) values ($1, now() - make_interval(days => $2), 'schedule', $3, case when $3 = 'running' then null else now() - make_interval(days => $2) end) returning id",
          [watchId, daysAgo, status],
        )
      ).rows[0]!.id;
    const old = await check(a.id, 100);
    const oldWithResult = await check(a.id, 99);
    const running = await check(a.id, 98, 'running');
    const recent = await check(a.id, 10);
    const latestOfB = await check(b.id, 120);
    await pool.query("insert into team_watch_results (watch_id, check_id, records) values ($1, $2, '[]')", [a.id, oldWithResult]);
    for (const id of [old, oldWithResult]) await pool.query("insert into team_changes (check_id, watch_id, kind, company_id) values ($1, $2, 'entered', 'C-1')", [id, a.id]);

    expect(await pruneOldChecks(pool, 90)).toBe(1);
    const left = (await pool.query<{ id: string }>('select id from team_checks order by id')).rows.map((r) => r.id);
    expect(left).toEqual([oldWithResult, running, recent, latestOfB]);
    expect((await pool.query<{ check_id: string }>('select check_id from team_changes')).rows.map((r) => r.check_id)).toEqual([oldWithResult]);
    expect(await pruneOldChecks(pool, 90)).toBe(0);
  });
});
