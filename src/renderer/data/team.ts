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

export const teamWatchKeys = {
  all: ['team', 'watches'] as const,
  changes: (watchId: string) => ['team', 'watches', watchId, 'changes'] as const,
};

/**
 * The team's watches. Checks run on the server, so the screen asks again: every 2 s while one of
 * them is queued or running (what runs is what is shown), else every 30 s.
 */
export function useTeamWatches(enabled: boolean) {
  return useQuery({
    queryKey: teamWatchKeys.all,
    queryFn: () => teamCalls.watches(),
    enabled,
    refetchInterval: (q) => (q.state.data?.some((w) => w.lastCheck?.status === 'queued' || w.lastCheck?.status === 'running') ? 2_000 : 30_000),
  });
}

/** The changes of one check of the watch (default: its last finished one). */
export function useTeamChanges(watchId: string | null, checkId?: number) {
  return useQuery({
    queryKey: [...teamWatchKeys.changes(watchId ?? ''), checkId ?? 'last'],
    queryFn: () => teamCalls.changes({ watchId: watchId!, ...(checkId === undefined ? {} : { checkId }) }),
    enabled: watchId !== null,
  });
}

export function useWatchSavedSearchWithTeam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: Parameters<typeof teamCalls.watchSavedSearch>[0]) => teamCalls.watchSavedSearch(v),
    onSuccess: () => void qc.invalidateQueries({ queryKey: teamWatchKeys.all }),
  });
}

export function useWatchListWithTeam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: Parameters<typeof teamCalls.watchList>[0]) => teamCalls.watchList(v),
    onSuccess: () => void qc.invalidateQueries({ queryKey: teamWatchKeys.all }),
  });
}

/** A team watch's new alert rules (its maker or an admin; the server refuses others in words). */
export function useSetTeamWatchRules() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: Parameters<typeof teamCalls.setWatchRules>[0]) => teamCalls.setWatchRules(v),
    onSuccess: () => void qc.invalidateQueries({ queryKey: teamWatchKeys.all }),
  });
}

export function useTeamCheckNow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { watchId: string }) => teamCalls.checkNow(v),
    onSuccess: () => void qc.invalidateQueries({ queryKey: teamWatchKeys.all }),
  });
}
