// The loaded snapshots the Search screen offers beside the service's pages: the one of the shown query
// (local sort, facets, text filter), the newest for it (Load all), and where value suggestions come from.
import { useAppInfo } from '../data/profiles';
import { snapshotsFor, useSnapshots } from '../data/snapshots';

export function useSearchSnapshots(shownBody: unknown) {
  const info = useAppInfo();
  const workspace = info.data?.workspace;
  const unavailable = workspace && !workspace.available ? workspace.reason : null;
  const snapshots = useSnapshots(Boolean(workspace?.available));
  const { ready, latest } = snapshotsFor(snapshots.data, shownBody);
  // Suggestions come from the snapshot of the shown query, else the newest loaded one.
  const suggestFrom = ready ?? (snapshots.data ?? []).find((x) => x.status === 'complete' || x.status === 'capped') ?? null;
  return { unavailable, ready, latest, suggestFrom };
}
