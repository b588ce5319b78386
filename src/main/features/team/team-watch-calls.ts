// The team's watches as the desktop asks the team server for them: the list (with each watch's last
// check, schedule and cost), a saved search or a list shared with the team and watched there in one step,
// Check now, and a check's changes. Every call goes through the connection's bound token.
import { z } from 'zod';
import type { WatchSchedule } from '../../../shared/watches/watches';
import type { WatchRules } from '../../../shared/watches/rules';
import type { EsgModule } from '../../../shared/service/schemas';
import type { TeamCompany, TeamItemSummary } from '../../../shared/team/items';
import { TeamChangeSchema, TeamWatchSummarySchema, type TeamChange, type TeamWatchSummary } from '../../../shared/team/watches';
import type { TeamConnection } from './team-connection';

const WatchesAnswer = z.object({ watches: z.array(TeamWatchSummarySchema) });
const WatchAnswer = z.object({ watch: TeamWatchSummarySchema });
const CheckAnswer = z.object({ checkId: z.number().int() });
const ChangesAnswer = z.object({ changes: z.array(TeamChangeSchema) });

/** A list of the active profile as it is shared: its name and companies (null: no such list). */
export type ListToShare = (listId: number) => { name: string; companies: TeamCompany[] } | null;

/** Shares a saved search or a list of the active profile with the team (team-item-calls.ts). */
export type ShareWithTeam = (from: { savedSearchId: string } | { listId: number }) => Promise<TeamItemSummary>;

/** A list watch's ESG modules and the score move that counts. */
export interface EsgChoice {
  modules: EsgModule[];
  scoreThreshold: number;
}

/** POST /v1/watches: a team watch of `item` (ESG choice for a list only; no rules: every change alerts). */
export async function watchTeamItem(connection: Pick<TeamConnection, 'asMember'>, item: Pick<TeamItemSummary, 'id' | 'name' | 'kind'>, schedule: WatchSchedule, esg?: EsgChoice, rules?: WatchRules): Promise<TeamWatchSummary> {
  const body = { name: item.name, itemId: item.id, schedule, ...(item.kind === 'list' ? esg : {}), ...(rules ? { rules } : {}) };
  return (await connection.asMember('POST', '/v1/watches', WatchAnswer, body)).watch;
}

export function createTeamWatchCalls(connection: Pick<TeamConnection, 'asMember'>, share: ShareWithTeam) {
  const watch = (item: TeamItemSummary, schedule: WatchSchedule, esg?: EsgChoice, rules?: WatchRules) => watchTeamItem(connection, item, schedule, esg, rules);
  return {
    async list(): Promise<TeamWatchSummary[]> {
      return (await connection.asMember('GET', '/v1/watches', WatchesAnswer)).watches;
    },
    /** Shares the saved search with the team (a copy the analyst owns there) and watches that copy. */
    async watchSavedSearch(savedSearchId: string, schedule: WatchSchedule, rules?: WatchRules): Promise<TeamWatchSummary> {
      return watch(await share({ savedSearchId }), schedule, undefined, rules);
    },
    /** Shares the list with the team (a copy of its companies the analyst owns there) and watches the copy's ESG. */
    async watchList(listId: number, esg: EsgChoice, schedule: WatchSchedule, rules?: WatchRules): Promise<TeamWatchSummary> {
      return watch(await share({ listId }), schedule, esg, rules);
    },
    /** The watch's new alert rules (null: every change alerts); the server refuses all but its maker and admins. */
    async setRules(watchId: string, rules: WatchRules | null): Promise<TeamWatchSummary> {
      return (await connection.asMember('PUT', `/v1/watches/${encodeURIComponent(watchId)}/rules`, WatchAnswer, { rules })).watch;
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
