// ESG runs feature, main side: the `esgRuns` bridge handlers over each profile's store and run
// engine. Open runs of the active profile resume at start; another profile's resume the first
// time that profile is used here again.
import { AppError } from '../../shared/errors';
import { ESG_CONCURRENCY_DEFAULT } from '../../shared/esg-runs/schemas';
import type { RetryPolicy } from '../api/retry';
import { resolvePolicy, type BackoffPolicy } from '../esg/backoff';
import { realTimers, type WatchTimers } from '../esg/timers';
import type { FeatureDeps, FeatureModule } from '../ports/feature-deps';
import { RunEngine } from './engine';
import { EsgRunStore } from './store';

export interface EsgRunsOptions {
  timers?: WatchTimers;
  policy?: Partial<BackoffPolicy>;
  maxConsecutiveFailures?: number;
  retry?: RetryPolicy;
  updateEveryMs?: number;
}

export function createEsgRunsFeature(deps: FeatureDeps, opts: EsgRunsOptions = {}): FeatureModule<'esgRuns'> & { engineFor(profileId: string): RunEngine } {
  const timers = opts.timers ?? realTimers(() => deps.now());
  const policy = resolvePolicy(opts.policy);
  const engines = new Map<string, RunEngine>();
  let disposed = false;

  function engineFor(profileId: string): RunEngine {
    let e = engines.get(profileId);
    if (!e) {
      if (disposed) throw new AppError('cancelled', 'The app is shutting down.');
      const store = new EsgRunStore(deps.workspace.forProfile(profileId));
      const isActive = () => deps.activeProfile()?.id === profileId;
      e = new RunEngine({
        store,
        profileId,
        api: async () => {
          // A session id or company id means something only to the service of its profile.
          if (!isActive()) throw new AppError('not_configured', 'This ESG run belongs to another connection profile. Switch back to it and use "Retry failed".');
          return deps.api();
        },
        isActive,
        concurrency: () => deps.activeProfile()?.esgConcurrency ?? ESG_CONCURRENCY_DEFAULT,
        budget: deps.requestBudget ? () => deps.requestBudget!() : undefined,
        timers,
        policy,
        maxConsecutiveFailures: opts.maxConsecutiveFailures ?? 8,
        retry: opts.retry,
        updateEveryMs: opts.updateEveryMs,
        emitUpdate: (u) => {
          if (!disposed) deps.emit('esgRuns', 'esgRunUpdate', u);
        },
        onRunFinished: (f) => {
          if (disposed) return;
          deps.emit('esgRuns', 'runFinished', f);
          deps.shell.notify(f.title, f.body);
        },
      });
      engines.set(profileId, e);
      e.resumeAll();
    }
    e.pump();
    return e;
  }

  /** The active profile's engine (its store is opened, and its open runs resumed, on first use). */
  function active(): { profileId: string; engine: RunEngine; store: EsgRunStore } {
    const profile = deps.activeProfile();
    if (!profile) throw new AppError('not_configured', 'Choose a connection profile first.');
    deps.workspace.forProfile(profile.id); // throws workspace_unavailable with the reason
    const engine = engineFor(profile.id);
    return { profileId: profile.id, engine, store: engine.store };
  }

  return {
    engineFor,
    handlers: {
      async start(input) {
        return active().engine.start(input);
      },
      async board({ runId }) {
        return active().engine.board(runId);
      },
      async list({ limit }) {
        if (!deps.workspace.status().available || !deps.activeProfile()) return [];
        const { profileId, store } = active();
        return store.listRuns(profileId, limit);
      },
      async pause({ runId }) {
        return active().engine.pause(runId);
      },
      async resume({ runId }) {
        return active().engine.resume(runId);
      },
      async cancel({ runId }) {
        return active().engine.cancel(runId);
      },
      async retryFailed({ runId }) {
        return active().engine.retryFailed(runId);
      },
      async latest({ companyId }) {
        return active().store.latest(companyId);
      },
      async history({ companyId, module, limit }) {
        return active().store.history(companyId, module, limit);
      },
      async summaries({ companyIds }) {
        return active().store.summaries(companyIds);
      },
      async storedCompanies({ text, limit }) {
        return active().store.storedCompanies(text, limit);
      },
    },
    async start() {
      const profile = deps.activeProfile();
      if (!profile || !deps.workspace.status().available) return;
      try {
        engineFor(profile.id);
      } catch {
        // The workspace could not be opened: said by the workspace notice; runs resume at next use.
      }
    },
    async dispose() {
      disposed = true;
      await Promise.allSettled([...engines.values()].map((e) => e.dispose()));
    },
  };
}
