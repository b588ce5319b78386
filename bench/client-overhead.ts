// Benchmark: per-request overhead of the Firmscope API client (token lookup, headers, timeout
// wiring, request log, JSON + zod parsing of a 200-result page) against a bare `fetch` + `res.json()`
// of the same sandbox URL with the same token, measured in the same run, interleaved in rounds.
// Target: client / bare <= 1.10x (median per request), warm token.
// Run: npx tsx bench/client-overhead.ts [--rounds 15] [--per-round 40]  (rounds x per-round pairs)
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { createApiClient } from '../src/main/platform/api/api-client';
import { createRequestLog } from '../src/main/platform/api/request-log';
import { createTransport } from '../src/main/platform/api/transport';
import { TokenManager } from '../src/main/platform/auth/token-manager';
import { SANDBOX_CLIENTS } from '../src/sandbox/clients';
import { DEFAULT_PATHS } from '../src/shared/profile';
import type { SearchBody } from '../src/shared/service/schemas';

const TARGET = 1.1;
const { values } = parseArgs({ options: { rounds: { type: 'string', default: '15' }, 'per-round': { type: 'string', default: '40' } } });
const rounds = Number(values.rounds);
const perRound = Number(values['per-round']);
const BODY: SearchBody = { filters: { and: [{ attribute: 'employee_count', relation: 'greater_than', value: 0 }] } };

async function startSandboxProcess(): Promise<{ child: ChildProcess; authUrl: string; baseUrl: string }> {
  // Own process, so the server's work does not share this event loop with the code being measured.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  const { auth_url, base_url } = JSON.parse(line) as { auth_url: string; base_url: string };
  return { child, authUrl: auth_url, baseUrl: base_url };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function main(): Promise<void> {
  const sbx = await startSandboxProcess();
  try {
    const transport = createTransport({ log: createRequestLog() });
    const tokens = new TokenManager({
      authUrl: sbx.authUrl,
      clientId: SANDBOX_CLIENTS.analyst.id,
      scope: 'api:use',
      useDiscovery: false,
      getSecret: async () => SANDBOX_CLIENTS.analyst.secret,
      transport,
    });
    const api = createApiClient({ profile: { baseUrl: sbx.baseUrl, ...DEFAULT_PATHS }, tokens, transport });
    const token = await tokens.getToken(); // warm token for both sides
    const url = `${sbx.baseUrl}${DEFAULT_PATHS.searchPath}?page_size=200`;
    const bodyText = JSON.stringify(BODY);
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': 'application/json' };

    const bare = async () => {
      const res = await fetch(url, { method: 'POST', headers, body: bodyText });
      const json = (await res.json()) as { result: unknown[] };
      if (res.status !== 200 || json.result.length !== 200) throw new Error(`bare fetch got ${res.status}`);
    };
    const client = async () => {
      const page = await api.search({ body: BODY, pageSize: 200 });
      if (page.result.length !== 200) throw new Error('client page is not 200 results');
    };
    // Wall time per request, plus this process's CPU time (the sandbox runs in its own process, so
    // this is the client-side cost alone and is not inflated by other processes' load).
    const cpu = { bare: 0, client: 0 };
    const time = async (fn: () => Promise<void>, into: number[]) => {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await fn();
      into.push(performance.now() - t0);
      const d = process.cpuUsage(c0);
      cpu[fn === bare ? 'bare' : 'client'] += (d.user + d.system) / 1000;
    };

    for (let i = 0; i < 30; i++) await Promise.all([bare(), client()]); // JIT and connection warm-up
    const b: number[] = [];
    const c: number[] = [];
    // Interleaved pair by pair, alternating which side goes first, so load from other processes,
    // GC and server-side caching hit both sides alike.
    for (let i = 0; i < rounds * perRound; i++) {
      if (i % 2 === 0) {
        await time(bare, b);
        await time(client, c);
      } else {
        await time(client, c);
        await time(bare, b);
      }
    }
    const ratioMedian = median(c) / median(b);
    const ratioMean = mean(c) / mean(b);
    const bytes = (await (await fetch(url, { method: 'POST', headers, body: bodyText })).arrayBuffer()).byteLength;
    console.log(`client-overhead: ${b.length} requests per side, 200-result page (${(bytes / 1024).toFixed(0)} KiB), warm token`);
    console.log(`  bare fetch + res.json(): median ${median(b).toFixed(2)} ms, mean ${mean(b).toFixed(2)} ms`);
    console.log(`  Firmscope ApiClient:     median ${median(c).toFixed(2)} ms, mean ${mean(c).toFixed(2)} ms`);
    console.log(`  ratio (median) ${ratioMedian.toFixed(3)}x, ratio (mean) ${ratioMean.toFixed(3)}x; target <= ${TARGET.toFixed(2)}x -> ${ratioMedian <= TARGET ? 'OK' : 'OVER TARGET'}`);
    console.log(
      `  client-process CPU per request: bare ${(cpu.bare / b.length).toFixed(2)} ms, client ${(cpu.client / c.length).toFixed(2)} ms (${(cpu.client / cpu.bare).toFixed(3)}x; excludes server time, so stricter than the wall-time ratio)`,
    );
    console.log(`  token requests during the run: ${tokens.requests}`);
  } finally {
    sbx.child.kill('SIGTERM');
    if (sbx.child.exitCode === null) await once(sbx.child, 'exit');
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
