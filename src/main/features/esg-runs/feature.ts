// ESG runs feature, main side: the `esgRuns` bridge handlers over each profile's store and run
// engine. Open runs of the active profile resume at start; another profile's resume the first
// time that profile is used here again. An engine the database stopped (a lock held too long, a
// full or read-only disk) still answers reads; the next command (Resume, Start, ...) replaces it by
// a new engine that resumes the runs from what was written, as a restart does.
import { AppError } from '../../../shared/errors';
import { type RunInfo, type StartRunInput } from '../../../shared/esg-runs/schemas';
import type { RetryPolicy } from '../../platform/api/retry';
import { resolvePolicy, type BackoffPolicy } from '../esg/backoff';
import { displayLatest, displayResult } from '../esg/display-items';
import { realTimers, type WatchTimers } from '../esg/timers';
import type { FeatureDeps, FeatureModule } from '../../platform/ports/feature-deps';
import type { RunEngine } from './engine';
import { createProfileEngine, createRunListeners, type RunRoute } from './profile-engine';
import type { EsgRunStore } from './store';

export interface EsgRunsOptions {
  timers?: WatchTimers;
  policy?: Partial<BackoffPolicy>;
  maxConsecutiveFailures?: number;
  retry?: RetryPolicy;
  updateEveryMs?: number;
}

/** How another feature's run reaches the service (profile-engine.ts). */
export type { RunRoute } from './profile-engine';

export interface EsgRunsFeature extends FeatureModule<'esgRuns'> {
  engineFor(profileId: string): RunEngine;
  /** Starts a run for another feature (a watch's check); every request of its cells goes through `route`. */
  startRouted(profileId: string, input: StartRunInput, route: RunRoute): RunInfo;
  /** Routes an existing run again (after a restart: routes live in memory only). */
  route(runId: number, route: RunRoute): void;
  unroute(runId: number): void;
  /** Hears every change of a run's status or counts (of every profile); returns the unsubscribe function. */
  onRunChange(listener: (run: RunInfo) => void): () => void;
}

export function createEsgRunsFeature(deps: FeatureDeps, opts: EsgRunsOptions = {}): EsgRunsFeature {
  const timers = opts.timers ?? realTimers(() => deps.now());
  const policy = resolvePolicy(opts.policy);
  const engines = new Map<string, RunEngine>();
  const routes = new Map<number, RunRoute>();
  const runListeners = createRunListeners();
  const told = runListeners.told;
  let disposed = false;
  // What each profile's engine is built from (profile-engine.ts).
  const engineDeps = { deps, opts, timers, policy, routes, told, disposed: () => disposed };

  function engineFor(profileId: string): RunEngine {
    let e = engines.get(profileId);
    if (!e) {
      if (disposed) throw new AppError('cancelled', 'The app is shutting down.');
      e = createProfileEngine(engineDeps, profileId);
      engines.set(profileId, e);
      e.resumeAll();
    }
    e.pump();
    return e;
  }

  /**
   * The active profile's engine (its store is opened, and its open runs resumed, on first use). For a
   * command, an engine the database stopped is replaced first: the new one resumes its runs.
   */
  function active(command = false): { profileId: string; engine: RunEngine; store: EsgRunStore } {
    const profile = deps.activeProfile();
    if (!profile) throw new AppError('not_configured', 'Choose a connection profile first.');
    deps.workspace.forProfile(profile.id); // throws workspace_unavailable with the reason
    if (command && engines.get(profile.id)?.halted) engines.delete(profile.id);
    const engine = engineFor(profile.id);
    return { profileId: profile.id, engine, store: engine.store };
  }

  return {
    engineFor,
    startRouted(profileId, input, route) {
      // As a command from the screen: an engine the database stopped is replaced (it resumes its runs).
      if (engines.get(profileId)?.halted) engines.delete(profileId);
      const run = engineFor(profileId).start(input);
      routes.set(run.id, route);
      return run;
    },
    route(runId, route) {
      routes.set(runId, route);
    },
    unroute(runId) {
      routes.delete(runId);
    },
    onRunChange(listener) {
      return runListeners.add(listener);
    },
    handlers: {
      async start(input) {
        return active(true).engine.start(input);
      },
      async board({ runId }) {
        return active().engine.board(runId);
      },
      async list({ limit }) {
        if (!deps.workspace.status().available || !deps.activeProfile()) return [];
        const { profileId, store, engine } = active();
        return store.listRuns(profileId, limit).map((r) => engine.shown(r));
      },
      async pause({ runId }) {
        return active(true).engine.pause(runId);
      },
      async resume({ runId }) {
        return active(true).engine.resume(runId);
      },
      async cancel({ runId }) {
        return active(true).engine.cancel(runId);
      },
      async retryFailed({ runId }) {
        return active(true).engine.retryFailed(runId);
      },
      async latest({ companyId }) {
        return displayLatest(active().store.latest(companyId));
      },
      async history({ companyId, module, limit }) {
        return active().store.history(companyId, module, limit).map((r) => displayResult(r));
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
      runListeners.clear();
      await Promise.allSettled([...engines.values()].map((e) => e.dispose()));
    },
  };
}
