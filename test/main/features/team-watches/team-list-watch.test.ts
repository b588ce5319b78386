// A team watch on a shared list, checked by the team server on two nodes over one real PostgreSQL,
// against the sandbox whose ESG data moves one epoch at a time: the first check is the baseline;
// after one epoch the next check finds exactly the change log's score moves (at or above the
// threshold), rating moves with their direction, new news and new or changed commitments of the
// list's companies. A company whose refresh fails keeps its previous result, so its changes come
// with the next check: late, never lost.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMembers } from '../../../../src/main/features/members/members';
import { createTeamItems } from '../../../../src/main/features/team-items/items';
import { createTeamWatches, type TeamWatches } from '../../../../src/main/features/team-watches/team-watches';
import type { ApiClient } from '../../../../src/main/platform/api/types';
import { startJobQueue, type JobQueue } from '../../../../src/main/platform/team-db/job-queue';
import { migrate } from '../../../../src/main/platform/team-db/migrate';
import { TEAM_MIGRATIONS } from '../../../../src/main/platform/team-db/migrations';
import type { ManualClock } from '../../../../src/sandbox/clock';
import type { SandboxHandle } from '../../../../src/sandbox/server';
import { AppError } from '../../../../src/shared/errors';
import { postgresMissing, startTempPostgres, type TempPostgres } from '../../../helpers/postgres';
import { realClient } from '../../../helpers/real-client';
import { expectEsgChangesEqualLog } from '../watches/helpers/esg-truth';
import { fastTimers, sandboxOnManualClock } from '../watches/helpers/world';

const sorted = <T>(xs: T[]) => xs.map((x) => JSON.stringify(x)).sort();

