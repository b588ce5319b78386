// The run engine of one profile, as the feature builds it: its store in the profile's workspace
// database, requests only while that profile is active (through another feature's route when the
// run is routed), and its updates, ends and halts told on the bridge and by notifications. Part of
// the esg-runs feature (feature.ts), which keeps one engine per profile.
import { AppError } from '../../../shared/errors';
import { ESG_CONCURRENCY_DEFAULT, type RunInfo } from '../../../shared/esg-runs/schemas';
import type { RetryPolicy } from '../../platform/api/retry';
import type { ApiClient } from '../../platform/api/types';
import type { FeatureDeps } from '../../platform/ports/feature-deps';
import type { BackoffPolicy } from '../esg/backoff';
import type { WatchTimers } from '../esg/timers';
import { RunEngine } from './engine';
import { EsgRunStore } from './store';

/** How another feature's run reaches the service: its own view of the client (a lane, a request count). */
export type RunRoute = (api: ApiClient) => ApiClient;

export interface ProfileEngineDeps {
  deps: Pick<FeatureDeps, 'workspace' | 'activeProfile' | 'api' | 'requestBudget' | 'emit' | 'shell'>;
  /** The feature's options (EsgRunsOptions) an engine reads. */
  opts: { maxConsecutiveFailures?: number; retry?: RetryPolicy; updateEveryMs?: number };
  timers: WatchTimers;
  policy: BackoffPolicy;
  /** Routes of runs another feature started, by run id (looked up at each request). */
  routes: ReadonlyMap<number, RunRoute>;
  /** Tells the feature's run listeners (onRunChange). */
  told(run: RunInfo): void;
  /** After dispose nothing more is told. */
  disposed(): boolean;
}

export function createProfileEngine({ deps, opts, timers, policy, routes, told, disposed }: ProfileEngineDeps, profileId: string): RunEngine {
  const store = new EsgRunStore(deps.workspace.forProfile(profileId));
  const isActive = () => deps.activeProfile()?.id === profileId;
  return new RunEngine({
    store,
    profileId,
    api: async (runId) => {
      // A session id or company id means something only to the service of its profile.
      if (!isActive()) throw new AppError('not_configured', 'This ESG run belongs to another connection profile. Switch back to it and use "Retry failed".');
      const api = await deps.api();
      // Looked up after the await: a route set right after startRouted's engine.start applies to the first request too.
      const route = runId === undefined ? undefined : routes.get(runId);
      return route ? route(api) : api;
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
      if (disposed()) return;
      deps.emit('esgRuns', 'esgRunUpdate', u);
      told(u.run);
    },
    onRunFinished: (f) => {
      if (disposed()) return;
      // A routed run belongs to another feature (a watch's check), which tells its end in its own words.
      const quiet = routes.has(f.run.id);
      told(f.run);
      if (quiet) return;
      deps.emit('esgRuns', 'runFinished', f);
      deps.shell.notify(f.title, f.body);
    },
    onHalted: (error, runs) => {
      if (disposed() || runs.length === 0) return;
      const labels = runs.map((r) => r.label).join(', ');
      deps.shell.notify(`ESG run paused: ${labels}`, `${error.message} The cells saved so far are kept; press Resume on the ESG board to go on.`);
    },
  });
}

/** The listeners of onRunChange: each hears every run change, and one's failure is its own. */
export function createRunListeners() {
  const listeners = new Set<(run: RunInfo) => void>();
  return {
    add(listener: (run: RunInfo) => void): () => boolean {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    told(run: RunInfo): void {
      for (const l of [...listeners]) {
        try {
          l(run);
        } catch {
          // a listener's failure is its own
        }
      }
    },
    clear: () => listeners.clear(),
  };
}
