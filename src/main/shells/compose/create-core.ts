// Composition root shared by every shell (Electron, browser mode, tests): settings, vault, profiles,
// token + API client for the active profile, the embedded sandbox, and the feature modules.
// The pieces with a rule of their own live beside it: data-dir.ts (a private folder), core-events.ts
// (the fan-out to shell listeners), embedded-sandbox.ts (started on first use), feature-modules.ts.
import { sweepTempFiles } from '../../platform/settings/sweep-temp';
import type { Profile } from '../../../shared/profile';
import type { BridgeHandlers } from '../../../shared/bridge/table';
import type { SandboxOptions } from '../../../sandbox/server';
import { createRequestLog } from '../../platform/api/request-log';
import { createTransport } from '../../platform/api/transport';
import { Connections } from '../../features/profiles/connections';
import { createProfileRepo } from '../../features/profiles/profile-repo';
import { chooseVault } from '../../platform/secrets/choose-vault';
import type { SecretVault } from '../../platform/secrets/vault';
import type { SettingsBackendFactory } from '../../platform/settings/settings-backend';
import { openSettings } from '../../platform/settings/settings-store';
import { createAppHandlers, createNoticeBoard } from '../../features/app/app-handlers';
import { createConnectionHandlers } from '../../features/profiles/connection-handlers';
import { createDiagnosticsHandlers } from '../../features/diagnostics/diagnostics-handlers';
import { createUiStateHandlers } from '../../features/ui-state/ui-state-handlers';
import type { FeatureDeps } from '../../platform/ports/feature-deps';
import { createWorkspace, unavailableMessage, workspacePort } from '../../platform/workspace/workspace';
import type { SqliteLoad } from '../../platform/workspace/native';
import type { ShellHooks } from '../../platform/ports/shell-hooks';
import type { NetworkFactory } from '../../platform/ports/network';
import { createNodeNetwork } from '../../platform/net/node-network';
import { readCaFile, resolveNetwork } from '../../platform/net/network-config';
import { createTeamFeature } from '../../features/team/feature';
import pkg from '../../../../package.json';
import { createCoreEvents } from './core-events';
import { makeDataDirPrivate } from './data-dir';
import { lazySandbox } from './embedded-sandbox';
import { createFeatureModules } from './feature-modules';

export interface CoreOptions {
  /** Settings file and everything else the core persists live here (fresh per test). */
  dataDir: string;
  shell: ShellHooks;
  /** Use this vault instead of choosing one (tests: a memory vault). */
  vault?: SecretVault;
  /** Tried when keytar cannot reach an OS keychain (Electron: the safeStorage vault). */
  vaultFallback?: () => Promise<SecretVault | null>;
  /** Electron: electron-store; default: conf with cwd = dataDir (same file format). */
  settingsBackend?: SettingsBackendFactory;
  /** Embedded sandbox for the built-in "Sandbox" profile, started on first use; false turns it off. */
  sandbox?: SandboxOptions | false;
  now?: () => number;
  /** How requests reach the network (Electron: Chromium's stack); default: undici with env/profile proxies. */
  network?: NetworkFactory;
  /** Shown by app.info; default: package.json version. */
  version?: string;
  /** Injected in tests: how the workspace database module is loaded (default: better-sqlite3). */
  loadSqlite?: () => SqliteLoad;
}

export interface Core {
  handlers: BridgeHandlers;
  onEvent(listener: (group: string, event: string, payload: unknown) => void): () => void;
  /** A firmscope:// link handed over by the shell; false (nothing happens) when it is not one the app opens. */
  openLink(text: string): boolean;
  close(): Promise<void>;
}

