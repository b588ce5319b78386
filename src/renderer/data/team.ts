// react-query hooks of the team group: the Team connection's status (fed by its `changed` event)
// and the calls that change it, each leaving the answer in the status cache.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamConnectInput, TeamStatus } from '../../shared/team/connection';
import { groupCalls } from './bridge';
import { useEventUpdatesQuery } from './useEventIntoQuery';

export const teamCalls = groupCalls('team');
export const teamKeys = { status: ['team', 'status'] as const };

export function useTeamStatus() {
  useEventUpdatesQuery('team', 'changed', teamKeys.status, (_old: TeamStatus | undefined, s) => s);
  return useQuery({ queryKey: teamKeys.status, queryFn: () => teamCalls.status() });
}

function useStatusCall<I>(call: (input: I) => Promise<TeamStatus>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: (s) => qc.setQueryData(teamKeys.status, s) });
}

/**
 * Join. The mutation's variables hold no invite code: react-query keeps variables in its cache, so
 * the code is read from `takeCode` at call time (like a profile's secret).
 */
export const useTeamConnect = (takeCode: () => string) =>
  useStatusCall((input: Omit<TeamConnectInput, 'inviteCode'>) => teamCalls.connect({ ...input, inviteCode: takeCode() }));
export const useTeamCheck = () => useStatusCall(() => teamCalls.check());
export const useTeamDisconnect = () => useStatusCall(() => teamCalls.disconnect());
