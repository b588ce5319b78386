// `connection` bridge group: profiles (secrets go in, never come out), activation, status, test.
import { AppError } from '../../shared/errors';
import { canonicalJson } from '../../shared/search/body';
import { networkOf, type Profile, type ProfileView } from '../../shared/profile';
import type { BridgeHandlers } from '../../shared/bridge/table';
import type { Transport } from '../api/transport';
import type { Connections } from './connections';
import { testConnection } from './connection-test';
import type { ProfileRepo } from './profile-repo';

export function createConnectionHandlers(o: {
  repo: ProfileRepo;
  connections: Connections;
  transport: Transport;
  now: () => number;
}): BridgeHandlers['connection'] {
  // The Sandbox profile is shown with the URLs it really uses (port and path): listing starts the
  // embedded sandbox if needed, as the first search would. Turned off, its placeholders stay.
  async function view(p: Profile): Promise<ProfileView> {
    const shown = p.kind === 'sandbox' ? await o.connections.resolve(p).catch(() => p) : p;
    const hasProxyPassword = networkOf(p).proxy === 'url' && (await o.repo.proxyPasswordFor(p)) !== null;
    return { ...shown, hasSecret: await o.repo.hasSecret(p), builtIn: p.kind === 'sandbox', hasProxyPassword };
  }

  return {
    async listProfiles() {
      const profiles = await Promise.all(o.repo.list().map(view));
      return { profiles, activeId: o.repo.activeId() };
    },
    async saveProfile({ profile, secret, proxyPassword }) {
      const before = profile.id ? o.repo.get(profile.id) : null;
      const saved = await o.repo.save(profile, secret);
      const net = networkOf(saved);
      // A password belongs to the profile's own proxy and its user name: without them it is removed.
      if (net.proxy !== 'url' || !net.proxyUsername) await o.repo.setProxyPassword(saved.id, null);
      else if (proxyPassword !== undefined) await o.repo.setProxyPassword(saved.id, proxyPassword);
      // The active session holds the old settings or secret: start over with the new ones.
      // Settings that only the app reads (the live match count) leave the session alone.
      const connectionChanged = secret !== undefined || proxyPassword !== undefined || !before || !sameConnection(before, saved);
      if (o.repo.activeId() === saved.id && connectionChanged) o.connections.reset();
      return view(saved);
    },
    async deleteProfile({ id }) {
      const wasActive = o.repo.activeId() === id;
      await o.repo.delete(id);
      if (wasActive) o.connections.reset();
    },
    activate: ({ id }) => o.connections.activate(id),
    async status() {
      return o.connections.status();
    },
    async testConnection({ id }, ctx) {
      const profile = o.repo.get(id);
      if (!profile) throw new AppError('not_found', 'This profile no longer exists.');
      return testConnection(profile, { connections: o.connections, transport: o.transport, now: o.now, signal: ctx.signal });
    },
    async signOut() {
      return o.connections.signOut();
    },
  };
}

/** Equal in everything a session is built from or shows (all but the app-side live count switch). */
function sameConnection(a: Profile, b: Profile): boolean {
  // An absent secretAuthUrl means "entered for the current Auth URL" (profile-repo), so compare what it means.
  const norm = ({ liveCount: _l, ...p }: Profile) => ({ ...p, secretAuthUrl: p.secretAuthUrl ?? p.authUrl, network: networkOf(p) });
  return canonicalJson(norm(a)) === canonicalJson(norm(b));
}
