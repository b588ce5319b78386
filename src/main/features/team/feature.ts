// The Team connection's bridge handlers, and its checks while the app runs: once at start (not
// holding the start up) and every few minutes, so the screen says soon when the server is gone
// or back. Local work never waits on it.
import type { FeatureModule } from '../../platform/ports/feature-deps';
import { SavedSearchStore } from '../search/saved-store';
import { createTeamConnection, type TeamConnectionDeps } from './team-connection';
import { createTeamWatchCalls, type ListToShare } from './team-watch-calls';

/** How often a connected app asks the server who it is. */
export const TEAM_CHECK_EVERY_MS = 5 * 60_000;

export function createTeamFeature(d: TeamConnectionDeps & { checkEveryMs?: number; activeProfileId(): string | null; listToShare: ListToShare }): FeatureModule<'team'> {
  const connection = createTeamConnection(d);
  const saved = new SavedSearchStore(d.settings, d.now);
  const watches = createTeamWatchCalls(connection, (id) => {
    const profileId = d.activeProfileId();
    return profileId ? (saved.list(profileId).find((s) => s.id === id) ?? null) : null;
  }, d.listToShare);
  let timer: NodeJS.Timeout | null = null;
  const checkQuietly = () => void connection.check().catch(() => undefined);
  return {
    handlers: {
      status: async () => connection.status(),
      connect: (input) => connection.connect(input),
      check: () => connection.check(),
      disconnect: () => connection.disconnect(),
      watches: () => watches.list(),
      watchSavedSearch: ({ savedSearchId, schedule }) => watches.watchSavedSearch(savedSearchId, schedule),
      watchList: ({ listId, modules, scoreThreshold, schedule }) => watches.watchList(listId, { modules, scoreThreshold }, schedule),
      checkNow: async ({ watchId }) => ({ checkId: await watches.checkNow(watchId) }),
      changes: ({ watchId }) => watches.changes(watchId),
    },
    async start() {
      checkQuietly();
      timer = setInterval(checkQuietly, d.checkEveryMs ?? TEAM_CHECK_EVERY_MS);
      timer.unref();
    },
    async dispose() {
      if (timer) clearInterval(timer);
      await connection.idle();
    },
  };
}
