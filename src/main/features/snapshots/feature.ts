// Snapshot feature, main side: load a whole result set into the active profile's workspace
// database, then page, sort, filter and facet it locally. The stores are snapshot-stores.ts, a load
// from the Search screen start-load.ts; here the bridge handlers and the loads other features own.
import { FACET_IDS, type FacetCount, type FacetId, type SnapshotInfo } from '../../../shared/snapshots/snapshot';
import { AppError } from '../../../shared/errors';
import { checkSearchBody } from '../../../shared/search/body';
import { PAGE_SIZE_MAX, type CompanyRecord, type SearchBody } from '../../../shared/service/schemas';
import type { ApiClient } from '../../platform/api/types';
import type { FeatureDeps, FeatureModule } from '../../platform/ports/feature-deps';
import type { SnapshotStore } from './snapshot-store';
import { loadAll } from './load-all';
import type { WriterEntry } from './page-writer';
import { estimateLoad, lastLoad, workspaceSize } from './load-estimate';
import { existing, snapshotStores } from './snapshot-stores';
import { startLoad } from './start-load';
import { facetConditions } from './facet-conditions';

/** A load another feature keeps for itself (a watch's check): see SnapshotStore.create's `owner`. */
export interface OwnedLoad {
  profileId: string;
  owner: string;
  body: SearchBody;
  rowCap: number;
  /** The caller's client (its own lane in the rate limiter, its request count). */
  api: ApiClient;
  signal: AbortSignal;
  onProgress?(info: SnapshotInfo): void;
}

export interface SnapshotsFeature extends FeatureModule<'snapshots'> {
  /** The profile's snapshot store (the one the Search screen's loaded results use). */
  storeFor(profileId: string): SnapshotStore;
  /** Starts an owned load: `snapshot` at once (loading), `done` when it ends (rejects on failure or cancel, the rows removed). */
  loadOwned(o: OwnedLoad): { snapshot: SnapshotInfo; done: Promise<SnapshotInfo> };
}

export interface SnapshotsOptions {
  /** The writer thread's script (benches: the built one; default: beside this module). */
  writerEntry?: WriterEntry;
}

export function createSnapshotFeature(deps: FeatureDeps, opts: SnapshotsOptions = {}): SnapshotsFeature {
  const running = new Map<number, AbortController>();
  const stores = snapshotStores(deps, opts.writerEntry);
  const store = stores.active;

  return {
    storeFor: (profileId) => stores.storeOf(profileId).store,
    loadOwned(o) {
      const open = stores.storeOf(o.profileId);
      const s = open.store;
      const created = s.create({ profileId: o.profileId, query: o.body, pageSize: PAGE_SIZE_MAX, rowCap: o.rowCap, startedAt: deps.now(), owner: o.owner });
      const controller = new AbortController();
      const stop = () => controller.abort();
      o.signal.addEventListener('abort', stop, { once: true });
      running.set(created.id, controller);
      const done = loadAll({
        api: o.api,
        store: s,
        writer: stores.writerFor(open),
        snapshotId: created.id,
        body: o.body,
        pageSize: PAGE_SIZE_MAX,
        rowCap: o.rowCap,
        signal: controller.signal,
        now: deps.now,
        onProgress: o.onProgress,
      }).finally(() => {
        running.delete(created.id);
        o.signal.removeEventListener('abort', stop);
      });
      return { snapshot: created, done };
    },
    handlers: {
      async load({ body, rowCap }) {
        const check = checkSearchBody(body);
        if (!check.ok) throw new AppError('invalid_input', `The search is not valid: ${check.message}`, { details: { field: check.path } });
        const open = store();
        const api = await deps.api();
        return startLoad(deps, { ...open, api, writer: () => stores.writerFor(open), running }, check.body, rowCap);
      },
      async estimate({ rows }) {
        const db = deps.workspace.active();
        return estimateLoad(rows, PAGE_SIZE_MAX, lastLoad(db, deps.activeProfile()!.id), workspaceSize(db));
      },
      async cancel({ id }) {
        running.get(id)?.abort();
      },
      async list() {
        if (!deps.workspace.status().available || !deps.activeProfile()) return [];
        // A 'loading' snapshot no load is filling is a failed load's leftover: never an answer.
        return store()
          .store.list(deps.activeProfile()!.id)
          .filter((info) => info.status !== 'loading' || running.has(info.id));
      },
      async page({ id, view, offset, limit }) {
        const { store: s } = store();
        const snapshot = existing(s, id);
        const { total, records } = s.page(id, view, offset, limit);
        return { snapshot, total, offset, rows: records as CompanyRecord[] };
      },
      async facets({ id, view }) {
        const { store: s } = store();
        existing(s, id);
        const out = {} as Record<FacetId, FacetCount[]>;
        for (const f of FACET_IDS) {
          out[f] = s.facetCounts(id, f, view);
          // Between two counts (each up to ~60 ms over 100,000 rows), the rows of a view the analyst
          // clicked meanwhile go first: they would otherwise wait for all seven counts of the old one.
          await new Promise((r) => setImmediate(r));
        }
        return out;
      },
      async facetConditions({ id, facets }) {
        const { store: s } = store();
        existing(s, id);
        return facetConditions(facets ?? {}, {
          texts: (field) => s.distinct(id, field, 'txt').map(String),
          numbers: (field) => s.distinct(id, field, 'num').map(Number),
        });
      },
      async values({ id, field, prefix }) {
        const { store: s } = store();
        existing(s, id);
        return s.values(id, field, prefix ?? '');
      },
      async remove({ id }) {
        running.get(id)?.abort();
        const { store: s } = store();
        if (!running.has(id)) s.delete(id);
      },
    },
    async dispose() {
      for (const c of running.values()) c.abort();
      // Let the aborted walks settle before the core closes the databases.
      const deadline = Date.now() + 2000;
      while (running.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    },
  };
}
