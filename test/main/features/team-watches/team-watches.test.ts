// Team watches on three server nodes (each its own pool, pg-boss and workers) over one real
// PostgreSQL, against the sandbox on a manual clock: every node ticks, each due slot is checked
// once; the changes equal the sandbox's own truth; a node that lost its lease (killed, paused)
// never commits, and its check is run again by another node: nothing lost, nothing doubled.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMembers } from '../../../../src/main/features/members/members';
import { createTeamItems } from '../../../../src/main/features/team-items/items';
import { runQueuedCheck } from '../../../../src/main/features/team-watches/check-runner';
import { LEAVER_LOOKUPS_MAX } from '../../../../src/main/features/watches/leaver-reasons';
import { createTeamWatches, type TeamWatches } from '../../../../src/main/features/team-watches/team-watches';
import type { ApiClient } from '../../../../src/main/platform/api/types';
import { startJobQueue, type JobQueue } from '../../../../src/main/platform/team-db/job-queue';
import { migrate } from '../../../../src/main/platform/team-db/migrate';
import { TEAM_MIGRATIONS } from '../../../../src/main/platform/team-db/migrations';
import type { ManualClock } from '../../../../src/sandbox/clock';
import { postgresMissing, startTempPostgres, type TempPostgres } from '../../../helpers/postgres';
import { realClient } from '../../../helpers/real-client';
import { sandboxOnManualClock } from '../watches/helpers/world';

const DE = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } };

type SandboxServer = Awaited<ReturnType<typeof sandboxOnManualClock>>['sandbox'];

interface Node {
  name: string;
  pool: pg.Pool;
  boss: JobQueue;
  watches: TeamWatches;
}

