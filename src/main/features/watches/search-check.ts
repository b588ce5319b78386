// One check of a watched saved search: load a new snapshot of its query (the snapshots feature's
// load-all, kept as the watch's own, 'watch:<id>'), then diff it with the previous check's
// snapshot. The previous snapshot goes only once this check is committed: it is the base until then.
import { AppError } from '../../../shared/errors';
import type { SavedSearch } from '../../../shared/bridge/groups/search';
import { checkSearchBody } from '../../../shared/search/body';
import type { SnapshotInfo } from '../../../shared/snapshots/snapshot';
import type { WatchTarget } from '../../../shared/watches/watches';
import type { ApiClient } from '../../platform/api/types';
import type { SnapshotsFeature } from '../snapshots/feature';
import type { FoundChange } from './change-store';
import { WATCH_ROW_CAP } from './cost';
import { diffRowPairs } from './search-diff';
import { explainLeavers } from './leaver-reasons';
import type { StoredCheck, StoredWatch, WatchStore } from './store';
import { sentenceCount } from '../../../shared/sentence-numbers';

/** What a check found, and what is left to do once it is committed. */
export interface CheckOutcome {
  changes: FoundChange[];
  baseline: boolean;
  note?: string;
  afterCommit?(): void;
}

export interface SearchCheckDeps {
  profileId: string;
  snapshots: Pick<SnapshotsFeature, 'loadOwned' | 'storeFor'>;
  savedSearch(id: string): SavedSearch | null;
}

export const ownerOf = (watchId: number) => `watch:${watchId}`;

const n = (v: number) => sentenceCount(v);

/**
 * A search target's saved search and its valid body; throws what the analyst should read. With a
 * watch: why that watch cannot check; without (a watch being made): why this choice cannot be watched.
 */
export function watchedSearch(d: Pick<SearchCheckDeps, 'savedSearch'>, target: WatchTarget, watch?: Pick<StoredWatch, 'name'>): { saved: SavedSearch; body: ReturnType<typeof validBody> } {
  if (target.kind !== 'search') throw new AppError('internal', 'Not a search watch.');
  const saved = d.savedSearch(target.savedSearchId);
  if (!saved) {
    throw new AppError(
      'not_found',
      watch
        ? `The saved search of the watch ‘${watch.name}’ was deleted, so it cannot be checked. Delete the watch, or watch another saved search.`
        : 'That saved search no longer exists (it was deleted): choose another one.',
      { details: { field: 'target' } },
    );
  }
  return { saved, body: validBody(saved) };
}

function validBody(saved: SavedSearch) {
  const check = checkSearchBody(saved.body);
  if (!check.ok) throw new AppError('invalid_input', `The saved search ‘${saved.name}’ is not valid: ${check.message}. Open it on the Search screen, fix it and save it again.`, { details: { field: 'target' } });
  return check.body;
}

export async function runSearchCheck(
  d: SearchCheckDeps,
  o: { watch: StoredWatch; check: StoredCheck; store: WatchStore; api: ApiClient; signal: AbortSignal; onProgress(info: SnapshotInfo): void },
): Promise<CheckOutcome> {
  const { body } = watchedSearch(d, o.watch.target, o.watch);
  const owner = ownerOf(o.watch.id);
  const snapshots = d.snapshots.storeFor(d.profileId);
  // A load this check started before the app stopped ('loading', its rows partial) is not a base: it goes.
  for (const s of snapshots.ownedBy(owner)) if (s.status === 'loading') snapshots.delete(s.id);
  const { snapshot, done } = d.snapshots.loadOwned({ profileId: d.profileId, owner, body, rowCap: WATCH_ROW_CAP, api: o.api, signal: o.signal, onProgress: o.onProgress });
  o.store.updateCheck(o.check.id, { snapshotId: snapshot.id });
  const loaded = await done;
  const capped = loaded.status === 'capped' ? `The search has ${n(loaded.serviceCount ?? loaded.rowCount)} companies; the watch compares the first ${n(loaded.rowCount)}.` : undefined;
  const dropOthers = () => {
    for (const s of snapshots.ownedBy(owner)) if (s.id !== loaded.id && s.status !== 'loading') snapshots.delete(s.id);
  };

  const previous = o.store.lastDone(o.watch.id, o.check.id);
  const base = previous?.snapshotId ? snapshots.get(previous.snapshotId) : null;
  if (!previous || !base || (base.status !== 'complete' && base.status !== 'capped')) {
    const lost = previous ? 'The result of the previous check was not found, so this check is a new baseline. ' : '';
    return { changes: [], baseline: true, note: `${lost}${capped ?? ''}`.trim() || undefined, afterCommit: dropOthers };
  }
  o.store.updateCheck(o.check.id, { previousCheckId: previous.id });
  const found = diffRowPairs(snapshots.differingRows(base.id, loaded.id));
  // Each company that left gets its reason (one lookup each, counted in this check's requests).
  const { changes, note } = await explainLeavers(found, body, o.api, o.signal);
  return { changes, baseline: false, note: [capped, note].filter(Boolean).join(' ') || undefined, afterCommit: dropOthers };
}
