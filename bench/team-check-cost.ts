// What one check costs on the team server against the same check in the desktop app (issue 37:
// at most 1.10x, time and requests). Same sandbox (seeded, its data moved one epoch before each
// round, every request answered after --latency ms as a remote service would), same API client, the
// same search of about 1,000 companies and the same list of 100 companies with all three ESG modules:
//  - desktop: the watches feature as the app composes it, with its SQLite workspace (the previous
//    snapshot loaded, the new one stored; the list refreshed through the ESG run engine), from
//    Check now to the check's end;
//  - server: a queued check run by a node (runQueuedCheck: claim with its lease, the check, the
//    result, changes and end committed in one PostgreSQL transaction).
// Each round runs the four checks in turn, the desktop first in odd rounds and the server first in
// even ones. Printed: the median time of each kind on each side, the ratio server / desktop, and
// the requests of each (the changes found must be equal: the same diff on the same data).
// Run: npx tsx bench/team-check-cost.ts [--rounds 5] [--latency 30]
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createMembers } from '../src/main/features/members/members';
import { createTeamItems } from '../src/main/features/team-items/items';
import { runQueuedCheck } from '../src/main/features/team-watches/check-runner';
import { createWatchStore } from '../src/main/features/team-watches/watch-store';
import { migrate } from '../src/main/platform/team-db/migrate';
import { TEAM_MIGRATIONS } from '../src/main/platform/team-db/migrations';
import { ManualClock } from '../src/sandbox/clock';
import { startSandbox } from '../src/sandbox/server';
import { postgresMissing, startTempPostgres } from '../test/helpers/postgres';
import { realClient } from '../test/helpers/real-client';
import { fastTimers, sandboxWorld, tempDataDir } from '../test/main/features/watches/helpers/world';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, latency: { type: 'string', default: '30' } } });
const ROUNDS = Number(values.rounds);
const LATENCY = Number(values.latency);

