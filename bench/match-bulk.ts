// Benchmark: bulk match throughput (CSV streaming + request builder + production ApiClient with token,
// retries, zod parsing + per-row state) against a bare concurrent fetch loop sending the same bodies
// with the same concurrency, measured in the same run against the same sandbox. Target >= 0.9x.
// Run: npx tsx bench/match-bulk.ts [--rows 500] [--concurrency 8] [--rounds 12]
// The machine is shared, so rounds are short and interleaved ABBA (bare, bulk, bulk, bare, ...) and
// the ratio is taken from the summed times: load drift then hits both sides alike.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { stringify } from 'csv-stringify/sync';
import { createApiClient } from '../src/main/platform/api/api-client';
import { createRequestLog } from '../src/main/platform/api/request-log';
import { createTransport } from '../src/main/platform/api/transport';
import { TokenManager } from '../src/main/platform/auth/token-manager';
import { BulkJob } from '../src/main/features/match/bulk-job';
import { buildMatchBody } from '../src/shared/match/request-builder';
import { DEFAULT_PATHS } from '../src/shared/profile';
import { SANDBOX_CLIENTS } from '../src/sandbox/clients';
import { generateCompanies } from '../src/sandbox/dataset';

const TARGET = 0.9;
const { values } = parseArgs({ options: { rows: { type: 'string', default: '500' }, concurrency: { type: 'string', default: '8' }, rounds: { type: 'string', default: '12' } } });
const ROWS = Number(values.rows);
const CONC = Number(values.concurrency);
const ROUNDS = Number(values.rounds);
const SEED = 42;
const COMPANIES = 10_000;

// The sandbox runs in its own process, as a remote service would: the client's cost is not hidden in the server's.
const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', '--seed', String(SEED), '--companies', String(COMPANIES)], { stdio: ['ignore', 'pipe', 'inherit'] });
const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
const { auth_url: authUrl, base_url: baseUrl } = JSON.parse(line) as { auth_url: string; base_url: string };

try {
  const analyst = SANDBOX_CLIENTS.analyst;
  const companies = generateCompanies(SEED, COMPANIES).filter((c) => c.website).slice(0, ROWS);
  const csvText = stringify([['name', 'website', 'country'], ...companies.map((c) => [c.name, c.website, c.country])]);
  const bodies = companies.map((c) => {
    const r = buildMatchBody({ name: c.name, website: c.website, country: c.country });
    if (!r.ok) throw new Error('bad fixture');
    return JSON.stringify(r.body);
  });

  const tokenRes = await fetch(`${authUrl}/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${analyst.id}:${analyst.secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&scope=api%3Ause',
  });
  const token = ((await tokenRes.json()) as { access_token: string }).access_token;
  const matchUrl = `${baseUrl}${DEFAULT_PATHS.matchPath}`;

  async function bare(): Promise<number> {
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONC }, async () => {
        while (next < bodies.length) {
          const body = bodies[next++];
          const res = await fetch(matchUrl, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' }, body });
          const json = (await res.json()) as { count: number };
          if (res.status !== 200 || json.count < 1) throw new Error(`bare loop: unexpected answer ${res.status}`);
        }
      }),
    );
    return performance.now() - t0;
  }

  const transport = createTransport({ log: createRequestLog(), now: Date.now });
  const tokens = new TokenManager({ authUrl, clientId: analyst.id, scope: 'api:use', useDiscovery: false, getSecret: async () => analyst.secret, transport });
  const api = createApiClient({ profile: { baseUrl, ...DEFAULT_PATHS }, tokens, transport });
  await tokens.getToken();

  const parsedBodies = bodies.map((b) => JSON.parse(b) as unknown);
  /** Middle reference: the production client alone in the same loop (splits the gap between client and bulk runner). */
  async function clientLoop(): Promise<number> {
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONC }, async () => {
        while (next < parsedBodies.length) await api.match(parsedBodies[next++]);
      }),
    );
    return performance.now() - t0;
  }

  async function bulk(): Promise<number> {
    const job = new BulkJob({
      id: 'bench',
      source: { text: csvText },
      mapping: { name: 'name', website: 'website', country: 'country' },
      concurrency: CONC,
      template: null,
      api: async () => api,
      now: Date.now,
      onProgress: () => {},
    });
    const t0 = performance.now();
    await job.start();
    const ms = performance.now() - t0;
    const v = job.view();
    if (v.matched !== ROWS) throw new Error(`bulk: ${v.matched}/${ROWS} matched (${JSON.stringify(v)})`);
    return ms;
  }

  // Warm-up (JIT, sockets, sandbox match index), then rotate the order every round so load drift on
  // this shared machine hits every side alike; throughput comes from the summed times.
  const sides = { bare, client: clientLoop, bulk } as const;
  type Side = keyof typeof sides;
  const ms: Record<Side, number> = { bare: 0, client: 0, bulk: 0 };
  const cpu: Record<Side, number> = { bare: 0, client: 0, bulk: 0 };
  for (const fn of Object.values(sides)) await fn();
  const names = Object.keys(sides) as Side[];
  for (let r = 0; r < ROUNDS; r++) {
    const order = names.map((_, i) => names[(i + r) % names.length]);
    if (r % 2) order.reverse();
    for (const side of order) {
      const c0 = process.cpuUsage();
      ms[side!] += await sides[side!]();
      const c = process.cpuUsage(c0);
      cpu[side!] += (c.user + c.system) / 1000;
    }
  }
  const rps = (side: Side) => ((ROWS * ROUNDS) / ms[side]) * 1000;
  const cpuPerRow = (side: Side) => ((cpu[side] / ROWS / ROUNDS) * 1000).toFixed(0);
  const ratio = rps('bulk') / rps('bare');
  console.log(`match bulk: ${ROWS} rows x ${ROUNDS} rounds, concurrency ${CONC} (rotated order, summed)`);
  console.log(`  bare fetch loop     : ${rps('bare').toFixed(0)} rows/s, client CPU ${cpuPerRow('bare')} µs/row`);
  console.log(`  ApiClient loop      : ${rps('client').toFixed(0)} rows/s, client CPU ${cpuPerRow('client')} µs/row  (${(rps('client') / rps('bare')).toFixed(2)}x)`);
  console.log(`  bulk match (CSV)    : ${rps('bulk').toFixed(0)} rows/s, client CPU ${cpuPerRow('bulk')} µs/row`);
  console.log(`  ratio bulk / bare   : ${ratio.toFixed(2)}x  (target >= ${TARGET}x) ${ratio >= TARGET ? 'PASS' : 'FAIL'}`);
  process.exitCode = ratio >= TARGET ? 0 : 1;
} finally {
  child.kill('SIGTERM');
  await once(child, 'exit');
}
