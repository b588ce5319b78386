// react-query hooks of the team's What changed inbox: the pages of checks with changes (newest
// first, read or not by this member), the unread count the navigation shows, and the read marks.
// Checks run on the server, so the inbox is asked again every minute while the app is open.
import { useCallback } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InboxRead } from '../../shared/team/inbox';
import { teamCalls, useTeamStatus } from './team';

export const teamInboxKeys = {
  all: ['team', 'inbox'] as const,
  pages: ['team', 'inbox', 'pages'] as const,
  unread: ['team', 'inbox', 'unread'] as const,
};

const EVERY_MINUTE = 60_000;
const PAGE = 50;

/** Whether the app is a member of a team server (asked only then). */
function useJoined(): boolean {
  const s = useTeamStatus().data?.state;
  return s === 'connected' || s === 'unreachable';
}

export function useTeamInbox() {
  const enabled = useJoined();
  return useInfiniteQuery({
    queryKey: teamInboxKeys.pages,
    queryFn: ({ pageParam }) => teamCalls.inbox({ limit: PAGE, ...(pageParam === null ? {} : { before: pageParam }) }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    enabled,
    refetchInterval: EVERY_MINUTE,
  });
}

/** Unread checks with changes on the team server, for the navigation; null before it is known. */
export function useTeamUnreadCount(): number | null {
  const enabled = useJoined();
  const q = useQuery({ queryKey: teamInboxKeys.unread, queryFn: async () => (await teamCalls.inbox({ limit: 1 })).unread, enabled, refetchInterval: EVERY_MINUTE, retry: false });
  return enabled ? (q.data ?? null) : null;
}

type Mark = { read: InboxRead } | { unread: number[] };

export function useMarkTeamInbox() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (m: Mark) => ('read' in m ? teamCalls.markRead(m.read) : teamCalls.markUnread({ checkIds: m.unread })),
    onSuccess: (marked) => {
      qc.setQueryData(teamInboxKeys.unread, marked.unread);
      void qc.invalidateQueries({ queryKey: teamInboxKeys.pages });
    },
  });
}

/** A check finished on the server: the inbox and its count are asked again. */
export function useRefreshTeamInbox(): () => void {
  const qc = useQueryClient();
  return useCallback(() => void qc.invalidateQueries({ queryKey: teamInboxKeys.all }), [qc]);
}