export async function createCore(opts: CoreOptions): Promise<Core> {
  const now = opts.now ?? Date.now;
  const { wasOpen } = makeDataDirPrivate(opts.dataDir);
  sweepTempFiles(opts.dataDir);

  const events = createCoreEvents();
  const emit = events.emit;
  const notices = createNoticeBoard(emit);
  if (wasOpen) notices.add('info', `The data folder ${opts.dataDir} was readable by other users of this computer; Firmscope made it private (only you can open it).`);

  const settings = openSettings({
    dataDir: opts.dataDir,
    backend: opts.settingsBackend,
    now,
    onProblem: (p) => notices.add(p.kind === 'corrupt_file' ? 'error' : 'warning', p.message),
  });
  const { vault, notice: vaultNotice } = await chooseVault({ override: opts.vault, fallback: opts.vaultFallback });
  if (vaultNotice) notices.add('warning', vaultNotice);

  const log = createRequestLog();
  const transport = createTransport({ log, now });
  const sandbox = lazySandbox(opts.sandbox);

  // Loaded now (not at first use) so a missing native module is said at start, with the reason.
  const workspace = createWorkspace({ dataDir: opts.dataDir, now, load: opts.loadSqlite, notify: (level, message) => notices.add(level, message) });
  const workspaceStatus = workspace.status();
  if (!workspaceStatus.available) notices.add('warning', unavailableMessage(workspaceStatus.reason));

  const repo = createProfileRepo(settings, vault);
  const network = opts.network ?? createNodeNetwork();
  const connections = new Connections({
    repo,
    transport,
    // Each profile's requests go through its own proxy and trust (Settings → Network).
    transportFor: async (profile) =>
      createTransport({ log, now, fetchImpl: network.fetchFor(await resolveNetwork(profile, () => repo.proxyPasswordFor(profile), opts.dataDir)) }),
    sandboxUrls: () => sandbox.urls(),
    vault: { kind: vault.kind, notice: vaultNotice },
    now,
    onStatus: (s) => emit('profiles', 'statusChanged', s),
  });

  const deps: FeatureDeps = {
    api: () => connections.api(),
    activeProfile(): Profile | null {
      const p = connections.activeProfile();
      const ready = sandbox.ready;
      return p && p.kind === 'sandbox' && ready ? { ...p, ...ready } : p;
    },
    settings,
    emit,
    shell: opts.shell,
    dataDir: opts.dataDir,
    workspace: workspacePort(workspace, () => connections.activeProfile()?.id ?? null),
    now,
    requestBudget: () => {
      const id = connections.activeProfile()?.id;
      return id ? connections.budgetOf(id) : { waiting: 0, granted: 0, requestsPerSecond: null };
    },
  };
  const f = createFeatureModules(deps, (profileId) => connections.apiFor(profileId));
  // The team server is reached like a service: the system proxy, and the CA file the analyst chose.
  const team = createTeamFeature({
    settings,
    vault,
    now,
    typedCaFile: !opts.shell.chooseCaFile,
    activeProfileId: () => connections.activeProfile()?.id ?? null,
    // The active profile's list as shared: a member without a known name goes by its id.
    listToShare: (listId) => {
      if (!connections.activeProfile()) return null;
      const store = f.lists.activeStore();
      const list = store.get(listId);
      return list ? { name: list.name, companies: store.listMembers(listId).map((m) => ({ companyId: m.companyId, name: m.name ?? m.companyId, ...(m.country ? { country: m.country } : {}) })) } : null;
    },
    // A team list copied into the active profile: a new list, under the next free name.
    createList: ({ name, companies }) => {
      if (!connections.activeProfile()) return null;
      const store = f.lists.activeStore();
      const { list } = store.createList({ name: store.freeName(name), companies: companies.map((c) => ({ companyId: c.companyId, name: c.name, ...(c.country ? { country: c.country } : {}) })) });
      return { id: list.id, name: list.name };
    },
    onChange: (s) => emit('team', 'changed', s),
    onLink: (link) => emit('team', 'linkOpened', link),
    fetchFor: async (caFile) =>
      network.fetchFor({ profileId: 'team', proxy: { mode: 'system' }, caPem: caFile ? await readCaFile(caFile, opts.dataDir) : null, caFile: caFile || null }),
  });

  const handlers: BridgeHandlers = {
    app: createAppHandlers({ shell: opts.shell, dataDir: opts.dataDir, version: opts.version ?? pkg.version, vaultKind: vault.kind, notices, workspace: () => workspace.status() }),
    profiles: createConnectionHandlers({ repo, connections, transport, now, dataDir: opts.dataDir, chooseCaFile: opts.shell.chooseCaFile?.bind(opts.shell) }),
    diagnostics: createDiagnosticsHandlers(log),
    search: f.search.handlers,
    snapshots: f.snapshot.handlers,
    export: f.exporter.handlers,
    esg: f.esg.handlers,
    esgRuns: f.esgRuns.handlers,
    esgExport: f.esgExport.handlers,
    match: f.match.handlers,
    uiState: createUiStateHandlers(settings, now),
    lists: f.lists.handlers,
    analytics: f.analytics.handlers,
    watches: f.watches.handlers,
    team: team.handlers,
  };

  for (const feature of [...f.all, team]) await feature.start?.();

  let closed = false;
  return {
    handlers,
    // Notices raised while booting (vault fallback, corrupt settings) came before anyone could
    // listen: every new listener gets them.
    onEvent: (listener) => events.listen(listener, notices.list()),
    openLink: (text) => team.openLink(text) !== null,
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([...f.all, team].map((feature) => feature.dispose?.()));
      workspace.close();
      connections.reset();
      await network.close();
      events.clear();
      await sandbox.close();
    },
  };
}
