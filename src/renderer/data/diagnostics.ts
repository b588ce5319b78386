import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { firmscope, unwrap, groupCalls } from './bridge';

/** The diagnostics bridge group's calls, each resolving to its value or rejecting with the shared AppError. */
export const diagnosticsCalls = groupCalls('diagnostics');

export const diagnosticsKeys = { requestLog: ['diagnostics', 'requestLog'] as const };

export function useRequestLog(autoRefresh: boolean) {
  return useQuery({
    queryKey: diagnosticsKeys.requestLog,
    queryFn: () => unwrap(firmscope().diagnostics.requestLog()),
    refetchInterval: autoRefresh ? 2_000 : false,
  });
}

export function useClearLog() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(firmscope().diagnostics.clearLog()),
    onSuccess: () => {
      qc.setQueryData(diagnosticsKeys.requestLog, []);
    },
  });
}
