// react-query state for Match. Bulk progress is pushed by main (match.bulkProgress) into the jobs cache.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { BulkJobView, BulkRowView } from '../../shared/bridge/groups/match';
import type { FirmscopeApi } from '../../shared/bridge/table';
import { firmscope, unwrap, groupCalls } from './bridge';
import { useBridgeEvent } from './useBridgeEvent';
import { upsertBy } from './useEventIntoQuery';
import { useConnectionStatus } from './profiles';

/** The match bridge group's calls, each resolving to its value or rejecting with the shared AppError. */
export const matchCalls = groupCalls('match');

export const matchKeys = {
  preview: (fields: Record<string, string>) => ['match', 'preview', fields] as const,
  jobs: ['match', 'jobs'] as const,
  rows: (id: string, offset: number, states: BulkRowView['state'][] | undefined, version: string) =>
    ['match', 'rows', id, offset, states ?? 'all', version] as const,
};

/** The body the current form would send (per the active profile's template). */
export function useMatchPreview(fields: Record<string, string>) {
  return useQuery({
    queryKey: matchKeys.preview(fields),
    queryFn: () => unwrap(firmscope().match.preview({ fields })),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}

export function useSingleMatch() {
  return useMutation({
    mutationFn: (input: { fields?: Record<string, string>; rawBody?: unknown }) => unwrap(firmscope().match.single(input)),
  });
}

export function useBulkJobs() {
  const qc = useQueryClient();
  useBridgeEvent('match', 'bulkProgress', (job: BulkJobView) => {
    qc.setQueryData<BulkJobView[]>(matchKeys.jobs, (old) => upsertBy(old, job, (j) => j.id));
  });
  // Jobs are kept per connection profile: another profile has its own list.
  const profileId = useConnectionStatus().data?.profileId;
  const seen = useRef(profileId);
  useEffect(() => {
    if (seen.current === undefined || seen.current === profileId) {
      seen.current = profileId;
      return;
    }
    seen.current = profileId;
    void qc.invalidateQueries({ queryKey: matchKeys.jobs });
  }, [profileId, qc]);
  return useQuery({ queryKey: matchKeys.jobs, queryFn: () => unwrap(firmscope().match.bulkJobs()), staleTime: Infinity, refetchOnWindowFocus: false });
}

export const ROWS_PAGE = 100;

/** One page of a job's rows; `version` (rows done so far) makes the page follow progress. */
export function useBulkRows(id: string, offset: number, states: BulkRowView['state'][] | undefined, version: string) {
  return useQuery({
    queryKey: matchKeys.rows(id, offset, states, version),
    queryFn: () => unwrap(firmscope().match.bulkRows({ id, offset, limit: ROWS_PAGE, ...(states ? { states } : {}) })),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
}

/** Deletes a job (not a running one) with its rows and decisions; it leaves the jobs list at once. */
export function useDeleteBulkJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(firmscope().match.bulkDelete({ id })),
    onSuccess: (_r, id) => qc.setQueryData<BulkJobView[]>(matchKeys.jobs, (old) => old?.filter((j) => j.id !== id)),
  });
}

type UploadChunkInput = Parameters<FirmscopeApi['match']['uploadChunk']>[0];
/** One chunk of a bulk-match file, as the bridge's Result (upload-file.ts reads it). */
export const uploadMatchChunk = (input: UploadChunkInput) => firmscope().match.uploadChunk(input);
