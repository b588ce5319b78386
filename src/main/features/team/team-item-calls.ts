// The team's shared saved searches and lists as the desktop asks the team server for them: the list
// of items (each with its owner and whether it is this member's), a copy of one into this analyst's
// own workspace (a saved search or a list of the active profile), a team watch of any item, and the
// owner's edits (the content again from a saved search or list of theirs, a new name) and removal.
// The server decides who may edit (403 otherwise) and refuses an edit made from an old version (409).
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { WatchSchedule } from '../../../shared/watches/watches';
import { TeamItemAnswerSchema, TeamItemsAnswerSchema, TeamItemSummaryAnswerSchema, type TeamCompany, type TeamItemSummary } from '../../../shared/team/items';
import type { TeamWatchSummary } from '../../../shared/team/watches';
import type { SavedSearch } from '../../../shared/bridge/groups/search';
import type { TeamItemCopy } from '../../../shared/team/item-copy';
import type { TeamConnection } from './team-connection';
import { watchTeamItem, type EsgChoice, type ListToShare } from './team-watch-calls';
import type { WatchRules } from '../../../shared/watches/rules';


/** Where a copied item lands in the active profile's workspace. */
export interface LocalCopies {
  saveSearch(o: { name: string; body: unknown; pageSize: number }): { id: string; name: string };
  /** A new list under `name` or the next free "name 2", "name 3"... */
  createList(o: { name: string; companies: TeamCompany[] }): { id: number; name: string };
}


/** The owner's edit: a new name, and/or the content again from one of their saved searches or lists. */
export interface TeamItemEdit {
  itemId: string;
  version: number;
  name?: string;
  from?: { savedSearchId: string } | { listId: number };
}

const path = (id: string) => `/v1/items/${encodeURIComponent(id)}`;

export function createTeamItemCalls(
  connection: Pick<TeamConnection, 'asMember'>,
  local: { savedSearch(id: string): SavedSearch | null; listToShare: ListToShare; copies: () => LocalCopies | null },
) {
  const whole = async (itemId: string) => (await connection.asMember('GET', path(itemId), TeamItemAnswerSchema)).item;
  return {
    async list(): Promise<TeamItemSummary[]> {
      return (await connection.asMember('GET', '/v1/items', TeamItemsAnswerSchema)).items;
    },
    /** Shares a saved search or a list of the active profile with the team (a copy the analyst owns there). */
    async share(from: { savedSearchId: string } | { listId: number }): Promise<TeamItemSummary> {
      const body = 'savedSearchId' in from ? searchToShare(local.savedSearch(from.savedSearchId)) : listToShareOrThrow(local.listToShare(from.listId));
      return (await connection.asMember('POST', '/v1/items', TeamItemSummaryAnswerSchema, body)).item;
    },
    async copy(itemId: string): Promise<TeamItemCopy> {
      const copies = local.copies();
      if (!copies) throw new AppError('not_configured', 'Choose a service profile first: a copy goes into its workspace.', { retryable: false });
      const item = await whole(itemId);
      if (item.kind === 'search') {
        const saved = copies.saveSearch({ name: item.name, body: item.body, pageSize: item.pageSize });
        return { kind: 'search', savedSearchId: saved.id, name: saved.name };
      }
      const list = copies.createList({ name: item.name, companies: item.companies });
      return { kind: 'list', listId: list.id, name: list.name, companies: item.companies.length };
    },
    async watch(itemId: string, schedule: WatchSchedule, esg?: EsgChoice, rules?: WatchRules): Promise<TeamWatchSummary> {
      const item = (await this.list()).find((i) => i.id === itemId);
      if (!item) throw new AppError('not_found', 'That team item is not on the server any more (its owner removed it).', { details: { field: 'itemId' } });
      if (item.kind === 'list' && !esg) throw new AppError('invalid_input', 'Choose the ESG modules the server refreshes for this list.', { details: { field: 'modules' } });
      return watchTeamItem(connection, item, schedule, esg, rules);
    },
    async update(edit: TeamItemEdit): Promise<TeamItemSummary> {
      const item = await whole(edit.itemId);
      const name = edit.name ?? item.name;
      let content: { body: unknown; pageSize: number } | { companies: TeamCompany[] } = item.kind === 'search' ? { body: item.body, pageSize: item.pageSize } : { companies: item.companies };
      if (edit.from && 'savedSearchId' in edit.from) {
        if (item.kind !== 'search') throw new AppError('invalid_input', 'A shared list takes its companies from a list, not a saved search.', { details: { field: 'from' } });
        const { body, pageSize } = searchToShare(local.savedSearch(edit.from.savedSearchId), 'from');
        content = { body, pageSize };
      } else if (edit.from) {
        if (item.kind !== 'list') throw new AppError('invalid_input', 'A shared search takes its filters from a saved search, not a list.', { details: { field: 'from' } });
        content = { companies: listToShareOrThrow(local.listToShare(edit.from.listId), 'from').companies };
      }
      return (await connection.asMember('PUT', path(edit.itemId), TeamItemSummaryAnswerSchema, { kind: item.kind, name, ...content, version: edit.version })).item;
    },
    async remove(itemId: string): Promise<void> {
      await connection.asMember('DELETE', path(itemId), z.unknown());
    },
  };
}

/** A saved search as the team keeps it (the server's page size is at most 200). */
function searchToShare(saved: SavedSearch | null, field = 'savedSearchId') {
  if (!saved) throw new AppError('not_found', 'That saved search no longer exists (it was deleted): choose another one.', { details: { field } });
  return { kind: 'search' as const, name: saved.name, body: saved.body, pageSize: Math.min(saved.pageSize, 200) };
}

function listToShareOrThrow(list: ReturnType<ListToShare>, field = 'listId') {
  if (!list) throw new AppError('not_found', 'That list no longer exists (it was deleted): choose another one.', { details: { field } });
  if (list.companies.length === 0) throw new AppError('invalid_input', `The list ‘${list.name}’ has no companies: add some first.`, { details: { field } });
  return { kind: 'list' as const, name: list.name, companies: list.companies };
}
