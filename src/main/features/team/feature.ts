// The Team connection's bridge handlers, and its checks while the app runs: once at start (not
// holding the start up) and every few minutes, so the screen says soon when the server is gone
// or back. Local work never waits on it.
import type { FeatureModule } from '../../platform/ports/feature-deps';
import { AppError } from '../../../shared/errors';
import { SavedSearchStore } from '../search/saved-store';
import { createTeamConnection, type TeamConnectionDeps } from './team-connection';
import type { DeepLink } from '../../../shared/team/deep-link';
import { createTeamLinks } from './team-links';
import { createTeamWatchCalls, type ListToShare } from './team-watch-calls';
import { createTeamInboxCalls } from './team-inbox-calls';
import { createTeamDigestCalls } from './team-digest-calls';
import { createTeamItemCalls, type LocalCopies } from './team-item-calls';

/** How often a connected app asks the server who it is. */
export const TEAM_CHECK_EVERY_MS = 5 * 60_000;

export interface TeamFeature extends FeatureModule<'team'> {
  /** A firmscope:// link from outside (the OS, the browser-mode host): told to the page when valid. */
  openLink(text: string): DeepLink | null;
}

export function createTeamFeature(
  d: TeamConnectionDeps & {
    checkEveryMs?: number;
    activeProfileId(): string | null;
    listToShare: ListToShare;
    /** A new list of the active profile from a team item (null: no active profile). */
    createList(o: Parameters<LocalCopies['createList']>[0]): ReturnType<LocalCopies['createList']> | null;
    onLink(link: DeepLink): void;
  },
): TeamFeature {
  const connection = createTeamConnection(d);
  const saved = new SavedSearchStore(d.settings, d.now);
  const savedSearch = (id: string) => {
    const profileId = d.activeProfileId();
    return profileId ? (saved.list(profileId).find((s) => s.id === id) ?? null) : null;
  };
  const items = createTeamItemCalls(connection, {
    savedSearch,
    listToShare: d.listToShare,
    copies: () => {
      const profileId = d.activeProfileId();
      if (!profileId) return null;
      return {
        saveSearch: (o) => saved.save(profileId, o),
        createList: (o) => {
          const list = d.createList(o);
          if (!list) throw new AppError('not_configured', 'Choose a service profile first: a copy goes into its workspace.', { retryable: false });
          return list;
        },
      };
    },
  });
  const watches = createTeamWatchCalls(connection, (from) => items.share(from));
  const inbox = createTeamInboxCalls(connection);
  const digests = createTeamDigestCalls(connection);
  const links = createTeamLinks(d.onLink);
  let timer: NodeJS.Timeout | null = null;
  const checkQuietly = () => void connection.check().catch(() => undefined);
  return {
    handlers: {
      status: async () => connection.status(),
      connect: (input) => connection.connect(input),
      check: () => connection.check(),
      disconnect: () => connection.disconnect(),
      watches: () => watches.list(),
      watchSavedSearch: ({ savedSearchId, schedule, rules }) => watches.watchSavedSearch(savedSearchId, schedule, rules),
      watchList: ({ listId, modules, scoreThreshold, schedule, rules }) => watches.watchList(listId, { modules, scoreThreshold }, schedule, rules),
      pendingLink: async () => links.take(),
      checkNow: async ({ watchId }) => ({ checkId: await watches.checkNow(watchId) }),
      changes: ({ watchId, checkId }) => watches.changes(watchId, checkId),
      inbox: (q) => inbox.page(q),
      markRead: (input) => inbox.markRead(input),
      markUnread: (input) => inbox.markUnread(input),
      subscriptions: () => digests.subscriptions(),
      subscribe: (input) => digests.subscribe(input),
      unsubscribe: ({ subscriptionId }) => digests.unsubscribe(subscriptionId),
      deliveries: () => digests.deliveries(),
      resend: ({ deliveryId }) => digests.resend(deliveryId),
      items: () => items.list(),
      shareItem: (from) => items.share(from),
      copyItem: ({ itemId }) => items.copy(itemId),
      watchItem: ({ itemId, schedule, modules, scoreThreshold, rules }) => items.watch(itemId, schedule, modules && scoreThreshold !== undefined ? { modules, scoreThreshold } : undefined, rules),
      setWatchRules: ({ watchId, rules }) => watches.setRules(watchId, rules),
      updateItem: (edit) => items.update(edit),
      removeItem: ({ itemId }) => items.remove(itemId),
    },
    openLink: (text) => links.open(text),
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
