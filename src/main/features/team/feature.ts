// The Team connection's bridge handlers, and its checks while the app runs: once at start (not
// holding the start up) and every few minutes, so the screen says soon when the server is gone
// or back. Local work never waits on it.
import type { FeatureModule } from '../../platform/ports/feature-deps';
import { createTeamConnection, type TeamConnectionDeps } from './team-connection';

/** How often a connected app asks the server who it is. */
export const TEAM_CHECK_EVERY_MS = 5 * 60_000;

export function createTeamFeature(d: TeamConnectionDeps & { checkEveryMs?: number }): FeatureModule<'team'> {
  const connection = createTeamConnection(d);
  let timer: NodeJS.Timeout | null = null;
  const checkQuietly = () => void connection.check().catch(() => undefined);
  return {
    handlers: {
      status: async () => connection.status(),
      connect: (input) => connection.connect(input),
      check: () => connection.check(),
      disconnect: () => connection.disconnect(),
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
