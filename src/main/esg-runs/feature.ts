// ESG runs feature, main side: the `esgRuns` bridge handlers over the active profile's store and
// its run engine (src/main/esg-runs/engine.ts).
import { AppError } from '../../shared/errors';
import type { FeatureDeps, FeatureModule } from '../ports/feature-deps';
import { EsgRunStore } from './store';

export function createEsgRunsFeature(deps: FeatureDeps): FeatureModule<'esgRuns'> {
  const stores = new Map<string, EsgRunStore>();

  function store(): { profileId: string; store: EsgRunStore } {
    const db = deps.workspace.active();
    const profileId = deps.activeProfile()!.id;
    let s = stores.get(db.file);
    if (!s) {
      s = new EsgRunStore(db);
      stores.set(db.file, s);
    }
    return { profileId, store: s };
  }

  const run = (id: number) => {
    const r = store().store.getRun(id);
    if (!r) throw new AppError('not_found', 'This ESG run no longer exists.');
    return r;
  };
  const notYet = (): never => {
    throw new AppError('internal', 'ESG runs are not available in this build yet.');
  };

  return {
    handlers: {
      async start() {
        return notYet();
      },
      async board({ runId }) {
        return { run: run(runId), tasks: store().store.tasks(runId) };
      },
      async list({ limit }) {
        if (!deps.workspace.status().available || !deps.activeProfile()) return [];
        const { profileId, store: s } = store();
        return s.listRuns(profileId, limit);
      },
      async pause() {
        return notYet();
      },
      async resume() {
        return notYet();
      },
      async cancel() {
        return notYet();
      },
      async retryFailed() {
        return notYet();
      },
      async latest({ companyId }) {
        return store().store.latest(companyId);
      },
      async history({ companyId, module, limit }) {
        return store().store.history(companyId, module, limit);
      },
      async summaries({ companyIds }) {
        return store().store.summaries(companyIds);
      },
    },
  };
}
