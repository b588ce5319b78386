// react-query state for the bulk-match review step. Decisions live in main with the job; the page
// shows one page of rows of the chosen queue and follows the job's review counts.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BulkJobView } from '../../shared/bridge/groups/match';
import type { Decision } from '../../shared/match/review';
import { firmscope, unwrap } from './bridge';
import { upsertBy } from './useEventIntoQuery';
import { matchKeys } from './match';

export const REVIEW_PAGE = 50;

export type ReviewQueue = 'pending' | 'decided' | 'all';
export const QUEUES: Record<ReviewQueue, { label: string; decisions?: Decision[] }> = {
  pending: { label: 'Waiting for review', decisions: ['pending'] },
  decided: { label: 'Decided (accepted, picked, rejected)', decisions: ['auto', 'accepted', 'picked', 'rejected'] },
  all: { label: 'All matched rows', decisions: ['auto', 'accepted', 'picked', 'rejected', 'pending'] },
};

const reviewKey = (id: string) => ['match', 'review', id] as const;

/** `version` changes whenever the job's rows or decisions change, so the page follows them. */
export function useReviewRows(job: BulkJobView, queue: ReviewQueue, offset: number) {
  const r = job.review;
  const version = `${job.state}:${job.done}:${r.threshold}:${r.auto}:${r.accepted}:${r.picked}:${r.rejected}:${r.pending}`;
  return useQuery({
    queryKey: [...reviewKey(job.id), queue, offset, version],
    queryFn: () => unwrap(firmscope().match.bulkRows({ id: job.id, offset, limit: REVIEW_PAGE, states: ['matched'], decisions: QUEUES[queue].decisions })),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
}

export function useDecide(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { line: number; action: 'accept' | 'reject' | 'pick' | 'reset'; companyId?: string }) =>
      unwrap(firmscope().match.bulkDecide({ id: jobId, ...input })),
    onSuccess: ({ job }) => {
      qc.setQueryData<BulkJobView[]>(matchKeys.jobs, (old) => upsertBy(old, job, (j) => j.id));
      void qc.invalidateQueries({ queryKey: reviewKey(jobId) });
      void qc.invalidateQueries({ queryKey: ['match', 'rows', jobId] });
    },
  });
}

export function useSetThreshold(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (threshold: number) => unwrap(firmscope().match.bulkSetThreshold({ id: jobId, threshold })),
    onSuccess: (job) => qc.setQueryData<BulkJobView[]>(matchKeys.jobs, (old) => upsertBy(old, job, (j) => j.id)),
  });
}
