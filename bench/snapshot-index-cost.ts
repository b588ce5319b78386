// What the index by company on snapshot rows (migration 'snapshot rows by company', issue 38: a search
// check pairs two snapshots in SQL through it, bench/watch-diff.ts) costs a load: 100,000 rows
// stored in pages of 200 through the snapshot store, as the load-all writer thread stores them
// (appendPrepared: rows prepared beforehand, so only the writes are timed), into two workspace
// databases, one as the app has it and one with that index dropped. Rounds alternate which goes
// first; each stored snapshot is then deleted (also timed). Prints the medians, the ratio with / without
// the index, the index's size beside the table's, and the load average. A measurement, not a target
// (no exit code): issue 38 asked for a cost over ~1.10x to be said, and docs/watches.md says it.
// Run: npx tsx bench/snapshot-index-cost.ts [rows=100000] [rounds=3]
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SnapshotStore } from '../src/main/features/snapshots/snapshot-store';
import { openWorkspaceDb, type WorkspaceDb } from '../src/main/platform/workspace/db';
import { loadSqlite } from '../src/main/platform/workspace/native';
import { prepareRow, type PreparedRow } from '../src/main/platform/workspace/row-values';
import { benchCompanies } from './helpers/bench-companies';

const rows = Number(process.argv[2] ?? 100_000);
const rounds = Number(process.argv[3] ?? 3);
const PAGE = 200;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** Stores `prepared` as one snapshot and deletes it: both timed; the sizes in pages while it is stored. */
function storeAndDelete(db: WorkspaceDb, prepared: PreparedRow[]): { insert: number; del: number; table: number; index: number } {
  const store = new SnapshotStore(db);
  let t = performance.now();
  const snap = store.create({ profileId: 'bench', query: { rows: prepared.length }, pageSize: PAGE, rowCap: 1_000_000, startedAt: Date.now() });
  for (let i = 0; i < prepared.length; i += PAGE) store.appendPrepared(snap.id, prepared.slice(i, i + PAGE), prepared.length);
  store.finish(snap.id, { status: 'complete', finishedAt: Date.now() });
  const insert = performance.now() - t;
  const pages = (name: string) => db.sql.get<{ n: number }>('SELECT count(*) AS n FROM dbstat WHERE name = ?', [name])!.n;
  const table = pages('snapshot_rows');
  const index = pages('snapshot_rows_company');
  t = performance.now();
  store.delete(snap.id);
  return { insert, del: performance.now() - t, table, index };
}

async function main() {
  const sqlite = loadSqlite();
  if (!sqlite.ok) throw new Error(sqlite.reason);
  const dir = await mkdtemp(join(tmpdir(), 'fs-bench-index-cost-'));
  const withIndex = openWorkspaceDb({ file: join(dir, 'with.sqlite'), Database: sqlite.Database });
  const without = openWorkspaceDb({ file: join(dir, 'without.sqlite'), Database: sqlite.Database });
  without.sql.exec('DROP INDEX snapshot_rows_company');
  try {
    const prepared = benchCompanies(rows).page(0, rows).map(prepareRow);
    // Warm-up: JIT, statements, both files' first pages.
    for (const db of [withIndex, without]) storeAndDelete(db, prepared.slice(0, 10_000));
    const times = { with: [] as number[], without: [] as number[], delWith: [] as number[], delWithout: [] as number[] };
    let sizes = { table: 0, index: 0 };
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? (['with', 'without'] as const) : (['without', 'with'] as const);
      for (const which of order) {
        const got = storeAndDelete(which === 'with' ? withIndex : without, prepared);
        times[which].push(got.insert);
        times[which === 'with' ? 'delWith' : 'delWithout'].push(got.del);
        if (which === 'with') sizes = { table: got.table, index: got.index };
      }
      console.log(`round ${r + 1}: store with the index ${times.with[r]!.toFixed(0)} ms, without ${times.without[r]!.toFixed(0)} ms; delete ${times.delWith[r]!.toFixed(0)} / ${times.delWithout[r]!.toFixed(0)} ms`);
    }
    const ratio = median(times.with) / median(times.without);
    const mb = (pages: number) => ((pages * 4096) / 1e6).toFixed(1);
    console.log(`store ${rows.toLocaleString('en-US')} rows: median ${median(times.with).toFixed(0)} ms with the index, ${median(times.without).toFixed(0)} ms without: ${ratio.toFixed(3)}x over ${rounds} rounds${ratio > 1.1 ? ' (over ~1.10x)' : ''}`);
    console.log(`  delete it: ${median(times.delWith).toFixed(0)} ms with, ${median(times.delWithout).toFixed(0)} ms without (${(median(times.delWith) / median(times.delWithout)).toFixed(2)}x)`);
    console.log(`  the index: ${mb(sizes.index)} MB beside the rows table's ${mb(sizes.table)} MB; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`);
  } finally {
    withIndex.close();
    without.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
