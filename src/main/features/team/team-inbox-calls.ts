// The team's What changed inbox as the desktop asks the team server for it: a page of checks with
// changes (read or not by this member) and the read marks. Every call goes through the connection's
// bound token; marks are this member's only (the server keeps them per member).
import { InboxMarkedSchema, InboxSchema, type Inbox, type InboxMarked, type InboxRead, type InboxUnread } from '../../../shared/team/inbox';
import type { TeamConnection } from './team-connection';

export function createTeamInboxCalls(connection: Pick<TeamConnection, 'asMember'>) {
  return {
    /** Newest first; `before`: the last check id of the page before. */
    page(q: { limit?: number; before?: number }): Promise<Inbox> {
      const query = new URLSearchParams();
      if (q.limit !== undefined) query.set('limit', String(q.limit));
      if (q.before !== undefined) query.set('before', String(q.before));
      const qs = query.size ? `?${query}` : '';
      return connection.asMember('GET', `/v1/inbox${qs}`, InboxSchema);
    },
    markRead: (input: InboxRead): Promise<InboxMarked> => connection.asMember('POST', '/v1/inbox/read', InboxMarkedSchema, input),
    markUnread: (input: InboxUnread): Promise<InboxMarked> => connection.asMember('POST', '/v1/inbox/unread', InboxMarkedSchema, input),
  };
}
