// Team watches at scale: three server processes (`npm run server -- serve`) on one PostgreSQL check
// W watches on shared searches of about 1,000 companies each and L watches on shared lists of 100
// companies (their ESG scores: each company's module requested, its processing session polled at
// the status operation, its data read) against the sandbox (in this process, with a per-client rate
// limit, ESG sessions of --session-ms, and its data moved one epoch before each round). In every round but the
// first, one node is killed with SIGKILL once a third of the round's checks are done, and started
// again. Printed per round and in total:
//  - checks done / due (missed = due - done), checks that ended twice (must be 0: the unique check
//    row and the lease make a second end impossible), attempts above one (taken up after a kill);
//  - each check's stored changes against the sandbox's truth for its search or list (lost or
//    doubled = 0; a list's truth: the change log's score and rating moves of its companies);
//  - requests per check against the fewest possible (ceil(rows / 200), the ratio the desktop's own
//    check would have: same page walk, same diff) and the share of requests answered 429;
//  - wall time of the round against a baseline measured in the same run: the same searches walked
//    the desktop's way (its client and limiter at the same rate) by one process with no database,
//    queue or gate (what the service's rate limit allows), and against the floor the rate limit sets
//    for every request of the round (requests / rate); list checks have no desktop floor here
//    (bench/team-check-cost.ts compares one list check with the desktop's), their requests per
//    company are printed instead.
// With --kill-every S, a node is killed with SIGKILL and restarted every S seconds through every
// round instead (the issue's scale run: --watches 500 --lists 500 --kill-every 300).
// Run: npx tsx bench/team-nodes.ts [--watches 300] [--lists 30] [--rounds 3] [--rate 60] [--session-ms 1000] [--kill-every 0]
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { queueDueChecks } from '../src/main/features/team-watches/check-queue';
import { walkPages } from '../src/main/platform/paging/page-walker';
import { startJobQueue } from '../src/main/platform/team-db/job-queue';
import { createTeamCore } from '../src/main/shells/compose/create-team-core';
import { OffsetClock } from '../src/sandbox/clock';
import { compileSearch, parseSearchBody } from '../src/sandbox/search-filters';
import { startSandbox } from '../src/sandbox/server';
import { postgresMissing, startTempPostgres } from '../test/helpers/postgres';
import { createApiClient } from '../src/main/platform/api/api-client';
import { RateLimiter } from '../src/main/platform/api/rate-limiter';
import { createRequestLog } from '../src/main/platform/api/request-log';
import { createTransport } from '../src/main/platform/api/transport';
import { TokenManager } from '../src/main/platform/auth/token-manager';
import { DEFAULT_PATHS } from '../src/shared/profile';

const { values } = parseArgs({
  options: {
    watches: { type: 'string', default: '300' },
    lists: { type: 'string', default: '30' },
    rounds: { type: 'string', default: '3' },
    rate: { type: 'string', default: '60' },
    'session-ms': { type: 'string', default: '1000' },
    'kill-every': { type: 'string', default: '0' },
  },
});
const KILL_EVERY_S = Number(values['kill-every']);
const SEARCH_WATCHES = Number(values.watches);
const LIST_WATCHES = Number(values.lists);
const WATCHES = SEARCH_WATCHES + LIST_WATCHES;
const LIST_SIZE = 100;
const ROUNDS = Number(values.rounds);
const RATE = Number(values.rate);
const NODE_NAMES = ['node-1', 'node-2', 'node-3'];
// Ten searches of roughly 1,000 companies each (countries by employee band), shared by the watches.
const COUNTRIES = ['DE', 'FR', 'GB', 'US', 'IT', 'ES', 'NL', 'SE', 'PL', 'JP'];
const BODIES = COUNTRIES.map((c) => ({ filters: { and: [{ attribute: 'country', relation: 'equals', value: c }] } }));

const missing = postgresMissing();
if (missing) {
  console.log(`bench/team-nodes.ts skipped: ${missing}`);
  process.exit(0);
}

