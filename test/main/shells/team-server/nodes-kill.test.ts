// Three team server processes (what `npm run server -- serve` runs) on one real PostgreSQL, checking
// 24 team watches against the sandbox. A first round makes the baselines; in the second, after the
// sandbox's data moved, one node is killed with SIGKILL while it runs a check. Every check still
// ends exactly once, the killed node's check is taken up by another node, and every check's
// changes equal the sandbox's own truth: none lost, none doubled.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamCore, type TeamCore } from '../../../../src/main/shells/compose/create-team-core';
import { queueDueChecks } from '../../../../src/main/features/team-watches/check-queue';
import { startJobQueue, type JobQueue } from '../../../../src/main/platform/team-db/job-queue';
import { postgresMissing, startTempPostgres, type TempPostgres } from '../../../helpers/postgres';
import { sandboxOnManualClock } from '../../features/watches/helpers/world';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const WATCHES = 24;
// Five countries: about 900 companies, five pages a check at 500 ms each (a check runs ~2.5 s).
const BODY = { filters: { and: [{ attribute: 'country', relation: 'in', value: ['DE', 'FR', 'GB', 'US', 'IT'] }] } };

interface NodeProc {
  name: string;
  proc: ChildProcess;
  output: () => string;
}

describe.skipIf(postgresMissing() !== null)('three server nodes, one killed mid-check', () => {
  let db: TempPostgres;
  let sandbox: Awaited<ReturnType<typeof sandboxOnManualClock>>['sandbox'];
  let core: TeamCore;
  let boss: JobQueue;
  let admin: pg.Pool;
  let dir: string;
  const nodes: NodeProc[] = [];

  const startNode = async (name: string): Promise<NodeProc> => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main/shells/team-server/cli.ts', 'serve', '--config', join(dir, 'server.json')], {
      cwd: ROOT,
      env: { ...process.env, FIRMSCOPE_DATABASE_URL: db.url, FIRMSCOPE_SERVICE_SECRET: sandbox.control.clients.analyst.secret },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        log += chunk.toString();
        if (/listening on http/.test(log)) resolve();
      };
      proc.stdout!.on('data', onData);
      proc.stderr!.on('data', onData);
      proc.once('exit', (code) => reject(new Error(`${name} exited (${code}) before listening:\n${log}`)));
    });
    const node = { name, proc, output: () => log };
    nodes.push(node);
    return node;
  };

  beforeAll(async () => {
    db = await startTempPostgres();
    ({ sandbox } = await sandboxOnManualClock({ rates: { added: 20, removed: 20, field: 40 } }));
    dir = mkdtempSync(join(tmpdir(), 'firmscope-nodes-'));
    const client = sandbox.control.clients.analyst;
    writeFileSync(
      join(dir, 'server.json'),
      JSON.stringify({
        listen: { host: '127.0.0.1', port: 0 },
        service: { authUrl: sandbox.authUrl, baseUrl: sandbox.baseUrl, clientId: client.id },
        watches: { concurrency: 2, pollingIntervalSeconds: 0.5, leaseSeconds: 5 },
      }),
    );
    // The test's own core makes the members, the item and the watches (the schema comes up here first).
    core = await createTeamCore({ databaseUrl: db.url, poolSize: 2 });
    admin = new pg.Pool({ connectionString: db.url, max: 2 });
    boss = await startJobQueue({ databaseUrl: db.url, poolSize: 1 });
    await Promise.all(['node-1', 'node-2', 'node-3'].map(startNode));
  }, 180_000);
  afterAll(async () => {
    for (const n of nodes) if (n.proc.exitCode === null && n.proc.signalCode === null) n.proc.kill('SIGKILL');
    await boss?.stop({ graceful: false, wait: true });
    await admin?.end();
    await core?.close();
    await sandbox?.close();
    await db?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Waits on the database until `ready` holds (what the nodes say they did), or gives up. */
  const until = async (what: string, ready: () => Promise<boolean>, timeoutMs = 120_000) => {
    const end = Date.now() + timeoutMs;
    while (!(await ready())) {
      if (Date.now() > end) {
        const open = await admin.query("select c.id, c.status, c.node, c.attempts, c.lease_until < now() as expired, (select json_agg(json_build_object('state', j.state, 'retry', j.retry_count)) from firmscope_jobs.job j where j.singleton_key = 'check:' || c.id) as jobs from team_checks c where c.status <> 'done'");
        throw new Error(`gave up waiting: ${what}\n${JSON.stringify(open.rows)}\n${nodes.map((n) => `${n.name}:\n${n.output().slice(-1500)}`).join('\n')}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const count = async (sql: string, params: unknown[] = []) => (await admin.query<{ n: number }>(sql, params)).rows[0]!.n;
  const round = async () => {
    await admin.query("update team_watches set next_due_at = now() - interval '1 second'");
    // What the minute tick does on every node, done by this test now and on two "nodes" at once.
    await Promise.all([queueDueChecks(admin, boss, 'UTC'), queueDueChecks(admin, boss, 'UTC')]);
  };

  it('every check ends once, the killed node’s check is taken up elsewhere, changes equal the truth', async () => {
    const { inviteCode } = await core.members.invite({ name: 'Ada Analyst' });
    const { member } = await core.members.redeem(inviteCode, '127.0.0.5');
    const item = await core.items.share({ id: member.id, role: 'member' } as never, { kind: 'search', name: 'Five countries', body: BODY, pageSize: 200 });
    const store = (await admin.query('select 1')).rowCount; // the schema is up
    expect(store).toBe(1);
    for (let i = 0; i < WATCHES; i++) {
      await admin.query("insert into team_watches (id, name, item_id, owner_id, schedule, next_due_at) values (gen_random_uuid(), $1, $2, $3, '{\"kind\":\"hourly\"}', now())", [`Watch ${i + 1}`, item.id, member.id]);
    }

    // Round 1: the baselines.
    await round();
    expect(await count('select count(*)::int as n from team_checks')).toBe(WATCHES);
    await until('the baselines', async () => (await count("select count(*)::int as n from team_checks where status = 'done'")) === WATCHES);

    // Round 2: the data moved; slow answers so a check is still running when its node dies.
    const epoch = sandbox.control.stepEpochs(1).epoch;
    sandbox.control.setFaults({ latencyMs: 500, targets: ['search'] });
    await round();
    expect(await count('select count(*)::int as n from team_checks')).toBe(2 * WATCHES);
    let victim = '';
    await until('a check running', async () => {
      const r = await admin.query<{ node: string }>("select node from team_checks where status = 'running' limit 1");
      victim = r.rows[0]?.node ?? '';
      return victim !== '';
    });
    // The node's name is host:pid:random: the process with that pid goes.
    const pid = Number(victim.split(':')[1]);
    const killed = nodes.find((n) => n.proc.pid === pid)!;
    expect(killed).toBeDefined();
    const gone = once(killed.proc, 'exit');
    killed.proc.kill('SIGKILL');
    await gone;
    const orphaned = (await admin.query<{ id: number }>("select id::int as id from team_checks where status = 'running' and node = $1", [victim])).rows.map((r) => r.id);
    expect(orphaned.length).toBeGreaterThan(0);
    // Its leases run out; the next tick queues those checks again and a live node takes them.
    await until('the dead node’s leases to run out', async () => (await count("select count(*)::int as n from team_checks where status = 'running' and node = $1 and lease_until < now()", [victim])) === orphaned.length);
    await queueDueChecks(admin, boss, 'UTC');
    await until('every check of round 2', async () => (await count("select count(*)::int as n from team_checks where status = 'done'")) === 2 * WATCHES, 180_000);
    sandbox.control.clearFaults();

    // Exactly once: one done check per watch and round, none failed, the orphans finished elsewhere.
    expect(await count("select count(*)::int as n from team_checks where status <> 'done'")).toBe(0);
    const taken = await admin.query<{ node: string; attempts: number }>('select node, attempts from team_checks where id = any($1)', [orphaned]);
    for (const t of taken.rows) {
      expect(t.node).not.toBe(victim);
      expect(t.attempts).toBe(2);
    }

    // Each check's stored changes: as many as it counted, and equal to the sandbox's truth.
    const before = sandbox.control.datasetAt(epoch - 1).byId;
    const after = sandbox.control.datasetAt(epoch).byId;
    const countries = new Set(BODY.filters.and[0]!.value);
    const inSearch = (byId: typeof before, id: string) => countries.has(byId.get(id)?.country ?? '');
    const entered = [...after.keys()].filter((id) => inSearch(after, id) && !inSearch(before, id)).length;
    const left = [...before.keys()].filter((id) => inSearch(before, id) && !inSearch(after, id)).length;
    const fields = sandbox.control.changes({ since: epoch - 1, until: epoch }).filter((c) => c.kind === 'field' && inSearch(before, c.company_id) && inSearch(after, c.company_id)).length;
    const perCheck = await admin.query<{ changes: number; stored: number; entered: number; left: number; fields: number }>(
      `select c.changes, count(x.id)::int as stored,
              count(x.id) filter (where x.kind = 'entered')::int as entered,
              count(x.id) filter (where x.kind = 'left')::int as left,
              count(x.id) filter (where x.kind = 'field')::int as fields
         from team_checks c left join team_changes x on x.check_id = c.id
        where c.baseline = false group by c.id`,
    );
    expect(perCheck.rows).toHaveLength(WATCHES);
    for (const c of perCheck.rows) expect(c).toEqual({ changes: entered + left + fields, stored: entered + left + fields, entered, left, fields });
    expect(entered + left + fields).toBeGreaterThan(0);
    // The nodes logged their checks; no log line holds the service's secret or the database password.
    const logs = nodes.map((n) => n.output()).join('\n');
    expect(logs).toMatch(/"event":"check"/);
    expect(logs).not.toContain(sandbox.control.clients.analyst.secret);
    expect(logs).not.toContain(db.password);
  }, 300_000);
});
