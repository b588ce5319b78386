// Lists feature, main side: the `lists` bridge group over ListStore (one per profile database) and
// the name lookup for pasted ids. A list's export is a job of the export feature (export-list.ts).
// Other features get a profile's store from it (shells/compose/create-core.ts wires them):
//
//   const lists = createListsFeature(deps);
//   createAnalyticsFeature(deps, { lists });   // it reads lists.activeStore().listMembers(listId)
//
// Watches read a given profile's lists with lists.store(profileId).
//
// Every change made through a store (bridge or main-side callers) emits `lists.changed`.
import { AppError, isAppError } from '../../../shared/errors';
import type { ListChange, ListMemberInput, ListSource } from '../../../shared/lists/lists';
import type { FeatureDeps, FeatureModule } from '../../platform/ports/feature-deps';
import { ListStore, type AddResult } from './list-store';
import { lookupRecords } from './lookup-names';

export interface ListsFeature extends FeatureModule<'lists'> {
  /** The lists of one profile (opens its workspace database on first use). */
  store(profileId: string): ListStore;
  /** The active profile's lists; throws AppError not_configured without one. */
  activeStore(): ListStore;
}

export function createListsFeature(deps: FeatureDeps): ListsFeature {
  const stores = new Map<string, ListStore>();

  function store(profileId: string): ListStore {
    const db = deps.workspace.forProfile(profileId);
    const key = `${profileId}\0${db.file}`;
    let s = stores.get(key);
    if (!s) {
      s = new ListStore(db, profileId, deps.now, (listId) => deps.emit('lists', 'changed', { profileId, listId }));
      stores.set(key, s);
    }
    return s;
  }

  function activeStore(): ListStore {
    const profile = deps.activeProfile();
    if (!profile) throw new AppError('not_configured', 'Choose a connection profile first.');
    return store(profile.id);
  }

  function existing(s: ListStore, id: number) {
    const list = s.get(id);
    if (!list) throw new AppError('not_found', 'This list no longer exists (it was deleted).');
    return list;
  }

  /** Companies for a `companies` or `ids` source, with the names the service returns for bare ids. */
  async function resolve(source: Exclude<ListSource, { kind: 'snapshot' }>, signal: AbortSignal) {
    if (source.kind === 'companies') return { companies: source.companies as ListMemberInput[], namesUnknown: [] as string[], lookupError: null };
    const ids = [...new Set(source.ids.map((id) => id.toLowerCase()))];
    let found = new Map<string, Record<string, unknown>>();
    let lookupError: string | null = null;
    try {
      found = await lookupRecords(await deps.api(), ids, signal);
    } catch (e) {
      if (signal.aborted) throw new AppError('cancelled', 'Creating the list was cancelled.');
      // The ids are still worth keeping: the list is made, the names are said to be unknown.
      lookupError = isAppError(e) || e instanceof Error ? e.message : String(e);
    }
    const companies = ids.map((companyId): ListMemberInput => {
      const record = found.get(companyId);
      return record ? { companyId, record: record as ListMemberInput['record'] } : { companyId };
    });
    return { companies, namesUnknown: ids.filter((id) => !found.has(id)), lookupError };
  }

  async function fill(s: ListStore, listId: number, source: ListSource, signal: AbortSignal): Promise<Omit<ListChange, 'list'>> {
    if (source.kind === 'snapshot') return { ...s.addSnapshot(listId, source.snapshotId, source.view), namesUnknown: [], lookupError: null };
    const r = await resolve(source, signal);
    const added: AddResult = s.addToList(listId, r.companies);
    return { ...added, namesUnknown: r.namesUnknown, lookupError: r.lookupError };
  }

  return {
    store,
    activeStore,
    handlers: {
      async all() {
        // Without the database module this says why (workspace_unavailable), rather than "no lists".
        if (!deps.activeProfile()) return [];
        return activeStore().all();
      },
      async get({ id }) {
        return existing(activeStore(), id);
      },
      async members({ id, view, offset, limit }) {
        const page = activeStore().membersPage(id, view, offset, limit);
        return { ...page, offset };
      },
      async create({ name, source }, ctx) {
        const s = activeStore();
        // Names first: a taken name fails before the service is asked about pasted ids.
        s.assertNameFree(name);
        const resolved = source.kind === 'snapshot' ? null : await resolve(source, ctx.signal);
        const { list, added, alreadyIn } =
          source.kind === 'snapshot'
            ? s.createFromSnapshot(name, source.snapshotId, source.view)
            : s.createList({ name, companies: resolved!.companies });
        return { list: s.get(list.id)!, added, alreadyIn, namesUnknown: resolved?.namesUnknown ?? [], lookupError: resolved?.lookupError ?? null };
      },
      async addMembers({ id, source }, ctx) {
        const s = activeStore();
        existing(s, id);
        const r = await fill(s, id, source, ctx.signal);
        return { list: existing(s, id), ...r };
      },
      async removeMembers({ id, companyIds }) {
        const s = activeStore();
        s.removeFromList(id, companyIds);
        return existing(s, id);
      },
      async rename({ id, name }) {
        return activeStore().rename(id, name);
      },
      async delete({ id }) {
        activeStore().deleteList(id);
      },
      async duplicate({ id, name }) {
        return activeStore().duplicate(id, name);
      },
      async setWeights({ id, weighting, weights }) {
        return activeStore().setWeights(id, { ...(weighting ? { weighting } : {}), ...(weights ? { weights } : {}) });
      },
      async setBenchmark({ id, benchmark }) {
        return activeStore().setBenchmark(id, benchmark);
      },
    },
  };
}
