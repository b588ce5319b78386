// Search feature, main side: validates bodies, owns pagination sessions, cancellation, saved/recent searches.
import { AppError } from '../../../shared/errors';
import { liveCountOf } from '../../../shared/profile';
import { checkSearchBody } from '../../../shared/search/body';
import type { FeatureDeps, FeatureModule } from '../../platform/ports/feature-deps';
import { SavedSearchStore } from './saved-store';
import { SearchSessions } from './sessions';

export function createSearchFeature(deps: FeatureDeps): FeatureModule<'search'> {
  const profileId = () => deps.activeProfile()?.id ?? null;
  const sessions = new SearchSessions({ api: () => deps.api(), profileId, now: () => deps.now() });
  const store = new SavedSearchStore(deps.settings, () => deps.now());
  const inFlight = new Map<string, AbortController>();

  /** Runs `work` with a signal aborted by search.cancel(requestId) or by the renderer going away. */
  async function cancellable<T>(requestId: string | undefined, ctxSignal: AbortSignal, work: (s: AbortSignal) => Promise<T>) {
    if (!requestId) return work(ctxSignal);
    const controller = new AbortController();
    inFlight.get(requestId)?.abort();
    inFlight.set(requestId, controller);
    try {
      return await work(AbortSignal.any([ctxSignal, controller.signal]));
    } finally {
      if (inFlight.get(requestId) === controller) inFlight.delete(requestId);
    }
  }

  function recordRecent(id: string, body: unknown, pageSize: number, count: number) {
    try {
      store.addRecent(id, { body, pageSize, count });
    } catch {
      // Settings trouble is reported by the core's settings store; a lost recent entry is not worth failing for.
    }
  }

  function requireProfile(): string {
    const id = profileId();
    if (!id) throw new AppError('not_configured', 'Choose a connection profile first.');
    return id;
  }

  function validBody(body: unknown) {
    const check = checkSearchBody(body);
    if (!check.ok) throw new AppError('invalid_input', `The search is not valid: ${check.message}`, { details: { field: check.path } });
    return check.body;
  }

  return {
    handlers: {
      async start({ body, pageSize, requestId }, ctx) {
        const valid = validBody(body);
        const view = await cancellable(requestId, ctx.signal, (signal) => sessions.start(valid, pageSize, signal));
        const id = profileId();
        // Recording the recent search writes settings to disk: do it after the page is on its way.
        if (id) setImmediate(() => recordRecent(id, valid, pageSize, view.count));
        return view;
      },
      async reopen({ body, pageSize, pageNumber, requestId }, ctx) {
        const valid = validBody(body);
        return cancellable(requestId, ctx.signal, (signal) => sessions.reopen(valid, pageSize, pageNumber, signal));
      },
      async countMatches({ body, requestId }, ctx) {
        const valid = validBody(body);
        const profile = deps.activeProfile();
        if (!profile) throw new AppError('not_configured', 'Choose a connection profile first.');
        if (!liveCountOf(profile)) {
          throw new AppError('not_configured', 'The live match count is turned off for this profile (Settings).');
        }
        // page_size=1: the count is all that is wanted. No session, no recent entry: nothing was run.
        return cancellable(requestId, ctx.signal, async (signal) => {
          const api = await deps.api();
          try {
            const page = await api.search({ body: valid, pageSize: 1 }, { signal });
            return { count: page.count };
          } catch (e) {
            if (signal.aborted) throw new AppError('cancelled', 'Cancelled.');
            throw e;
          }
        });
      },
      async page({ sessionId, direction, fromPage, requestId }, ctx) {
        return cancellable(requestId, ctx.signal, (signal) => sessions.page(sessionId, direction, fromPage, signal));
      },
      async cancel({ requestId }) {
        inFlight.get(requestId)?.abort();
        inFlight.delete(requestId);
      },
      async listSaved() {
        const id = profileId();
        return id ? store.list(id) : [];
      },
      async saveSearch(input) {
        const profile = requireProfile();
        return store.save(profile, { ...input, body: validBody(input.body) });
      },
      async renameSaved({ id, name }) {
        return store.rename(requireProfile(), id, name);
      },
      async deleteSaved({ id }) {
        store.delete(requireProfile(), id);
      },
      async listRecent() {
        const id = profileId();
        return id ? store.recent(id) : [];
      },
    },
    async dispose() {
      for (const c of inFlight.values()) c.abort();
      inFlight.clear();
      sessions.clear();
    },
  };
}
