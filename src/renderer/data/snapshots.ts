// react-query glue for loaded result sets: the list (kept live by `snapshots.progress`), a page of
// a local view, and its facet counts.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SnapshotInfo, SnapshotView } from '../../shared/snapshots/snapshot';
import { canonicalJson } from '../../shared/search/body';
import { firmscope, unwrap, groupCalls } from './bridge';
import { upsertBy, useEventUpdatesQuery } from './useEventIntoQuery';

/** The snapshot bridge group's calls, each resolving to its value or rejecting with the shared AppError. */
export const snapshotCalls = groupCalls('snapshots');

export const SNAPSHOTS_KEY = ['snapshots', 'list'] as const;

export function useSnapshots(enabled: boolean) {
  useEventUpdatesQuery('snapshots', 'progress', SNAPSHOTS_KEY, (old: SnapshotInfo[] | undefined, info) => upsertBy(old, info, (s) => String(s.id)));
  return useQuery({ queryKey: SNAPSHOTS_KEY, queryFn: () => unwrap(firmscope().snapshots.list()), enabled });
}

/** The newest snapshot of `body`: a finished one to browse, or the load in progress / just ended. */
export function snapshotsFor(list: readonly SnapshotInfo[] | undefined, body: unknown) {
  const key = canonicalJson(body);
  const mine = (list ?? []).filter((s) => canonicalJson(s.query) === key).sort((a, b) => b.startedAt - a.startedAt || b.id - a.id);
  return {
    ready: mine.find((s) => s.status === 'complete' || s.status === 'capped') ?? null,
    latest: mine[0] ?? null,
  };
}

/** One page (or scroll block) of a view: the paged and the scroll view share these cache entries. */
export function snapshotPageQuery(id: number, view: SnapshotView, offset: number, limit: number) {
  return {
    queryKey: ['snapshots', 'page', id, view, offset, limit] as const,
    queryFn: () => unwrap(firmscope().snapshots.page({ id, view, offset, limit })),
    staleTime: Infinity,
  };
}

export function useSnapshotPage(id: number, view: SnapshotView, offset: number, limit: number) {
  return useQuery({ ...snapshotPageQuery(id, view, offset, limit), placeholderData: keepPreviousData });
}

/**
 * `enabled` false holds the count back: the grid passes "the new view's rows have arrived", so main
 * (one SQLite connection, one query at a time) answers the rows first and the counts after.
 */
export function useSnapshotFacets(id: number, view: SnapshotView, enabled = true) {
  // Counts do not depend on the sort: a sort click must not recount every facet in main.
  const { sort: _sort, ...counted } = view;
  return useQuery({
    enabled,
    queryKey: ['snapshots', 'facets', id, counted],
    queryFn: () => unwrap(firmscope().snapshots.facets({ id, view: counted })),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

/** Stops loading a snapshot; fire and forget (the load's own events say how it ended). */
export function cancelSnapshotLoad(id: number): void {
  void firmscope().snapshots.cancel({ id });
}