describe.skipIf(postgresMissing() !== null)('team list watches on the server', () => {
  let db: TempPostgres;
  let sandbox: SandboxHandle;
  let clock: ManualClock;
  let admin: pg.Pool;
  let ownerId: string;
  /** Companies whose module requests fail while set (a service fault for those only). */
  const failing = new Set<string>();
  const nodes: Array<{ pool: pg.Pool; boss: JobQueue; watches: TeamWatches }> = [];
  const ended = new Map<number, string>();
  const waiters = new Set<() => void>();
  const settled = (checkId: number) =>
    new Promise<string>((resolve) => {
      const done = () => {
        const r = ended.get(checkId);
        if (r !== 'done' && r !== 'failed') return;
        waiters.delete(done);
        resolve(r);
      };
      waiters.add(done);
      done();
    });

  beforeAll(async () => {
    db = await startTempPostgres();
    ({ sandbox, clock } = await sandboxOnManualClock({ rates: { added: 0, removed: 0, field: 0, score: 150, rating: 150, news: 150, commitment: 150 } }));
    const real = realClient(sandbox, sandbox.control.clients.analyst, () => clock.now());
    const api: ApiClient = {
      ...real,
      esgModule: (req, co) => (failing.has(req.companyId) ? Promise.reject(new AppError('server_error', 'The service failed (503).', { retryable: false })) : real.esgModule(req, co)),
    };
    admin = new pg.Pool({ connectionString: db.url, max: 2 });
    await migrate(admin, TEAM_MIGRATIONS);
    ownerId = (await createMembers({ pool: admin }).invite({ name: 'Ada Analyst' })).member.id;
    for (const node of ['node-a', 'node-b']) {
      const pool = new pg.Pool({ connectionString: db.url, max: 4 });
      const boss = await startJobQueue({ databaseUrl: db.url, poolSize: 2 });
      const watches = createTeamWatches({
        pool,
        boss,
        node,
        api,
        rowCap: 100_000,
        timeZone: 'UTC',
        concurrency: 2,
        esgConcurrency: 4,
        timers: fastTimers(() => clock.now()),
        pollingIntervalSeconds: 0.5,
        onCheck: (checkId, result) => {
          ended.set(checkId, result);
          for (const w of [...waiters]) w();
        },
      });
      await watches.start();
      nodes.push({ pool, boss, watches });
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

  const share = async (name: string, companies: Array<{ company_id: string; name: string }>) =>
    (await createTeamItems({ pool: admin }).share({ id: ownerId, role: 'member' } as never, { kind: 'list', name, companies: companies.map((c) => ({ companyId: c.company_id, name: c.name })) })).id;
  const checkNow = async (watchId: string) => {
    const id = await nodes[0]!.watches.checkNow(watchId);
    expect(await settled(id)).toBe('done');
    return (await nodes[1]!.watches.store.check(id))!;
  };

  it('the second check finds exactly the change log of the list companies, each change with its module and a rating’s direction', async () => {
    const members = sandbox.control.esgCompanies('known', 40);
    const itemId = await share('Portfolio A', members);
    const watch = await nodes[0]!.watches.store.create({ name: 'Portfolio A', itemId, ownerId, schedule: { kind: 'hourly' }, scoreThreshold: 1 });
    expect((await nodes[0]!.watches.store.summary(watch.id))!).toMatchObject({ modules: ['news', 'commitments', 'scores'], scoreThreshold: 1 });

    const baseline = await checkNow(watch.id);
    expect(baseline).toMatchObject({ status: 'done', baseline: true, changes: 0, rows: 40 });
    // Each cell: its module request, at least one status poll, its data read.
    expect(baseline.requests).toBeGreaterThanOrEqual(40 * 3 * 3);

    const epoch = sandbox.control.stepEpochs(1).epoch;
    const second = await checkNow(watch.id);
    expect(second).toMatchObject({ status: 'done', baseline: false, rows: 40, error: null });

    const ids = new Set(members.map((c) => c.company_id));
    const log = sandbox.control.changes({ since: epoch - 1, until: epoch }).filter((c) => ids.has(c.company_id));
    const rows = await nodes[1]!.watches.store.changes(watch.id, second.id);
    expect(rows).toHaveLength(second.changes!);
    expectEsgChangesEqualLog(rows, log, new Map(members.map((m) => [m.company_id, m.name])));
    for (const r of rows) expect(r.module).toBe(r.kind === 'news' ? 'news' : r.kind === 'commitment' ? 'commitments' : 'scores');
  });

  it('a company whose refresh fails keeps its previous result: its changes come with the next check, not lost', async () => {
    const members = sandbox.control.esgCompanies('known', 12);
    const watch = await nodes[0]!.watches.store.create({ name: 'Portfolio B', itemId: await share('Portfolio B', members), ownerId, schedule: { kind: 'daily', at: '07:00' }, modules: ['scores'], scoreThreshold: 1 });
    await checkNow(watch.id);
    // A company with a score move in the next epoch fails to refresh in that check.
    const moved = (from: number, to: number) =>
      new Set(sandbox.control.changes({ since: from, until: to }).filter((c) => c.kind === 'score' && members.some((m) => m.company_id === c.company_id)).map((c) => c.company_id));
    let epoch = sandbox.control.stepEpochs(1).epoch;
    while (moved(epoch - 1, epoch).size < 2) epoch = sandbox.control.stepEpochs(1).epoch;
    const victim = [...moved(epoch - 1, epoch)][0]!;
    failing.add(victim);
    const partial = await checkNow(watch.id);
    failing.delete(victim);
    expect(partial).toMatchObject({ status: 'done', failedCells: 1 });
    expect(partial.error).toContain(members.find((m) => m.company_id === victim)!.name);
    const partialRows = await nodes[0]!.watches.store.changes(watch.id, partial.id);
    expect(partialRows.some((r) => r.companyId === victim)).toBe(false);
    expect(partialRows.length).toBeGreaterThan(0);

    // Nothing moves meanwhile for the victim's score: the next check shows the move the failed one missed.
    const next = await checkNow(watch.id);
    expect(next).toMatchObject({ failedCells: 0, error: null });
    const late = (await nodes[0]!.watches.store.changes(watch.id, next.id)).filter((r) => r.companyId === victim && r.kind === 'score');
    const truth = sandbox.control.changes({ since: epoch - 1, until: epoch }).filter((c) => c.kind === 'score' && c.company_id === victim);
    expect(sorted(late.map((r) => [r.field, r.oldValue, r.newValue]))).toEqual(sorted(truth.map((c) => [c.field, c.old, c.new])));
  });

  it('a watch with rules keeps exactly what they allow of what the same check without rules finds (issue 38)', async () => {
    const members = sandbox.control.esgCompanies('known', 30);
    const itemId = await share('Portfolio R', members);
    const plain = await nodes[0]!.watches.store.create({ name: 'Portfolio R', itemId, ownerId, schedule: { kind: 'hourly' }, scoreThreshold: 1 });
    const ruled = await nodes[0]!.watches.store.create({ name: 'Portfolio R ruled', itemId, ownerId, schedule: { kind: 'hourly' }, scoreThreshold: 1, rules: { pillars: { overall: 3 }, ratings: 'downgrades' } });
    await checkNow(plain.id);
    await checkNow(ruled.id);
    sandbox.control.stepEpochs(1);
    const all = await nodes[1]!.watches.store.changes(plain.id, (await checkNow(plain.id)).id);
    // A keyword in some news titles but not all: chosen from what the check without rules found.
    const titles = all.filter((c) => c.kind === 'news').map((c) => String(c.newValue).toLowerCase());
    const keyword = titles.flatMap((t) => t.split(/\W+/)).find((w) => w.length > 3 && titles.some((t) => !t.includes(w)));
    expect(keyword).toBeDefined();
    await nodes[0]!.watches.store.setRules(ruled.id, { pillars: { overall: 3 }, ratings: 'downgrades', newsKeyword: keyword!, commitments: 'status' });
    const kept = await nodes[1]!.watches.store.changes(ruled.id, (await checkNow(ruled.id)).id);

    // Independent truth of the rules over the unfiltered changes.
    const allowed = all.filter((c) => {
      if (c.kind === 'score') return c.field !== 'overall' || Math.abs(Number(c.newValue) - Number(c.oldValue)) >= 3;
      if (c.kind === 'rating') return c.detail === 'downgrade';
      if (c.kind === 'news') return String(c.newValue).toLowerCase().includes(keyword!);
      if (c.kind === 'commitment') return c.field === null || c.field === 'status';
      return true;
    });
    for (const k of ['score', 'rating', 'news']) expect(allowed.filter((c) => c.kind === k).length, k).toBeLessThan(all.filter((c) => c.kind === k).length);
    expect(sorted(kept)).toEqual(sorted(allowed));
  });

  it('modules and a score threshold belong to list watches: a search watch refuses them by field', async () => {
    const search = (await createTeamItems({ pool: admin }).share({ id: ownerId, role: 'member' } as never, { kind: 'search', name: 'All DE', body: { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } }, pageSize: 200 })).id;
    const made = nodes[0]!.watches.store.create({ name: 'All DE', itemId: search, ownerId, schedule: { kind: 'hourly' }, modules: ['news'] });
    await expect(made).rejects.toMatchObject({ code: 'invalid_input', details: { field: 'modules' } });
  });
});
