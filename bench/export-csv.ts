// All-pages CSV export vs a bare sequential fetch loop of the same pages (fetch, parse through the
// same client, nothing else), in the same run; the loop is the floor, since each page needs the
// previous token. With 2 ms and 20 ms added per page (a LAN and a network round trip):
//   - wall time, export / loop: target <= 1.10x;
//   - client CPU per page (this process only; the sandbox runs in a child), export / loop: target <= 1.5x.
// The zero-latency line (loopback, CPU-bound) is information, with no target. Then peak RSS growth
// of a 100,000-row CSV export (target < 64 MB). See docs/export.md.
// Run: npx tsx bench/export-csv.ts
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createExportFeature } from '../src/main/features/export/feature';
import type { ApiClient } from '../src/main/platform/api/types';
import { harness } from '../test/main/features/export/helpers/harness';
import { BODY, PAGE_SIZE, bareLoop, startPagedSandbox } from './helpers/paged-sandbox';

// A zero-latency round lasts ~60 ms, so scheduler noise on a small machine is large against it:
// more rounds there (they are cheap); 5 where the added latency dominates.
const roundsFor = (latencyMs: number) => (latencyMs === 0 ? 15 : 5);

/** One export feature per server, as in the app. */
function exporter(api: ApiClient, dir: string) {
  const h = harness(api, join(dir, 'data'));
  const feature = createExportFeature(h.deps);
  let tick: (() => void) | null = null;
  h.onProgress(() => tick?.());
  return {
    async run(name: string, columns: string[] | null, onTick?: () => void) {
      h.paths.push(join(dir, name));
      tick = onTick ?? null;
      const job = await feature.handlers.start({ source: { kind: 'all', body: BODY, pageSize: PAGE_SIZE }, format: 'csv', columns }, { signal: new AbortController().signal });
      const final = await h.finished(job!.id);
      if (final.state !== 'done') throw new Error(`export ${final.state}: ${final.error?.message}`);
      return final.rows;
    },
    close: () => feature.dispose?.(),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
/** Wall time and this process's CPU time (user + system), in ms. */
const time = async (fn: () => Promise<unknown>) => {
  const cpu = process.cpuUsage();
  const t = performance.now();
  await fn();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - t, cpu: (used.user + used.system) / 1000 };
};

async function speed(dir: string, latencyMs: number) {
  const { child, api } = await startPagedSandbox(10_000, latencyMs);
  const exp = exporter(api, dir);
  try {
    await bareLoop(api); // warm-up: token, JIT, sandbox result cache
    await exp.run('warm.csv', null);
    const loop: Array<{ wall: number; cpu: number }> = [];
    const all: Array<{ wall: number; cpu: number }> = [];
    const visible: Array<{ wall: number; cpu: number }> = [];
    const cols = ['company_id', 'name', 'country', 'address.city', 'employee_count', 'revenue', 'tags'];
    const rounds = roundsFor(latencyMs);
    for (let i = 0; i < rounds; i++) {
      loop.push(await time(() => bareLoop(api)));
      all.push(await time(() => exp.run(`all-${i}.csv`, null)));
      visible.push(await time(() => exp.run(`visible-${i}.csv`, cols)));
    }
    const rows = await bareLoop(api);
    const pages = Math.ceil(rows / PAGE_SIZE);
    const wall = (xs: typeof loop) => median(xs.map((x) => x.wall));
    const cpuPerPage = (xs: typeof loop) => median(xs.map((x) => x.cpu)) / pages;
    const l = wall(loop);
    const lc = cpuPerPage(loop);
    const target = (t: string) => (latencyMs ? ` (target <= ${t})` : ' (information, no target)');
    const where = latencyMs ? `sandbox adds ${latencyMs} ms per page (a network-like round trip)` : 'loopback sandbox, no added latency';
    console.log(`\n${where}: ${rows} rows (${pages} pages of ${PAGE_SIZE}), median of ${rounds} rounds`);
    console.log(`bare sequential fetch loop:   ${l.toFixed(0)} ms, client CPU ${lc.toFixed(2)} ms/page`);
    for (const [label, xs] of [['CSV export, all fields:      ', all], ['CSV export, visible columns: ', visible]] as const) {
      console.log(
        `${label}${wall(xs).toFixed(0)} ms  ratio ${(wall(xs) / l).toFixed(3)}x${target('1.10x')}; client CPU ${cpuPerPage(xs).toFixed(2)} ms/page  ratio ${(cpuPerPage(xs) / lc).toFixed(2)}x${target('1.5x')}`,
      );
    }
  } finally {
    await exp.close();
    child.kill('SIGTERM');
  }
}

async function memory(dir: string) {
  const { child, api } = await startPagedSandbox(100_000);
  const exp = exporter(api, dir);
  try {
    await bareLoop(api); // warm the sandbox and this process before the baseline
    await exp.run('warm.csv', ['company_id']);
    const growth: number[] = [];
    for (let run = 1; run <= 3; run++) {
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      let heapPeak = 0;
      const sample = () => {
        const m = process.memoryUsage();
        peak = Math.max(peak, m.rss);
        heapPeak = Math.max(heapPeak, m.heapUsed);
      };
      const timer = setInterval(sample, 20);
      const t = performance.now();
      const rows = await exp.run(`big-${run}.csv`, null, sample);
      clearInterval(timer);
      sample();
      const size = (await stat(join(dir, `big-${run}.csv`))).size;
      const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
      growth.push(peak - baseline);
      console.log(`100k export run ${run}: ${rows} rows, ${(size / 1e6).toFixed(1)} MB file, ${(performance.now() - t).toFixed(0)} ms, peak RSS growth ${mb(peak - baseline)} MB (peak JS heap used ${mb(heapPeak)} MB)`);
      await rm(join(dir, `big-${run}.csv`));
    }
    console.log(`peak RSS growth, worst of 3 runs: ${(Math.max(...growth) / 1024 / 1024).toFixed(1)} MB (target < 64 MB)`);
  } finally {
    await exp.close();
    child.kill('SIGTERM');
  }
}

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'fs-bench-export-'));
  try {
    await speed(dir, 0);
    await speed(dir, 2);
    await speed(dir, 20);
    console.log('');
    await memory(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
void main();
