// "Load all" of a 25,000-row (or 1,000,000-row) query into the workspace database vs a bare
// sequential fetch loop of the same pages, in the same run, at 20 ms added per page (a network
// round trip). The sandbox runs in a child process, so its 1,000,000 records are not this process's.
// Target (issues 17 and 27): load all <= 1.10x the loop. Rounds alternate loop / load; medians compared.
// Also prints the pace (rows/s, what snapshots.estimate times the next load with) and the file size.
// Run: npx tsx bench/snapshots-load-all.ts [companies=25000] [latencyMs=20] [rounds=5]
//      npx tsx bench/snapshots-load-all.ts 1000000 20 3   (about 12 minutes)
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAll } from '../src/main/features/snapshots/load-all';
import { inThreadWriter, threadWriter } from '../src/main/features/snapshots/page-writer';
import { openWorkspaceDb } from '../src/main/platform/workspace/db';
import { loadSqlite } from '../src/main/platform/workspace/native';
import { SnapshotStore } from '../src/main/features/snapshots/snapshot-store';
import { builtWriterEntry } from './helpers/built-writer';
import { BODY, PAGE_SIZE, bareLoop, startPagedSandbox } from './helpers/paged-sandbox';

const companies = Number(process.argv[2] ?? 25_000);
const latencyMs = Number(process.argv[3] ?? 20);
const rounds = Number(process.argv[4] ?? 5);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function main() {
  const entry = builtWriterEntry();
  const sqlite = loadSqlite();
  if (!sqlite.ok) throw new Error(sqlite.reason);
  const dir = await mkdtemp(join(tmpdir(), 'fs-bench-load-all-'));
  const { child, api } = await startPagedSandbox(companies, latencyMs);
  const db = openWorkspaceDb({ file: join(dir, 'ws.sqlite'), Database: sqlite.Database });
  const store = new SnapshotStore(db);
  try {
    await bareLoop(api); // warm-up: token, connections, JIT
    const loop: number[] = [];
    const load: number[] = [];
    for (let r = 0; r < rounds; r++) {
      let t = performance.now();
      const n = await bareLoop(api);
      loop.push(performance.now() - t);
      t = performance.now();
      const snap = store.create({ profileId: 'bench', query: BODY, pageSize: PAGE_SIZE, rowCap: 1_000_000, startedAt: Date.now() });
      // As the app does it (snapshots/feature.ts): pages stored by a writer thread.
      const writer = threadWriter({ file: db.file, entry, fallback: inThreadWriter(store), onFallback: (why) => console.warn(`writer thread did not start: ${why}`) });
      const done = await loadAll({ api, store, writer, snapshotId: snap.id, body: BODY, pageSize: PAGE_SIZE, rowCap: 1_000_000, signal: new AbortController().signal, now: Date.now });
      load.push(performance.now() - t);
      if (done.rowCount !== n) throw new Error(`loaded ${done.rowCount} rows, the loop saw ${n}`);
      db.raw.pragma('wal_checkpoint(TRUNCATE)');
      const size = (await stat(db.file)).size;
      store.delete(snap.id);
      const pace = (n / load[r]!) * 1000;
      console.log(`round ${r + 1}: loop ${loop[r]!.toFixed(0)} ms, load all ${load[r]!.toFixed(0)} ms (${n} rows, ${pace.toFixed(0)} rows/s, file ${(size / 1e6).toFixed(0)} MB)`);
    }
    const ratio = median(load) / median(loop);
    console.log(`load all of ${companies} rows at ${latencyMs} ms/page: median ${median(load).toFixed(0)} ms vs bare loop ${median(loop).toFixed(0)} ms -> ${ratio.toFixed(3)}x (target <= 1.10x) ${ratio <= 1.1 ? 'PASS' : 'OVER'}`);
  } finally {
    db.close();
    child.kill('SIGTERM');
    await rm(dir, { recursive: true, force: true });
  }
}
void main();
