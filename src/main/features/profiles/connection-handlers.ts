// `profiles` bridge group: profiles (secrets go in, never come out), activation, status, test.
import { AppError } from '../../../shared/errors';
import { canonicalJson } from '../../../shared/canonical-json';
import { networkOf, type Profile, type ProfileView } from '../../../shared/profile';
import type { BridgeHandlers } from '../../../shared/bridge/table';
import type { Transport } from '../../platform/api/transport';
import { readCaFile } from '../../platform/net/network-config';
import { createCaFileChoice } from './ca-file-choice';
import type { Connections } from './connections';
import { testConnection } from './connection-test';
import type { ProfileRepo } from './profile-repo';

export function createConnectionHandlers(o: {
  repo: ProfileRepo;
  connections: Connections;
  transport: Transport;
  now: () => number;
  /** The app's own files (uploads, exports, databases): never a CA file the page may name. */
  dataDir: string;
  /** The desktop app's own CA file dialog (ShellHooks.chooseCaFile); absent in browser mode. */
  chooseCaFile?: () => Promise<string | null>;
}): BridgeHandlers['profiles'] {
  const caFiles = createCaFileChoice(o.chooseCaFile, o.dataDir);
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
    async saveProfile({ profile: input, secret, proxyPassword, caFileHandle }) {
      const before = input.id ? o.repo.get(input.id) : null;
      // The desktop app stores only a CA file its own dialog chose (a handle from pickCaFile).
      const caFile = caFiles.resolve(networkOf(input).caFile, caFileHandle, before ? networkOf(before).caFile : '');
      const profile = caFile === networkOf(input).caFile ? input : { ...input, network: { ...networkOf(input), caFile } };
      // A CA file that cannot be used is refused here, next to its field, not at the next request;
      // so is one inside the app's own folder (where the page can upload files, issue 28 H1).
      if (caFile) await readCaFile(caFile, o.dataDir);
      // Secrets are bound to where they go (Auth URL, proxy, CA; the proxy password to its proxy and
      // user): the repo drops one whose binding changed without it, and says which.
      const { profile: saved, dropped } = await o.repo.save(profile, secret, proxyPassword);
      // The active session holds the old settings or secret: start over with the new ones.
      // Settings that only the app reads (the live match count) leave the session alone.
      const connectionChanged = secret !== undefined || proxyPassword !== undefined || dropped.length > 0 || !before || !sameConnection(before, saved);
      if (o.repo.activeId() === saved.id && connectionChanged) o.connections.reset();
      return { ...(await view(saved)), ...(dropped.length ? { dropped } : {}) };
    },
    pickCaFile: () => caFiles.pick(),
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

/** Equal in everything a session is built from or shows (all but the app-side live count switch and watch budget). */
function sameConnection(a: Profile, b: Profile): boolean {
  // An absent secretAuthUrl (secretBaseUrl) means "entered for the current Auth URL" (profile-repo), so compare what it means.
  const norm = ({ liveCount: _l, watchDailyBudget: _w, ...p }: Profile) => ({ ...p, secretAuthUrl: p.secretAuthUrl ?? p.authUrl, secretBaseUrl: p.secretBaseUrl ?? p.baseUrl, network: networkOf(p) });
  return canonicalJson(norm(a)) === canonicalJson(norm(b));
}