describe.skipIf(postgresMissing() !== null)('team watches across three nodes', () => {
  let db: TempPostgres;
  let sandbox: SandboxServer;
  let clock: ManualClock;
  let api: ApiClient;
  let admin: pg.Pool;
  const nodes: Node[] = [];
  /** Every check a node ran, in order, with its result: what the tests wait on. */
  const ran: Array<{ node: string; checkId: number; result: string }> = [];
  const waiters: Array<() => void> = [];
  const settled = (checkId: number) =>
    new Promise<void>((resolve) => {
      const done = () => ran.some((r) => r.checkId === checkId && (r.result === 'done' || r.result === 'failed'));
      if (done()) return resolve();
      waiters.push(() => done() && resolve());
    });

  let ownerId: string;
  let itemId: string;
  beforeAll(async () => {
    db = await startTempPostgres();
    ({ sandbox, clock } = await sandboxOnManualClock({ rates: { added: 20, removed: 20, field: 40 } }));
    api = realClient(sandbox, sandbox.control.clients.analyst, () => clock.now());
    admin = new pg.Pool({ connectionString: db.url, max: 2 });
    await migrate(admin, TEAM_MIGRATIONS);
    const { member } = await createMembers({ pool: admin }).invite({ name: 'Ada Analyst' });
    ownerId = member.id;
    itemId = (await createTeamItems({ pool: admin }).share({ id: member.id, role: 'member' } as never, { kind: 'search', name: 'DE companies', body: DE, pageSize: 200 })).id;
    for (const name of ['node-a', 'node-b', 'node-c']) {
      const pool = new pg.Pool({ connectionString: db.url, max: 4 });
      const boss = await startJobQueue({ databaseUrl: db.url, poolSize: 2 });
      const watches = createTeamWatches({
        pool,
        boss,
        node: name,
        api,
        rowCap: 100_000,
        timeZone: 'UTC',
        concurrency: 2,
        pollingIntervalSeconds: 0.5,
        onCheck: (checkId, result) => {
          ran.push({ node: name, checkId, result });
          for (const w of waiters) w();
        },
      });
      await watches.start();
      nodes.push({ name, pool, boss, watches });
    }
  }, 180_000);
  afterAll(async () => {
    for (const n of nodes) {
      await n.boss.stop({ graceful: false, wait: true });
      await n.pool.end();
    }
    await admin?.end();
    await sandbox?.close();
    await db?.stop();
  });

  const makeDue = (watchId: string) => admin.query("update team_watches set next_due_at = now() - interval '1 second' where id = $1", [watchId]);
  const tickEverywhere = () => Promise.all(nodes.map((n) => n.watches.tick()));
  const checksOf = async (watchId: string) => (await admin.query<{ id: number; status: string }>('select id::int as id, status from team_checks where watch_id = $1 order by id', [watchId])).rows;

  it('every node ticks, one check per due slot; the second check finds what the sandbox changed', async () => {
    const watch = await nodes[0]!.watches.store.create({ name: 'DE companies', itemId, ownerId, schedule: { kind: 'hourly' } });
    expect(watch.nextDueAt).not.toBeNull();
    await makeDue(watch.id);
    await tickEverywhere();
    const [first] = await checksOf(watch.id);
    expect(await checksOf(watch.id)).toHaveLength(1);
    await settled(first!.id);
    const rows = sandbox.control.datasetAt(0).companies.filter((c) => c.country === 'DE').length;
    expect(await nodes[1]!.watches.store.check(first!.id)).toMatchObject({ status: 'done', baseline: true, changes: 0, rows, requests: Math.ceil(rows / 200) });

    const epoch = sandbox.control.stepEpochs(1).epoch;
    await makeDue(watch.id);
    await tickEverywhere();
    await tickEverywhere();
    const checks = await checksOf(watch.id);
    expect(checks).toHaveLength(2);
    await settled(checks[1]!.id);
    expect(ran.filter((r) => r.result === 'done' && checks.some((c) => c.id === r.checkId))).toHaveLength(2);

    const before = sandbox.control.datasetAt(epoch - 1).byId;
    const after = sandbox.control.datasetAt(epoch).byId;
    const inSearch = (byId: typeof before, id: string) => byId.get(id)?.country === 'DE';
    const entered = [...after.keys()].filter((id) => inSearch(after, id) && !inSearch(before, id)).sort();
    const left = [...before.keys()].filter((id) => inSearch(before, id) && !inSearch(after, id)).sort();
    const fields = sandbox.control
      .changes({ since: epoch - 1, until: epoch })
      .filter((c) => c.kind === 'field' && inSearch(before, c.company_id) && inSearch(after, c.company_id))
      .map((c) => `${c.company_id} ${c.field}`)
      .sort();
    const found = (await admin.query<{ kind: string; company_id: string; field: string | null }>('select kind, company_id, field from team_changes where check_id = $1', [checks[1]!.id])).rows;
    expect(found.filter((c) => c.kind === 'entered').map((c) => c.company_id).sort()).toEqual(entered);
    expect(found.filter((c) => c.kind === 'left').map((c) => c.company_id).sort()).toEqual(left);
    expect(found.filter((c) => c.kind === 'field').map((c) => `${c.company_id} ${c.field}`).sort()).toEqual(fields);
    for (const n of [entered.length, left.length, fields.length]) expect(n).toBeGreaterThan(0);
  });

  it('a watch with rules keeps exactly the changes its rules allow, and each company that left says why (issue 38)', async () => {
    const rules = { fields: [{ kind: 'percent' as const, field: 'employee_count', min: 10 }, { kind: 'ignore' as const, field: 'phone' }] };
    const watch = await nodes[0]!.watches.store.create({ name: 'DE ruled', itemId, ownerId, schedule: { kind: 'hourly' }, rules });
    expect(await nodes[1]!.watches.store.summary(watch.id)).toMatchObject({ rules });
    await settled(await nodes[0]!.watches.checkNow(watch.id));
    const epoch = sandbox.control.stepEpochs(1).epoch;
    const checkId = await nodes[1]!.watches.checkNow(watch.id);
    await settled(checkId);

    const before = sandbox.control.datasetAt(epoch - 1).byId;
    const after = sandbox.control.datasetAt(epoch).byId;
    const inSearch = (byId: typeof before, id: string) => byId.get(id)?.country === 'DE';
    const left = [...before.keys()].filter((id) => inSearch(before, id) && !inSearch(after, id)).sort();
    const log = sandbox.control.changes({ since: epoch - 1, until: epoch }).filter((c) => c.kind === 'field' && inSearch(before, c.company_id) && inSearch(after, c.company_id));
    // Independent truth of the rules: employees by 10 % or more, phone never, any other field always.
    const allowed = log.filter((c) => (c.field === 'employee_count' ? Math.abs(Number(c.new) - Number(c.old)) * 10 >= Math.abs(Number(c.old)) : c.field !== 'phone'));
    expect(log.some((c) => c.field === 'phone') && log.some((c) => c.field === 'employee_count')).toBe(true);
    expect(allowed.length).toBeLessThan(log.length);

    const found = await nodes[2]!.watches.store.changes(watch.id, checkId);
    expect(found.filter((c) => c.kind === 'field').map((c) => `${c.companyId} ${c.field}`).sort()).toEqual(allowed.map((c) => `${c.company_id} ${c.field}`).sort());
    expect(found.filter((c) => c.kind === 'left').map((c) => c.companyId).sort()).toEqual(left);
    // Each reason as the sandbox's data has it now: removed, or no longer in DE (and the condition).
    for (const c of found.filter((x) => x.kind === 'left')) {
      const now = after.get(c.companyId);
      expect(c.detail).toBe(now ? `No longer matches: Country “${now.country}” (condition: Country equals “DE”).` : 'No longer in the service’s data.');
    }
    expect(left.some((id) => !after.has(id))).toBe(true);
    // The check's requests: its pages and one lookup per leaver (at most LEAVER_LOOKUPS_MAX).
    const rows = [...after.values()].filter((c) => c.country === 'DE').length;
    expect(await nodes[0]!.watches.store.check(checkId)).toMatchObject({ status: 'done', rows, changes: found.length, requests: Math.ceil(rows / 200) + Math.min(left.length, LEAVER_LOOKUPS_MAX) });

    // Rules change with the watch; a list's rules do not fit a search watch, and nothing is stored then.
    await nodes[0]!.watches.store.setRules(watch.id, null);
    expect((await nodes[0]!.watches.store.summary(watch.id))!.rules).toBeNull();
    await expect(nodes[0]!.watches.store.setRules(watch.id, { ratings: 'downgrades' })).rejects.toMatchObject({ code: 'invalid_input', details: { field: 'rules.ratings' } });
    expect((await nodes[0]!.watches.store.summary(watch.id))!.rules).toBeNull();
  });

  it('a node that lost its lease mid-check never commits; another node runs the check once', async () => {
    const watch = await nodes[0]!.watches.store.create({ name: 'DE again', itemId, ownerId, schedule: { kind: 'hourly' } });
    // The baseline first, so the stalled check has something to compare with.
    await settled(await nodes[0]!.watches.checkNow(watch.id));
    sandbox.control.stepEpochs(1);

    // A node that pauses in the middle of its search (a stalled VM, a killed process) ...
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inSearch = new Promise<void>((r) => (entered = r));
    const stalled: ApiClient = { ...api, search: async (req, co) => (entered(), await gate, api.search(req, co)) };
    const id = (await admin.query<{ id: number }>("insert into team_checks (watch_id, due_at, trigger, status) values ($1, now(), 'manual', 'queued') returning id::int as id", [watch.id])).rows[0]!.id;
    const paused = runQueuedCheck({ pool: admin, node: 'node-paused', api: stalled, rowCap: 100_000, leaseSeconds: 30 }, id);
    await inSearch;
    // ... whose lease runs out while it stands still: the next tick queues the check again.
    await admin.query("update team_checks set lease_until = now() - interval '1 second' where id = $1", [id]);
    await tickEverywhere();
    await settled(id);
    release();
    expect(await paused).toBe('lost_lease');

    const check = (await admin.query<{ status: string; node: string; attempts: number; changes: number }>('select status, node, attempts, changes from team_checks where id = $1', [id])).rows[0]!;
    expect(check).toMatchObject({ status: 'done', attempts: 2 });
    expect(nodes.map((n) => n.name)).toContain(check.node);
    const stored = await admin.query<{ n: number }>('select count(*)::int as n from team_changes where check_id = $1', [id]);
    expect(stored.rows[0]!.n).toBe(check.changes);
    expect(check.changes).toBeGreaterThan(0);
  });
});
