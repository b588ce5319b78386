// Each profile's snapshot store (one per workspace database file), with the loads an earlier run left
// unfinished swept the first time it is opened, and the writer a load stores its pages through (its
// own thread; the main thread when the thread cannot start).
import { AppError } from '../../../shared/errors';
import type { SnapshotInfo } from '../../../shared/snapshots/snapshot';
import type { FeatureDeps } from '../../platform/ports/feature-deps';
import { inThreadWriter, threadWriter, type WriterEntry } from './page-writer';
import { SnapshotStore } from './snapshot-store';

export interface OpenStore {
  store: SnapshotStore;
  /** The workspace database file (the writer thread opens it too). */
  file: string;
}

export function snapshotStores(deps: FeatureDeps, writerEntry?: WriterEntry) {
  const stores = new Map<string, SnapshotStore>();

  function storeOf(profileId: string): OpenStore {
    const db = deps.workspace.forProfile(profileId);
    let s = stores.get(db.file);
    if (!s) {
      s = new SnapshotStore(db);
      s.sweepInterrupted();
      stores.set(db.file, s);
    }
    return { store: s, file: db.file };
  }

  /** The active profile's store. */
  function active(): OpenStore & { profileId: string } {
    deps.workspace.active(); // throws not_configured without a profile
    const profileId = deps.activeProfile()!.id;
    return { profileId, ...storeOf(profileId) };
  }

  function writerFor({ store: s, file }: OpenStore) {
    return threadWriter({
      file,
      entry: writerEntry,
      fallback: inThreadWriter(s),
      onFallback: (reason) => console.warn(`[firmscope] load all: the writer thread did not start (${reason}); storing pages in the main thread`),
      onStored: () => s.forgetView(),
    });
  }

  return { storeOf, active, writerFor };
}

/** The snapshot, or the error that says it is gone and what to do. */
export function existing(s: SnapshotStore, id: number): SnapshotInfo {
  const info = s.get(id);
  if (!info) throw new AppError('not_found', 'This loaded result set no longer exists; load all results again.');
  return info;
}
