// Analytics from main: a list's portfolio analytics and a company's peer benchmark. Re-read when a
// run completes a cell (new stored results) or a list changes.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RunUpdate } from '../../shared/esg-runs/schemas';
import { firmscope, unwrap, groupCalls } from './bridge';
import { useBridgeEvent } from './useBridgeEvent';
import type { SnapshotView } from '../../shared/snapshots/snapshot';

/** The analytics bridge group's calls, each resolving to its value or rejecting with the shared AppError. */
export const analyticsCalls = groupCalls('analytics');

export const analyticsKeys = {
  all: ['analytics'] as const,
  list: (listId: number) => ['analytics', 'list', listId] as const,
  weighted: (listId: number) => ['analytics', 'weighted', listId] as const,
  snapshot: (snapshotId: number, view: SnapshotView) => ['analytics', 'snapshot', snapshotId, view.text ?? '', view.facets ?? {}] as const,
  peers: (companyId: string, listId: number | undefined, snapshotId?: number) => ['analytics', 'peers', companyId, listId ?? null, snapshotId ?? null] as const,
};

/** Stored results or list members changed: the analytics on screen are read again. */
export function useAnalyticsRefresh(): void {
  const qc = useQueryClient();
  useBridgeEvent('esgRuns', 'esgRunUpdate', (u: RunUpdate) => {
    if (u.tasks.some((t) => t.state === 'complete')) void qc.invalidateQueries({ queryKey: analyticsKeys.all });
  });
  useBridgeEvent('lists', 'changed', () => void qc.invalidateQueries({ queryKey: analyticsKeys.all }));
}

export function useListAnalytics(listId: number) {
  return useQuery({
    queryKey: analyticsKeys.list(listId),
    queryFn: () => unwrap(firmscope().analytics.list({ listId })),
    staleTime: 10_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** A list's weighted analytics against the benchmark stored with it (issue 38). */
export function useWeightedAnalytics(listId: number) {
  return useQuery({
    queryKey: analyticsKeys.weighted(listId),
    queryFn: () => unwrap(firmscope().analytics.weighted({ listId })),
    staleTime: 10_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** A snapshot view's analytics (its text filter and facets; the sort does not change them). */
export function useSnapshotAnalytics(snapshotId: number, view: SnapshotView) {
  const narrowing: SnapshotView = { ...(view.text ? { text: view.text } : {}), facets: view.facets ?? {} };
  return useQuery({
    queryKey: analyticsKeys.snapshot(snapshotId, narrowing),
    queryFn: () => unwrap(firmscope().analytics.snapshot({ snapshotId, view: narrowing })),
    staleTime: 10_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function usePeerBenchmark(companyId: string, listId: number | undefined, country: string | undefined, snapshotId?: number) {
  return useQuery({
    queryKey: analyticsKeys.peers(companyId, listId, snapshotId),
    queryFn: () =>
      unwrap(firmscope().analytics.peers({ companyId, ...(listId !== undefined ? { listId } : {}), ...(snapshotId !== undefined ? { snapshotId } : {}), ...(country ? { country } : {}) })),
    staleTime: 10_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
