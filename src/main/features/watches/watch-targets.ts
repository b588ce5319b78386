// What a watch points at (a saved search, or a list and its modules): whether it can still be
// checked, how the export names it, and the snapshots its search checks kept. Part of the watches
// feature (feature.ts).
import { AppError } from '../../../shared/errors';
import type { WatchTarget } from '../../../shared/watches/watches';
import type { SnapshotsFeature } from '../snapshots/feature';
import { ownerOf, watchedSearch } from './search-check';
import { targetName, type InfoDeps } from './watch-info';

/** The target exists and can be checked: said where the analyst chose it (details.field 'target'). */
export function assertTarget(ctx: Pick<InfoDeps, 'savedSearch' | 'lists'>, target: WatchTarget, watch?: { name: string }): void {
  if (target.kind === 'search') watchedSearch(ctx, target, watch);
  else if (!ctx.lists().get(target.listId)) {
    const message = watch
      ? `The list of the watch ‘${watch.name}’ was deleted, so it cannot be checked. Delete the watch, or watch another list.`
      : 'That list no longer exists (it was deleted): choose another one.';
    throw new AppError('not_found', message, { details: { field: 'target' } });
  }
}

/** The snapshots a watch kept (its last search check's result). */
export function dropSnapshots(snapshots: Pick<SnapshotsFeature, 'storeFor'>, profileId: string, watchId: number): void {
  const store = snapshots.storeFor(profileId);
  for (const s of store.ownedBy(ownerOf(watchId))) store.delete(s.id);
}

/** The target as the changes export names it, also when it was deleted since. */
export function targetWords(ctx: Pick<InfoDeps, 'savedSearch' | 'lists'>, t: WatchTarget): string {
  const name = targetName(ctx, t) ?? '(deleted)';
  return t.kind === 'search' ? `Saved search ‘${name}’` : `List ‘${name}’ (${t.modules.join(', ')})`;
}
