// The team's watches as the desktop asks the team server for them: the list (with each watch's last
// check, schedule and cost), a saved search or a list shared with the team and watched there in one step,
// Check now, and a check's changes. Every call goes through the connection's bound token.
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { WatchSchedule } from '../../../shared/watches/watches';
import type { EsgModule } from '../../../shared/service/schemas';
import { TeamItemSummaryAnswerSchema, type TeamCompany } from '../../../shared/team/items';
import { TeamChangeSchema, TeamWatchSummarySchema, type TeamChange, type TeamWatchSummary } from '../../../shared/team/watches';
import type { SavedSearch } from '../../../shared/bridge/groups/search';
import type { TeamConnection } from './team-connection';

const WatchesAnswer = z.object({ watches: z.array(TeamWatchSummarySchema) });
const WatchAnswer = z.object({ watch: TeamWatchSummarySchema });
const CheckAnswer = z.object({ checkId: z.number().int() });
const ChangesAnswer = z.object({ changes: z.array(TeamChangeSchema) });

/** A list of the active profile as it is shared: its name and companies (null: no such list). */
export type ListToShare = (listId: number) => { name: string; companies: TeamCompany[] } | null;

export function createTeamWatchCalls(connection: Pick<TeamConnection, 'asMember'>, savedSearch: (id: string) => SavedSearch | null, listToShare: ListToShare) {
  return {
    async list(): Promise<TeamWatchSummary[]> {
      return (await connection.asMember('GET', '/v1/watches', WatchesAnswer)).watches;
    },
    /** Shares the saved search with the team (a copy the analyst owns there) and watches that copy. */
    async watchSavedSearch(savedSearchId: string, schedule: WatchSchedule): Promise<TeamWatchSummary> {
      const saved = savedSearch(savedSearchId);
      if (!saved) throw new AppError('not_found', 'That saved search no longer exists (it was deleted): choose another one.', { details: { field: 'savedSearchId' } });
      const shared = await connection.asMember('POST', '/v1/items', TeamItemSummaryAnswerSchema, { kind: 'search', name: saved.name, body: saved.body, pageSize: Math.min(saved.pageSize, 200) });
      return (await connection.asMember('POST', '/v1/watches', WatchAnswer, { name: saved.name, itemId: shared.item.id, schedule })).watch;
    },
    /** Shares the list with the team (a copy of its companies the analyst owns there) and watches the copy's ESG. */
    async watchList(listId: number, esg: { modules: EsgModule[]; scoreThreshold: number }, schedule: WatchSchedule): Promise<TeamWatchSummary> {
      const list = listToShare(listId);
      if (!list) throw new AppError('not_found', 'That list no longer exists (it was deleted): choose another one.', { details: { field: 'listId' } });
      if (list.companies.length === 0) throw new AppError('invalid_input', `The list ‘${list.name}’ has no companies: add some first.`, { details: { field: 'listId' } });
      const shared = await connection.asMember('POST', '/v1/items', TeamItemSummaryAnswerSchema, { kind: 'list', name: list.name, companies: list.companies });
      return (await connection.asMember('POST', '/v1/watches', WatchAnswer, { name: list.name, itemId: shared.item.id, schedule, ...esg })).watch;
    },
    async checkNow(watchId: string): Promise<number> {
      return (await connection.asMember('POST', `/v1/watches/${encodeURIComponent(watchId)}/check`, CheckAnswer)).checkId;
    },
    async changes(watchId: string, checkId?: number): Promise<TeamChange[]> {
      const query = checkId === undefined ? '' : `?check=${checkId}`;
      return (await connection.asMember('GET', `/v1/watches/${encodeURIComponent(watchId)}/changes${query}`, ChangesAnswer)).changes;
    },
  };
}
