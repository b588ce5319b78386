// A snapshot of N bench companies stored as a Load all stores it: pages of 200 written by the
// built writer thread, two in flight (load-all.ts), made a page at a time (bench-companies.ts).
import { inThreadWriter, threadWriter } from '../../src/main/features/snapshots/page-writer';
import type { SnapshotStore } from '../../src/main/features/snapshots/snapshot-store';
import type { WorkspaceDb } from '../../src/main/platform/workspace/db';
import { benchCompanies } from './bench-companies';
import { builtWriterEntry } from './built-writer';

export async function storeBenchSnapshot(db: WorkspaceDb, store: SnapshotStore, rows: number): Promise<number> {
  const data = benchCompanies(rows);
  const snap = store.create({ profileId: 'bench', query: { bench: rows }, pageSize: 200, rowCap: rows, startedAt: Date.now() });
  const writer = threadWriter({ file: db.file, entry: builtWriterEntry(), fallback: inThreadWriter(store), onFallback: (why) => console.warn(`writer thread did not start: ${why}`) });
  const inFlight: Promise<number>[] = [];
  for (let i = 0; i < rows; i += 200) {
    while (inFlight.length >= 2) await inFlight.shift();
    inFlight.push(writer.append(snap.id, data.page(i, 200), rows));
  }
  await Promise.all(inFlight);
  await writer.close();
  store.forgetView();
  store.finish(snap.id, { status: 'complete', finishedAt: Date.now() });
  return snap.id;
}
