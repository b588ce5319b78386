// "Load all" from the Search screen: a snapshot created at once (loading), filled page by page in the
// background, its progress sent to the page at most every PROGRESS_EVERY_MS (the last one always).
// A load that ends complete or capped replaces the earlier snapshots of the same query before it says
// so, so a list read on that event shows the new one only.
import type { SnapshotInfo } from '../../../shared/snapshots/snapshot';
import { PAGE_SIZE_MAX, type SearchBody } from '../../../shared/service/schemas';
import type { ApiClient } from '../../platform/api/types';
import type { FeatureDeps } from '../../platform/ports/feature-deps';
import { loadAll } from './load-all';
import type { PageWriter } from './page-writer';
import type { SnapshotStore } from './snapshot-store';

/** Progress events at most this often while a load runs (the last one always goes out). */
const PROGRESS_EVERY_MS = 150;

export interface LoadContext {
  profileId: string;
  store: SnapshotStore;
  api: ApiClient;
  /** Made once the snapshot exists (a writer thread starts with it). */
  writer(): PageWriter;
  /** The loads running now, by snapshot id (cancel and remove abort them). */
  running: Map<number, AbortController>;
}

export function startLoad(deps: FeatureDeps, ctx: LoadContext, body: SearchBody, rowCap: number): SnapshotInfo {
  const { store: s, running } = ctx;
  // Rows of a load the database refused to remove (lock, full or read-only disk) go now.
  s.sweepInterrupted(new Set(running.keys()));
  const created = s.create({ profileId: ctx.profileId, query: body, pageSize: PAGE_SIZE_MAX, rowCap, startedAt: deps.now() });
  const controller = new AbortController();
  running.set(created.id, controller);
  let lastEmit = 0;
  const replaceOlder = (id: number) => {
    try {
      for (const old of s.olderOfSameQuery(id)) s.delete(old);
    } catch {
      // Kept for now (the database refused the delete): the next refresh replaces them.
    }
  };
  const progress = (info: SnapshotInfo) => {
    if (info.status === 'complete' || info.status === 'capped') replaceOlder(info.id);
    const t = deps.now();
    if (info.status !== 'loading' || t - lastEmit >= PROGRESS_EVERY_MS) {
      lastEmit = t;
      deps.emit('snapshots', 'progress', info);
    }
  };
  void loadAll({ api: ctx.api, store: s, writer: ctx.writer(), snapshotId: created.id, body, pageSize: PAGE_SIZE_MAX, rowCap, signal: controller.signal, now: deps.now, onProgress: progress })
    .catch(() => {
      // The outcome went out as the last progress event (status cancelled/failed with the error).
    })
    .finally(() => running.delete(created.id));
  return created;
}
