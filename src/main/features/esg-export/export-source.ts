// What an ESG export is of: a list's members (with the list's name as its title), or one company (its
// name as the page gave it, else the newest stored result's, else its id). Said as an error when the
// list is gone or lists are not part of this build.
import { AppError } from '../../../shared/errors';
import type { EsgExportSource } from '../../../shared/bridge/groups/esg-export';
import type { ListsAccess } from '../lists/list-store';
import type { EsgExportCompany, EsgResultsSource } from './write-esg-export';

export function exportSource(source: EsgExportSource, store: EsgResultsSource, lists: { activeStore(): ListsAccess } | undefined): { companies: EsgExportCompany[]; title: string } {
  if (source.kind === 'list') {
    if (!lists) throw new AppError('workspace_unavailable', 'Lists are not available in this build.');
    const access = lists.activeStore();
    const list = access.get(source.listId);
    if (!list) throw new AppError('not_found', 'This list no longer exists (it was deleted).');
    return { companies: access.listMembers(list.id).map((m) => ({ companyId: m.companyId, name: m.name, country: m.country })), title: `List “${list.name}”` };
  }
  const id = source.companyId.toLowerCase();
  const name = source.companyName ?? store.latest(id, 'scores')?.companyName ?? store.latest(id, 'news')?.companyName ?? store.latest(id, 'commitments')?.companyName ?? null;
  return { companies: [{ companyId: id, name, country: null }], title: `Company ${name ?? id}` };
}
