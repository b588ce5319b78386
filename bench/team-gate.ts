// What the team's request gate (platform/team-db/request-gate.ts) costs per request: the same GET
// to a local HTTP server (its own process) sent bare and through the gate, by three "nodes" (a
// pg.Pool and a gate object each) on one PostgreSQL (a temporary cluster, test/helpers/postgres.ts),
// sharing one credential key. The gate's rate and burst are set far above what is sent, so what is
// measured is its bookkeeping (one UPDATE ... RETURNING), never a wait for a token.
//  1. Latency: each node sends one request at a time (3 at once in all); rounds alternate bare and
//     gated; medians compared.
//     Also acquire() alone, the same way.
//  2. Throughput: each node runs `callers` at once (the gate sends a node's callers to the database
//     one at a time, and every node takes the same row lock): requests per second, bare vs gated.
// No target yet; the figures are printed.
// Run: npx tsx bench/team-gate.ts [--rounds 10] [--per-round 50] [--callers 8]
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { httpSend, type HttpRequest } from '../src/main/platform/api/http';
import type { Transport } from '../src/main/platform/api/transport';
import { migrate } from '../src/main/platform/team-db/migrate';
import { TEAM_MIGRATIONS } from '../src/main/platform/team-db/migrations';
import { createRequestGate, gatedTransport } from '../src/main/platform/team-db/request-gate';
import { postgresMissing, startTempPostgres } from '../test/helpers/postgres';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '10' }, 'per-round': { type: 'string', default: '50' }, callers: { type: 'string', default: '8' } } });
const rounds = Number(values.rounds);
const perRound = Number(values['per-round']);
const callers = Number(values.callers);
const NODES = 3;

/** A server that answers every GET with a small JSON body, in its own process. */
const SERVER = `
  const http = require('node:http');
  const s = http.createServer((req, res) => { req.resume(); res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'); });
  s.listen(0, '127.0.0.1', () => console.log(s.address().port));`;

async function startServer(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return { child, url: `http://127.0.0.1:${line.trim()}/check` };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? NaN;

async function main(): Promise<void> {
  if (postgresMissing()) return;
  const db = await startTempPostgres();
  const server = await startServer();
  const pools = Array.from({ length: NODES }, () => new pg.Pool({ connectionString: db.url, max: 2 }));
  try {
    await migrate(pools[0]!, TEAM_MIGRATIONS);
    const bare: Transport = { now: Date.now, send: (req) => httpSend(req) };
    const gates = await Promise.all(pools.map((pool) => createRequestGate({ pool, key: 'bench-credential', rate: 1e6, burst: 1_000_000, dailyBudget: null })));
    const nodes = gates.map((g) => ({ bare, gated: gatedTransport(bare, g) }));
    const req: HttpRequest = { method: 'GET', url: server.url, headers: {}, timeoutMs: 10_000 };
    const one = async (t: Transport) => {
      const res = await t.send(req, 1);
      if (res.status !== 200) throw new Error(`got HTTP ${res.status}`);
    };

    // Warm-up: connections, named statements, JIT.
    for (let i = 0; i < 50; i++) await Promise.all(nodes.flatMap((n) => [one(n.bare), one(n.gated)]));

    const lat = { bare: [] as number[], gated: [] as number[] };
    const timed = async (t: Transport, into: number[]) => {
      const t0 = performance.now();
      await one(t);
      into.push(performance.now() - t0);
    };
    for (let r = 0; r < rounds; r++) {
      const order: Array<'bare' | 'gated'> = r % 2 === 0 ? ['bare', 'gated'] : ['gated', 'bare'];
      for (const side of order) {
        await Promise.all(nodes.map(async (n) => {
          for (let i = 0; i < perRound; i++) await timed(n[side], lat[side]);
        }));
      }
    }

    // The gate alone (acquire, nothing sent), to tell its statement from the HTTP around it.
    const acq: number[] = [];
    await Promise.all(gates.map(async (g) => {
      for (let i = 0; i < rounds * perRound; i++) {
        const t0 = performance.now();
        await g.acquire();
        acq.push(performance.now() - t0);
      }
    }));

    const throughput = async (side: 'bare' | 'gated', total: number) => {
      let left = total;
      const t0 = performance.now();
      await Promise.all(nodes.flatMap((n) => Array.from({ length: callers }, async () => {
        while (left-- > 0) await one(n[side]);
      })));
      return total / ((performance.now() - t0) / 1000);
    };
    const total = rounds * perRound * NODES;
    const tput = { bare: [] as number[], gated: [] as number[] };
    for (let r = 0; r < 3; r++) {
      tput.bare.push(await throughput('bare', total));
      tput.gated.push(await throughput('gated', total));
    }

    const mb = median(lat.bare);
    const mg = median(lat.gated);
    console.log(`team-gate: ${NODES} nodes on one PostgreSQL, one credential key, a local server in its own process`);
    console.log(`  latency, 1 request at a time per node (${lat.bare.length} per side):`);
    console.log(`    bare transport:  median ${mb.toFixed(2)} ms, p95 ${p95(lat.bare).toFixed(2)} ms`);
    console.log(`    gated transport: median ${mg.toFixed(2)} ms, p95 ${p95(lat.gated).toFixed(2)} ms`);
    console.log(`    ratio (median) ${(mg / mb).toFixed(2)}x, +${(mg - mb).toFixed(2)} ms per request`);
    console.log(`    acquire() alone, 3 nodes at once: median ${median(acq).toFixed(2)} ms, p95 ${p95(acq).toFixed(2)} ms`);
    const tb = median(tput.bare);
    const tg = median(tput.gated);
    console.log(`  throughput, ${callers} callers per node (${total} requests a run, median of 3 runs):`);
    console.log(`    bare ${tb.toFixed(0)} req/s, gated ${tg.toFixed(0)} req/s (ratio ${(tg / tb).toFixed(2)}x)`);
    const used = (await gates[0]!.stats()).usedToday;
    console.log(`  requests counted by the gate: ${used}`);
  } finally {
    await Promise.all(pools.map((p) => p.end()));
    server.child.kill('SIGTERM');
    if (server.child.exitCode === null) await once(server.child, 'exit');
    await db.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