const db = await startTempPostgres();
// Real time (the rate limit refills as it would) plus the epochs this bench steps.
const clock = new OffsetClock();
const sandbox = await startSandbox({
  clock,
  seed: 42,
  rateLimit: { requestsPerSecond: RATE },
  esg: { sessionMs: Number(values['session-ms']), itemsPerSession: 6 },
  evolution: { rates: { added: 20, removed: 20, field: 40, score: 20, rating: 20 } },
});
const client = sandbox.control.clients.analyst;
const dir = mkdtempSync(join(tmpdir(), 'firmscope-bench-nodes-'));
writeFileSync(
  join(dir, 'server.json'),
  JSON.stringify({
    listen: { host: '127.0.0.1', port: 0 },
    service: { authUrl: sandbox.authUrl, baseUrl: sandbox.baseUrl, clientId: client.id, requestsPerSecond: RATE },
    watches: { concurrency: 4, pollingIntervalSeconds: 0.5, leaseSeconds: 10, rowCap: 10_000 },
  }),
);
const core = await createTeamCore({ databaseUrl: db.url, poolSize: 2 });
const admin = new pg.Pool({ connectionString: db.url, max: 2 });
const boss = await startJobQueue({ databaseUrl: db.url, poolSize: 1 });
const nodes = new Map<string, ChildProcess>();

let restarting: Promise<void> = Promise.resolve();
/** SIGKILL, then the node started again as an admin would (its checks are taken up after their lease). */
function killAndRestart(name: string): void {
  restarting = restarting.then(async () => {
    nodes.get(name)!.kill('SIGKILL');
    await startNode(name);
  });
}

function startNode(name: string): Promise<void> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main/shells/team-server/cli.ts', 'serve', '--config', join(dir, 'server.json')], {
    env: { ...process.env, FIRMSCOPE_DATABASE_URL: db.url, FIRMSCOPE_SERVICE_SECRET: client.secret },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  nodes.set(name, proc);
  let log = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (/listening on http/.test(log)) resolve();
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.once('exit', (code, signal) => signal === null && reject(new Error(`${name} exited (${code}):\n${log}`)));
  });
}

const count = async (sql: string, params: unknown[] = []) => (await admin.query<{ n: number }>(sql, params)).rows[0]!.n;
const waitFor = async (ready: () => Promise<boolean>) => {
  while (!(await ready())) await new Promise((r) => setTimeout(r, 200));
};

/** Each list's score and rating moves in the change log between the epochs (threshold 1 point). */
function listTruth(epoch: number, lists: string[][]): number[] {
  const log = sandbox.control.changes({ since: epoch - 1, until: epoch }).filter((c) => c.kind === 'score' || c.kind === 'rating');
  return lists.map((ids) => {
    const of = new Set(ids);
    return log.filter((c) => of.has(c.company_id)).length;
  });
}

/** Companies of each search before and after the epoch: entered + left + changed fields, per body. */
function truth(epoch: number): number[] {
  const before = sandbox.control.datasetAt(epoch - 1).byId;
  const after = sandbox.control.datasetAt(epoch).byId;
  const log = sandbox.control.changes({ since: epoch - 1, until: epoch });
  return BODIES.map((body) => {
    const matches = compileSearch(parseSearchBody(body));
    const inSet = (byId: typeof before, id: string) => {
      const c = byId.get(id);
      return c !== undefined && matches(c);
    };
    const entered = [...after.keys()].filter((id) => inSet(after, id) && !inSet(before, id)).length;
    const left = [...before.keys()].filter((id) => inSet(before, id) && !inSet(after, id)).length;
    const fields = log.filter((c) => c.kind === 'field' && inSet(before, c.company_id) && inSet(after, c.company_id)).length;
    return entered + left + fields;
  });
}

/**
 * The same searches walked by one process the way the desktop app walks them (its API client and
 * its own rate limiter at the same rate), with no database, queue or gate: the floor a round has.
 */
async function baselineMs(): Promise<number> {
  const transport = createTransport({ log: createRequestLog() });
  const tokens = new TokenManager({ authUrl: sandbox.authUrl, clientId: client.id, scope: 'api:use', useDiscovery: false, getSecret: async () => client.secret, transport });
  const api = createApiClient({ profile: { baseUrl: sandbox.baseUrl, ...DEFAULT_PATHS }, tokens, transport, limiter: new RateLimiter({ requestsPerSecond: RATE }) });
  const t0 = performance.now();
  const work = Array.from({ length: SEARCH_WATCHES }, (_, i) => BODIES[i % BODIES.length]!);
  const lanes = 12;
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      for (let i = lane; i < work.length; i += lanes) {
        for await (const page of walkPages(api, { body: work[i]! as never, pageSize: 200, signal: new AbortController().signal })) void page;
      }
    }),
  );
  return performance.now() - t0;
}

