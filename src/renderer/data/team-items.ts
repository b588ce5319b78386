// react-query hooks of the team's shared saved searches and lists: the items, sharing one, a copy
// into this analyst's workspace (the saved searches and lists asked again), a team watch of any item,
// and the owner's edit and removal (the team's watches asked again: a removed item's watches go too).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SAVED_KEY } from './search';
import { LISTS_KEY } from './lists';
import { teamCalls, teamWatchKeys } from './team';

export const teamItemKeys = { all: ['team', 'items'] as const };

export function useTeamItems() {
  return useQuery({ queryKey: teamItemKeys.all, queryFn: () => teamCalls.items(), refetchInterval: 60_000 });
}

function useTeamItemCall<I, O>(call: (input: I) => Promise<O>, after: ReadonlyArray<readonly string[]>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      for (const queryKey of after) void qc.invalidateQueries({ queryKey });
    },
  });
}

export const useShareTeamItem = () => useTeamItemCall((v: Parameters<typeof teamCalls.shareItem>[0]) => teamCalls.shareItem(v), [teamItemKeys.all]);
export const useCopyTeamItem = () => useTeamItemCall((v: { itemId: string }) => teamCalls.copyItem(v), [SAVED_KEY, LISTS_KEY]);
export const useWatchTeamItem = () => useTeamItemCall((v: Parameters<typeof teamCalls.watchItem>[0]) => teamCalls.watchItem(v), [teamWatchKeys.all]);
export const useUpdateTeamItem = () => useTeamItemCall((v: Parameters<typeof teamCalls.updateItem>[0]) => teamCalls.updateItem(v), [teamItemKeys.all, teamWatchKeys.all]);
export const useRemoveTeamItem = () => useTeamItemCall((v: { itemId: string }) => teamCalls.removeItem(v), [teamItemKeys.all, teamWatchKeys.all]);
