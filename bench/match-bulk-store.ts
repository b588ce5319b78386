// What keeping a bulk match in the workspace database costs: the same BulkJob over N rows against an
// instant in-process client (no network, so storage is all that differs), without and with the
// recorder on a real SQLite file; also the longest single write (the event loop is blocked that long).
// npx tsx bench/match-bulk-store.ts [rows=20000]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BulkJob } from '../src/main/features/match/bulk-job';
import { BulkJobRecorder } from '../src/main/features/match/job-recorder';
import { BulkJobStore } from '../src/main/features/match/job-store';
import { openWorkspaceDb } from '../src/main/platform/workspace/db';
import { loadSqlite } from '../src/main/platform/workspace/native';
import type { ApiClient } from '../src/main/platform/api/types';

const N = Number(process.argv[2] ?? 20000);
const text = ['ref,Company,Country', ...Array.from({ length: N }, (_, i) => `R${i},Company number ${i} GmbH,DE`)].join('\n');
const api = {
  async match(b: { name: string }) {
    await new Promise((r) => setImmediate(r));
    return { count: 3, result: [0.9, 0.7, 0.5].map((c, k) => ({ confidence: c, company: { company_id: `id-${b.name}-${k}`, name: b.name, country: 'DE', city: 'Berlin', website: 'x.example' } })) };
  },
} as unknown as ApiClient;
async function run(store: boolean) {
  const s = loadSqlite();
  if (!s.ok) throw new Error(s.reason);
  const db = openWorkspaceDb({ file: join(mkdtempSync(join(tmpdir(), 'bs-')), 'p.sqlite'), Database: s.Database });
  const st = new BulkJobStore(db);
  let maxFlush = 0;
  const rec = new BulkJobRecorder(st, 'j', { onError: (e) => console.error(e) });
  const orig = st.saveRows.bind(st);
  st.saveRows = (id, rows) => {
    const t = performance.now();
    orig(id, rows);
    maxFlush = Math.max(maxFlush, performance.now() - t);
  };
  const job = new BulkJob({ id: 'j', source: { text }, mapping: { name: 'Company', country: 'Country' }, concurrency: 8, template: null, api: async () => api, now: () => Date.now(), onProgress: () => {}, ...(store ? { sink: rec } : {}) });
  if (store) st.createJob({ ...job.record(), profileId: 'p', sourcePath: null });
  const t0 = performance.now();
  await job.start();
  const ms = performance.now() - t0;
  return { store, ms: Math.round(ms), maxFlushMs: Math.round(maxFlush * 10) / 10, rows: job.rows.length };
}
for (let i = 0; i < 3; i++) {
  console.log(JSON.stringify(await run(false)));
  console.log(JSON.stringify(await run(true)));
}
console.log('load', (await import('node:os')).loadavg()[0]!.toFixed(1));