const missing = postgresMissing();
if (missing) {
  console.log(`bench/team-check-cost.ts skipped: ${missing}`);
  process.exit(0);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const clock = new ManualClock();
const sandbox = await startSandbox({
  clock,
  seed: 42,
  companies: 20_000,
  tokenTtlSeconds: 365 * 86_400,
  esg: { sessionMs: 0, itemsPerSession: 6 },
  evolution: { rates: { added: 20, removed: 20, field: 40, score: 150, rating: 150, news: 150, commitment: 150 } },
  faults: { latencyMs: LATENCY, targets: ['api'] },
});
const db = await startTempPostgres();
const pool = new pg.Pool({ connectionString: db.url, max: 4 });
const w = sandboxWorld(sandbox, clock, { dataDir: tempDataDir() });

try {
  // The country whose search is closest to 1,000 companies.
  const companies = sandbox.control.datasetAt(0).companies;
  const counts = new Map<string, number>();
  for (const c of companies) counts.set(c.country, (counts.get(c.country) ?? 0) + 1);
  const [country, rows] = [...counts].sort((a, b) => Math.abs(a[1] - 1000) - Math.abs(b[1] - 1000))[0]!;
  const body = { filters: { and: [{ attribute: 'country', relation: 'equals', value: country }] } };
  const members = sandbox.control.esgCompanies('known', 100);
  console.log(`search: country ${country}, ${rows} companies; list: 100 companies x 3 ESG modules; ${LATENCY} ms a request; ${ROUNDS} rounds`);

  // Desktop side.
  const saved = w.saveSearch(`Country ${country}`, body);
  const { list } = w.lists.store('sandbox').createList({ name: 'Portfolio', companies: members.map((c) => ({ companyId: c.company_id, name: c.name })) });
  const desktopSearch = await w.call.create({ name: 'Search', target: { kind: 'search', savedSearchId: saved.id } });
  const desktopList = await w.call.create({ name: 'List', target: { kind: 'list', listId: list.id, modules: ['news', 'commitments', 'scores'] } });
  const desktopCheck = async (id: number) => {
    const t0 = performance.now();
    await w.call.checkNow(id);
    const c = await w.settled(id);
    if (c.status !== 'done') throw new Error(`desktop check ${c.status}: ${c.error?.message}`);
    return { ms: performance.now() - t0, requests: c.requests, changes: c.changes };
  };

  // Server side.
  await migrate(pool, TEAM_MIGRATIONS);
  const owner = (await createMembers({ pool }).invite({ name: 'Bench' })).member;
  const items = createTeamItems({ pool });
  const asOwner = { id: owner.id, role: 'member' } as never;
  const searchItem = await items.share(asOwner, { kind: 'search', name: 'Search', body, pageSize: 200 });
  const listItem = await items.share(asOwner, { kind: 'list', name: 'Portfolio', companies: members.map((c) => ({ companyId: c.company_id, name: c.name })) });
  const store = createWatchStore(pool, 'UTC');
  const serverSearch = await store.create({ name: 'Search', itemId: searchItem.id, ownerId: owner.id, schedule: { kind: 'hourly' } });
  const serverList = await store.create({ name: 'List', itemId: listItem.id, ownerId: owner.id, schedule: { kind: 'hourly' }, scoreThreshold: 5 });
  const api = realClient(sandbox, sandbox.control.clients.analyst, () => clock.now());
  const deps = { pool, node: 'bench', api, rowCap: 10_000, timers: fastTimers(() => clock.now()) };
  const serverCheck = async (watchId: string) => {
    const id = (await pool.query<{ id: number }>("insert into team_checks (watch_id, due_at, trigger, status) values ($1, now(), 'manual', 'queued') returning id::int as id", [watchId])).rows[0]!.id;
    const t0 = performance.now();
    const result = await runQueuedCheck(deps, id);
    const ms = performance.now() - t0;
    const c = (await store.check(id))!;
    if (result !== 'done') throw new Error(`server check ${result}: ${c.error}`);
    return { ms, requests: c.requests, changes: c.changes ?? 0 };
  };

  // Baselines (not measured): the first check of each has nothing to compare with.
  await Promise.all([desktopCheck(desktopSearch.id), serverCheck(serverSearch.id)]);
  await desktopCheck(desktopList.id);
  await serverCheck(serverList.id);

  const times = { desktopSearch: [] as number[], serverSearch: [] as number[], desktopList: [] as number[], serverList: [] as number[] };
  const requests = { desktopSearch: 0, serverSearch: 0, desktopList: 0, serverList: 0 };
  for (let round = 1; round <= ROUNDS; round++) {
    sandbox.control.stepEpochs(1);
    const pairs: Array<[keyof typeof times, () => ReturnType<typeof desktopCheck>]> = [
      ['desktopSearch', () => desktopCheck(desktopSearch.id)],
      ['serverSearch', () => serverCheck(serverSearch.id)],
      ['desktopList', () => desktopCheck(desktopList.id)],
      ['serverList', () => serverCheck(serverList.id)],
    ];
    const found: Partial<Record<keyof typeof times, number>> = {};
    for (const i of round % 2 ? [0, 1, 2, 3] : [1, 0, 3, 2]) {
      const [name, run] = pairs[i]!;
      const r = await run();
      times[name].push(r.ms);
      requests[name] += r.requests;
      found[name] = r.changes;
    }
    if (found.desktopSearch !== found.serverSearch || found.desktopList !== found.serverList) throw new Error(`round ${round}: the sides found different changes ${JSON.stringify(found)}`);
    console.log(`round ${round}: search ${found.serverSearch} changes, list ${found.serverList} changes (the same on both sides)`);
  }
  for (const kind of ['Search', 'List'] as const) {
    const d = median(times[`desktop${kind}`]);
    const s = median(times[`server${kind}`]);
    const dr = requests[`desktop${kind}`] / ROUNDS;
    const sr = requests[`server${kind}`] / ROUNDS;
    console.log(`${kind.toLowerCase()} check: desktop ${d.toFixed(0)} ms / ${dr.toFixed(0)} requests; server ${s.toFixed(0)} ms / ${sr.toFixed(0)} requests; server/desktop time ${(s / d).toFixed(2)}x, requests ${(sr / dr).toFixed(2)}x`);
  }
} finally {
  await w.close();
  await pool.end();
  await sandbox.close();
  await db.stop();
}
