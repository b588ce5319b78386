// ESG feature: module requests, and processing sessions watched from main with progress
// pushed to the renderer (esg.progress / esg.completed). The renderer never polls.
import type { EsgModuleView, WatchView } from '../../../shared/bridge/groups/esg';
import { MODULE_LABELS } from '../../../shared/esg/count-semantics';
import { AppError } from '../../../shared/errors';
import type { FeatureDeps, FeatureModule } from '../../platform/ports/feature-deps';
import { resolvePolicy, type BackoffPolicy } from './backoff';
import { CompanyNames } from './company-names';
import { ModuleViews } from './module-views';
import { newsMonths } from './news-timeline';
import { realTimers, type WatchTimers } from './timers';
import { WatchRegistry, type WatchEntry } from './watch-registry';

export interface EsgFeatureOptions {
  policy?: Partial<BackoffPolicy>;
  timers?: WatchTimers;
  maxConsecutiveFailures?: number;
  /** Re-fetches of the module when it still says `processing` right after the session completed. */
  completionRefetches?: number;
}

export function createEsgFeature(deps: FeatureDeps, opts: EsgFeatureOptions = {}): FeatureModule<'esg'> {
  const timers = opts.timers ?? realTimers(() => deps.now());
  const views = new ModuleViews(() => deps.api());
  const names = new CompanyNames(() => deps.api(), () => deps.activeProfile()?.id ?? null);
  let disposed = false;
  /** Watches as the renderer sees them: with the company's name once known. */
  const named = (v: WatchView): WatchView => {
    const companyName = names.nameOf(v.companyId);
    return companyName ? { ...v, companyName } : v;
  };
  const companyLabel = (companyId: string) => names.nameOf(companyId) ?? `company ${companyId}`;
  /**
   * Looks a name up in the background and re-sends the watch with it: for watches resumed at start.
   * Requests carry the name the renderer shows (or the screen asked `company` first), so a request
   * itself never costs a search.
   */
  const learnName = (companyId: string, sessionId: string) => {
    if (names.nameOf(companyId)) return;
    names.lookup(companyId).then(
      () => {
        const w = registry.get(sessionId);
        if (!disposed && w && names.nameOf(companyId)) deps.emit('esg', 'progress', named(w));
      },
      () => {}, // the id stays the label; the next request tries again
    );
  };

  const registry = new WatchRegistry({
    api: () => deps.api(),
    policy: resolvePolicy(opts.policy),
    timers,
    maxConsecutiveFailures: opts.maxConsecutiveFailures ?? 8,
    settings: deps.settings,
    activeProfileId: () => deps.activeProfile()?.id ?? null,
    onChange: (v) => {
      if (!disposed) deps.emit('esg', 'progress', named(v));
    },
    onTerminal: (v, entry) => void onTerminal(v, entry),
  });

  async function onTerminal(raw: WatchView, entry: WatchEntry): Promise<void> {
    if (disposed) return;
    const watch = named(raw);
    deps.emit('esg', 'progress', watch);
    if (watch.state === 'not_found') {
      deps.emit('esg', 'completed', { watch, view: views.notFound(watch.companyId, watch.module) });
      return;
    }
    if (watch.state !== 'complete') return;
    const view = await fetchCompleted(watch, entry.pageSize);
    if (disposed) return;
    deps.emit('esg', 'completed', { watch, view });
    const label = MODULE_LABELS[watch.module];
    deps.shell.notify(`ESG ${label.toLowerCase()} ready`, `${label} for ${companyLabel(watch.companyId)} finished (${watch.resultCount} counted).`);
  }

  /** The data arrives with a second module request; `status` already said complete, so a lagging
   *  `processing` answer for the same session is re-asked a few times, never polled as progress. */
  async function fetchCompleted(watch: WatchView, pageSize: number): Promise<EsgModuleView | null> {
    const attempts = 1 + (opts.completionRefetches ?? 3);
    for (let i = 0; i < attempts && !disposed; i++) {
      try {
        const view = await views.first({ companyId: watch.companyId, module: watch.module, pageSize });
        if (view.status !== 'processing') return view;
        if (view.sessionId && view.sessionId !== watch.sessionId) {
          // The service already started a newer run: watch it too, and show what we have.
          registry.watch({ sessionId: view.sessionId, companyId: view.companyId, module: view.module, pageSize });
          return view;
        }
      } catch {
        // Reported below as a completed watch without data; the analyst can open it to retry.
      }
      await new Promise((r) => timers.setTimeout(() => r(undefined), 250 * (i + 1)));
    }
    return null;
  }

  const handlers: FeatureModule<'esg'>['handlers'] = {
    async request(input, ctx) {
      names.remember(input.companyId, input.companyName);
      const view = await views.first(input, ctx.signal);
      if (view.status === 'processing') {
        if (!view.sessionId) throw new AppError('bad_response', 'The service said processing but gave no session to follow.', { details: { field: 'active_processing_session' } });
        registry.watch({ sessionId: view.sessionId, companyId: view.companyId, module: view.module, pageSize: input.pageSize });
      }
      return view;
    },
    async company(input, ctx) {
      return names.lookup(input.companyId, ctx.signal);
    },
    async record(input, ctx) {
      return names.record(input.companyId, ctx.signal);
    },
    async findByName(input, ctx) {
      return names.find(input.text, input.limit, ctx.signal);
    },
    async newsMonths(input, ctx) {
      return newsMonths(await deps.api(), input.companyId, ctx.signal);
    },
    async page(input, ctx) {
      return views.page(input.viewId, input.direction, ctx.signal);
    },
    async listWatches() {
      return registry.list().map(named);
    },
    async unwatch(input) {
      registry.unwatch(input.sessionId);
    },
  };

  return {
    handlers,
    async start() {
      registry.resume();
      for (const w of registry.list()) if (w.state === 'processing') learnName(w.companyId, w.sessionId);
    },
    async dispose() {
      disposed = true;
      registry.dispose();
    },
  };
}