try {
  await Promise.all(NODE_NAMES.map(startNode));
  const { member } = await core.members.redeem((await core.members.invite({ name: 'Bench' })).inviteCode, '127.0.0.1');
  const items = [];
  for (const [i, body] of BODIES.entries()) items.push(await core.items.share({ id: member.id, role: 'member' } as never, { kind: 'search', name: `Search ${COUNTRIES[i]}`, body, pageSize: 200 }));
  // Due only when a round says so: the nodes' own minute tick must not start checks during the baseline.
  for (let i = 0; i < SEARCH_WATCHES; i++) {
    await admin.query(`insert into team_watches (id, name, item_id, owner_id, schedule, next_due_at) values (gen_random_uuid(), $1, $2, $3, '{"kind":"hourly"}', now() + interval '1 day')`, [`Watch ${i + 1}`, items[i % items.length]!.id, member.id]);
  }
  // Lists of 100 companies known to the ESG sources, each its own item, overlapping by half (and
  // from the start again past 20,000 companies).
  const known = sandbox.control.esgCompanies('known', Math.min(20_000, (LIST_WATCHES + 1) * (LIST_SIZE / 2)));
  const lists: string[][] = [];
  const listItems: string[] = [];
  for (let i = 0; i < LIST_WATCHES; i++) {
    const start = (i * (LIST_SIZE / 2)) % (known.length - LIST_SIZE + 1);
    const companies = known.slice(start, start + LIST_SIZE);
    lists.push(companies.map((c) => c.company_id));
    const item = await core.items.share({ id: member.id, role: 'member' } as never, { kind: 'list', name: `List ${i + 1}`, companies: companies.map((c) => ({ companyId: c.company_id, name: c.name })) });
    listItems.push(item.id);
    await admin.query(
      `insert into team_watches (id, name, item_id, owner_id, schedule, next_due_at, modules, score_threshold) values (gen_random_uuid(), $1, $2, $3, '{"kind":"hourly"}', now() + interval '1 day', '{scores}', 1)`,
      [`List watch ${i + 1}`, item.id, member.id],
    );
  }
  const now = sandbox.control.datasetAt(sandbox.control.evolution().epoch);
  const rows = BODIES.map((b) => now.companies.filter(compileSearch(parseSearchBody(b))).length);
  console.log(
    `${SEARCH_WATCHES} watches on ${BODIES.length} searches of ${Math.min(...rows)}-${Math.max(...rows)} companies, ${LIST_WATCHES} on lists of ${LIST_SIZE} companies (ESG scores, sessions of ${values['session-ms']} ms); 3 nodes; sandbox rate limit ${RATE}/s`,
  );

  const base = await baselineMs();
  console.log(`baseline (one process walks every search, no database, queue or gate): ${(base / 1000).toFixed(1)} s`);
  let missed = 0;
  let wrong = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    const epoch = round === 1 ? sandbox.control.evolution().epoch : sandbox.control.stepEpochs(1).epoch;
    const before429 = sandbox.control.stats().rateLimited;
    const beforeBy = { ...sandbox.control.stats().apiResponses };
    const beforeApi = Object.values(beforeBy).reduce((a, b) => a + b, 0);
    const first = await count('select coalesce(max(id), 0)::int as n from team_checks');
    const t0 = performance.now();
    await admin.query("update team_watches set next_due_at = now() - interval '1 second'");
    await queueDueChecks(admin, boss, 'UTC');
    // The next slot is a round of this bench, not the next full hour: a real hourly tick in the middle
    // of a round would check the same watches again and split the epoch's changes between two checks.
    await admin.query("update team_watches set next_due_at = now() + interval '1 day'");
    let killed = '';
    // --kill-every: one node killed and restarted every so many seconds for the whole round.
    let kills = 0;
    const killer = KILL_EVERY_S > 0 ? setInterval(() => void killAndRestart(NODE_NAMES[kills++ % NODE_NAMES.length]!), KILL_EVERY_S * 1000) : null;
    if (round > 1 && !killer) {
      await waitFor(async () => (await count("select count(*)::int as n from team_checks where id > $1 and status = 'done'", [first])) >= WATCHES / 3);
      killed = NODE_NAMES[round % NODE_NAMES.length]!;
      nodes.get(killed)!.kill('SIGKILL');
      await startNode(killed);
    }
    // Checks left by the dead node are queued again by the minute tick; this bench ticks itself too.
    await waitFor(async () => {
      await queueDueChecks(admin, boss, 'UTC');
      return (await count("select count(*)::int as n from team_checks where id > $1 and status in ('done', 'failed')", [first])) >= WATCHES;
    });
    if (killer) {
      clearInterval(killer);
      await restarting;
      killed = `${kills} nodes`;
    }
    const ms = performance.now() - t0;
    const done = await count("select count(*)::int as n from team_checks where id > $1 and status = 'done'", [first]);
    const retaken = await count('select count(*)::int as n from team_checks where id > $1 and attempts > 1', [first]);
    const perCheck = await admin.query<{ item: string; changes: number; stored: number; requests: number; rows: number; failed: number | null }>(
      `select w.item_id as item, c.changes, (select count(*)::int from team_changes x where x.check_id = c.id) as stored, c.requests, c.rows, c.failed_cells as failed
         from team_checks c join team_watches w on w.id = c.watch_id where c.id > $1 and c.status = 'done'`,
      [first],
    );
    const expected = round === 1 ? null : truth(epoch);
    const expectedLists = round === 1 ? null : listTruth(epoch, lists);
    let off = 0;
    let requests = 0;
    let fewest = 0;
    let listRequests = 0;
    let failedCells = 0;
    for (const c of perCheck.rows) {
      const listIndex = listItems.indexOf(c.item);
      const want = listIndex >= 0 ? (expectedLists?.[listIndex] ?? 0) : expected ? expected[items.findIndex((i) => i.id === c.item)]! : 0;
      if (c.stored !== c.changes || c.changes !== want) off++;
      failedCells += c.failed ?? 0;
      if (listIndex >= 0) {
        listRequests += c.requests;
        continue;
      }
      requests += c.requests;
      fewest += Math.max(1, Math.ceil(c.rows / 200));
    }
    const stats = sandbox.control.stats();
    const api = Object.values(stats.apiResponses).reduce((a, b) => a + b, 0) - beforeApi;
    const limited = stats.rateLimited - before429;
    const byStatus = Object.entries(stats.apiResponses)
      .map(([k, v]) => [k, v - (beforeBy[k] ?? 0)] as const)
      .filter(([, v]) => v > 0)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ');
    missed += WATCHES - done;
    wrong += off;
    console.log(
      `round ${round}${killed ? ` (${killed} killed with SIGKILL and restarted)` : ''}, ${(ms / 60_000).toFixed(1)} min: ${done}/${WATCHES} checks done, ${WATCHES - done} missed, ${retaken} taken up after a kill, ` +
        `${off} with changes lost or doubled; search requests ${requests} / fewest ${fewest} = ${(requests / fewest).toFixed(2)}x; ` +
        `list requests ${(listRequests / Math.max(1, LIST_WATCHES * LIST_SIZE)).toFixed(2)} per company (fewest 1, when the service's data is fresh), ${failedCells} cells failed; ` +
        `429 ${limited} of ${api} (${((100 * limited) / Math.max(1, api)).toFixed(2)} %; by status ${byStatus}); ${(ms / 1000).toFixed(1)} s = ${(ms / base).toFixed(2)}x the searches' baseline, ${(ms / 1000 / (api / RATE)).toFixed(2)}x the rate limit's floor for its ${api} requests`,
    );
  }
  const twice = await count('select count(*)::int as n from (select watch_id, due_at from team_checks group by 1, 2 having count(*) > 1) d');
  console.log(`total: ${missed} missed, ${twice} slots checked twice, ${wrong} checks with changes lost or doubled`);
  // How much room the team's data takes: the whole database and the largest tables, per 1,000 watches.
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const size = await admin.query<{ name: string; bytes: string }>(
    `select 'database' as name, pg_database_size(current_database())::text as bytes
     union all select c.relname, pg_total_relation_size(c.oid)::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and c.relname like 'team_%' order by 2 desc`,
  );
  const per = 1000 / WATCHES;
  console.log(`database after ${ROUNDS} rounds: ${size.rows.map((r) => `${r.name} ${mb(Number(r.bytes))} (${mb(Number(r.bytes) * per)} per 1,000 watches)`).join('; ')}`);
} finally {
  for (const p of nodes.values()) p.kill('SIGKILL');
  await boss.stop({ graceful: false, wait: true });
  await admin.end();
  await core.close();
  await sandbox.close();
  await db.stop();
  rmSync(dir, { recursive: true, force: true });
}
