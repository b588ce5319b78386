// Sort and facet a snapshot of 100,000 or 1,000,000 rows in the workspace database, as main answers
// the grid: the first sorted page (every column, both directions), a facet click (the narrowed,
// sorted first page the click waits for, then the seven facet counts that fill the panel after it),
// the text filter, main-process RSS growth while loading and browsing, and the workspace file's
// size per 100,000 rows (what the Load all bar's disk estimate rests on when a workspace has no
// snapshot yet: see SNAPSHOT_BYTES_PER_ROW in src/main/features/snapshots/load-estimate.ts).
// Targets (issues 17 and 27): first sorted page median <= 250 ms; facet click median <= 100 ms at
// 100,000 rows and <= 300 ms at 1,000,000; RSS growth <= 150 MB at 100,000 and <= 200 MB at 1,000,000.
// Rows are made a page at a time (helpers/bench-companies.ts), so the source data is not in the RSS.
// Run: npx tsx bench/snapshots-sort.ts [rows=100000]
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inThreadWriter, threadWriter } from '../src/main/features/snapshots/page-writer';
import { openWorkspaceDb } from '../src/main/platform/workspace/db';
import { loadSqlite } from '../src/main/platform/workspace/native';
import { SnapshotStore } from '../src/main/features/snapshots/snapshot-store';
import { FACET_IDS, type FacetId, type SnapshotView } from '../src/shared/snapshots/snapshot';
import { benchCompanies } from './helpers/bench-companies';
import { builtWriterEntry } from './helpers/built-writer';

const rows = Number(process.argv[2] ?? 100_000);
const million = rows >= 1_000_000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))] ?? NaN;
const mb = (b: number) => (b / 1024 / 1024).toFixed(0);
const ms = (x: number) => `${x.toFixed(0)} ms`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'OVER');

