// react-query glue for exports: the job list (kept live by `export.progress` events) and the estimate.
import { useQuery } from '@tanstack/react-query';
import type { ExportJob } from '../../shared/bridge/groups/export';
import { firmscope, unwrap, groupCalls } from './bridge';
import { upsertBy, useEventUpdatesQuery } from './useEventIntoQuery';

/** The export bridge group's calls, each resolving to its value or rejecting with the shared AppError. */
export const exportCalls = groupCalls('export');

export const EXPORT_JOBS_KEY = ['export', 'jobs'] as const;

export function useExportJobs() {
  useEventUpdatesQuery('export', 'progress', EXPORT_JOBS_KEY, (old: ExportJob[] | undefined, job) => upsertBy(old, job, (j) => j.id));
  return useQuery({ queryKey: EXPORT_JOBS_KEY, queryFn: () => unwrap(firmscope().export.list()) });
}

export function useExportEstimate(body: unknown, pageSize: number, enabled: boolean) {
  return useQuery({
    queryKey: ['export', 'estimate', JSON.stringify(body), pageSize],
    queryFn: () => unwrap(firmscope().export.estimate({ body, pageSize })),
    enabled,
    staleTime: 30_000,
    retry: false,
  });
}