async function main() {
  const sqlite = loadSqlite();
  if (!sqlite.ok) throw new Error(sqlite.reason);
  const entry = builtWriterEntry();
  const dir = await mkdtemp(join(tmpdir(), 'fs-bench-sort-'));
  const data = benchCompanies(rows);
  data.page(0, 200); // the pool is generated here, before the baseline
  global.gc?.();
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
  /** Peak RSS growth so far, after each phase: which one grows the process. */
  const phases: string[] = [];
  const phase = (label: string) => {
    sample();
    phases.push(`${label} ${mb(peak - rss0)} MB`);
  };
  const sampler = setInterval(sample, 50);
  const db = openWorkspaceDb({ file: join(dir, 'ws.sqlite'), Database: sqlite.Database });
  const store = new SnapshotStore(db);
  try {
    const t0 = performance.now();
    const snap = store.create({ profileId: 'bench', query: {}, pageSize: 200, rowCap: rows, startedAt: Date.now() });
    // Stored as the app stores a load all: by the writer thread, two pages in flight (load-all.ts).
    const writer = threadWriter({ file: db.file, entry, fallback: inThreadWriter(store), onFallback: (why) => console.warn(`writer thread did not start: ${why}`) });
    const inFlight: Promise<number>[] = [];
    for (let i = 0; i < rows; i += 200) {
      while (inFlight.length >= 2) await inFlight.shift();
      inFlight.push(writer.append(snap.id, data.page(i, 200), rows));
    }
    await Promise.all(inFlight);
    await writer.close();
    store.forgetView();
    const storeMs = performance.now() - t0;
    phase('loaded');
    console.log(`stored ${rows} rows in ${ms(storeMs)} (${((rows / storeMs) * 1000).toFixed(0)} rows/s, no network)`);

    db.raw.pragma('wal_checkpoint(TRUNCATE)');
    const fileBytes = (await stat(db.file)).size;
    const tStat = performance.now();
    const tables = db.raw
      .prepare(`SELECT name, sum(pgsize) AS bytes FROM dbstat WHERE name LIKE 'snapshot%' GROUP BY name ORDER BY bytes DESC`)
      .all() as Array<{ name: string; bytes: number }>;
    const statMs = performance.now() - tStat;
    console.log(`workspace file: ${mb(fileBytes)} MB for ${rows} rows = ${((fileBytes / rows) * 100_000 / 1e6).toFixed(1)} MB per 100,000 rows (${(fileBytes / rows).toFixed(0)} bytes/row)`);
    console.log(`  by table (dbstat, ${ms(statMs)}): ${tables.map((t) => `${t.name} ${mb(t.bytes)} MB`).join(', ')}`);

    const fields = ['name', 'country', 'city', 'industry_code', 'legal_form', 'employee_count', 'revenue', 'founding_year', 'website_domain', 'address.city'];
    const sortTimes: number[] = [];
    for (const field of fields) {
      for (const direction of ['asc', 'desc'] as const) {
        const t = performance.now();
        const page = store.page(snap.id, { sort: { field, direction } }, 0, 100);
        sortTimes.push(performance.now() - t);
        if (page.records.length !== 100) throw new Error('short page');
      }
    }
    phase('sorted');
    // The first count of each facet; asked again, counts come from the store's memory until the next write.
    let t1 = performance.now();
    for (const f of FACET_IDS) store.facetCounts(snap.id, f, {});
    const facetsFirst = performance.now() - t1;
    t1 = performance.now();
    for (const f of FACET_IDS) store.facetCounts(snap.id, f, {});
    const facetsAgain = performance.now() - t1;
    phase('counted');
    // Clicks on the three biggest keys of three facets, as the panel offers them.
    const clicks: Array<{ facet: FacetId; key: string | number }> = [];
    for (const facet of ['country', 'industry_division', 'employee_band'] as const) {
      for (const c of store.facetCounts(snap.id, facet, {}).slice(0, 3)) clicks.push({ facet, key: c.key });
    }
    const clickPage: number[] = [];
    const clickAll: number[] = [];
    for (const { facet, key } of clicks) {
      const view: SnapshotView = { facets: { [facet]: [key] }, sort: { field: 'revenue', direction: 'desc' } };
      const t = performance.now();
      store.page(snap.id, view, 0, 100);
      clickPage.push(performance.now() - t);
      for (const f of FACET_IDS) store.facetCounts(snap.id, f, view);
      clickAll.push(performance.now() - t);
    }
    phase('clicked');
    const text: number[] = [];
    for (const q of ['tech', 'berlin', 'holding']) {
      const t = performance.now();
      store.page(snap.id, { text: q }, 0, 100);
      text.push(performance.now() - t);
    }
    sample();
    const clickTarget = million ? 300 : 100;
    const rssTarget = million ? 200 : 150;
    console.log(`sort, first page of 100 (${sortTimes.length} sorts): median ${ms(median(sortTimes))}, p95 ${ms(p95(sortTimes))} (target median <= 250 ms) ${verdict(median(sortTimes) <= 250)}`);
    console.log(`facet click -> narrowed sorted first page (${clicks.length} clicks): median ${ms(median(clickPage))}, max ${ms(Math.max(...clickPage))} (target median <= ${clickTarget} ms) ${verdict(median(clickPage) <= clickTarget)}`);
    console.log(`facet click -> page and all ${FACET_IDS.length} facet counts (panel complete): median ${ms(median(clickAll))}, max ${ms(Math.max(...clickAll))}`);
    console.log(`all ${FACET_IDS.length} facets, nothing chosen (the panel's first counts): ${ms(facetsFirst)}; asked again: ${ms(facetsAgain)}`);
    console.log(`text filter (FTS5): median ${ms(median(text))}`);
    console.log(`RSS growth while loading and browsing ${rows} rows: ${mb(peak - rss0)} MB (target <= ${rssTarget} MB) ${verdict(peak - rss0 <= rssTarget * 1024 * 1024)}; peak after each phase: ${phases.join(', ')}`);
  } finally {
    clearInterval(sampler);
    db.close();
    await rm(dir, { recursive: true, force: true });
  }
}
void main();
