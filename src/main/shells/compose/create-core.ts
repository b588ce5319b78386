// Composition root shared by every shell (Electron, browser mode, tests): settings, vault, profiles,
// token + API client for the active profile, the embedded sandbox, and the feature modules.
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { sweepTempFiles } from '../../platform/settings/sweep-temp';
import { AppError } from '../../../shared/errors';
import type { Profile } from '../../../shared/profile';
import type { BridgeEmit, BridgeHandlers } from '../../../shared/bridge/table';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../../sandbox/server';
import { createRequestLog } from '../../platform/api/request-log';
import { createTransport } from '../../platform/api/transport';
import { createAnalyticsFeature } from '../../features/analytics/feature';
import { createEsgFeature } from '../../features/esg/feature';
import { createEsgRunsFeature } from '../../features/esg-runs/feature';
import { createEsgExportFeature } from '../../features/esg-export/feature';
import { createExportFeature } from '../../features/export/feature';
import { createMatchFeature } from '../../features/match/feature';
import { createSearchFeature } from '../../features/search/feature';
import { createSnapshotFeature } from '../../features/snapshots/feature';
import { createListsFeature } from '../../features/lists/feature';
import { createWatchesFeature } from '../../features/watches/feature';
import { Connections, type SandboxUrls } from '../../features/profiles/connections';
import { createProfileRepo } from '../../features/profiles/profile-repo';
import { chooseVault } from '../../platform/secrets/choose-vault';
import type { SecretVault } from '../../platform/secrets/vault';
import type { SettingsBackendFactory } from '../../platform/settings/settings-backend';
import { openSettings } from '../../platform/settings/settings-store';
import { createAppHandlers, createNoticeBoard } from '../../features/app/app-handlers';
import { createConnectionHandlers } from '../../features/profiles/connection-handlers';
import { createDiagnosticsHandlers } from '../../features/diagnostics/diagnostics-handlers';
import { createUiStateHandlers } from '../../features/ui-state/ui-state-handlers';
import type { FeatureDeps, FeatureModule } from '../../platform/ports/feature-deps';
import { createWorkspace, unavailableMessage, workspacePort } from '../../platform/workspace/workspace';
import type { SqliteLoad } from '../../platform/workspace/native';
import type { ShellHooks } from '../../platform/ports/shell-hooks';
import type { NetworkFactory } from '../../platform/ports/network';
import { createNodeNetwork } from '../../platform/net/node-network';
import { resolveNetwork } from '../../platform/net/network-config';
import pkg from '../../../../package.json';

/** The app's own sandbox behaves like a service: session durations vary (2-6 s around 4 s). */
const APP_SANDBOX: SandboxOptions = { esg: { sessionJitter: 0.5 } };

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
  close(): Promise<void>;
}

export async function createCore(opts: CoreOptions): Promise<Core> {
  const now = opts.now ?? Date.now;
  // Profiles, saved searches, exports: this user's only (0700), like ~/.ssh.
  const created = !existsSync(opts.dataDir);
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  // A folder that already existed (an explicit --data-dir, a restored backup) and that others may
  // read is tightened, and said once.
  const wasOpen = !created && (statSync(opts.dataDir).mode & 0o077) !== 0;
  if (created || wasOpen) chmodSync(opts.dataDir, 0o700);
  sweepTempFiles(opts.dataDir);

  const listeners = new Set<(group: string, event: string, payload: unknown) => void>();
  const emit: BridgeEmit = (group, event, payload) => {
    for (const l of [...listeners]) {
      try {
        l(group, event, payload);
      } catch {
        // A failing listener (closed window, dropped socket) must not break the core.
      }
    }
  };
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

  // Embedded sandbox: started lazily, the first time the Sandbox profile needs its URLs, so a shell
  // that only uses remote profiles never pays for it. A failed start is retried on the next use.
  let sandbox: Promise<SandboxHandle> | null = null;
  let sandboxReady: SandboxUrls | null = null;
  const sandboxUrls = async (): Promise<SandboxUrls> => {
    if (opts.sandbox === false) {
      throw new AppError('not_configured', 'The embedded sandbox is turned off in this build. Choose or create a profile for a real service.');
    }
    sandbox ??= startSandbox(opts.sandbox ?? APP_SANDBOX).catch((e: unknown) => {
      sandbox = null;
      throw new AppError('internal', 'The embedded sandbox could not be started.', { cause: e });
    });
    const h = await sandbox;
    sandboxReady = { authUrl: h.authUrl, baseUrl: h.baseUrl };
    return sandboxReady;
  };

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
    sandboxUrls,
    vault: { kind: vault.kind, notice: vaultNotice },
    now,
    onStatus: (s) => emit('profiles', 'statusChanged', s),
  });

  const deps: FeatureDeps = {
    api: () => connections.api(),
    activeProfile(): Profile | null {
      const p = connections.activeProfile();
      return p && p.kind === 'sandbox' && sandboxReady ? { ...p, ...sandboxReady } : p;
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
  const features: FeatureModule<'search' | 'export' | 'esg' | 'esgRuns' | 'esgExport' | 'match' | 'snapshots' | 'lists' | 'analytics' | 'watches'>[] = [];
  // Lists before the features that read them: export, bulk-match review, analytics and the ESG export
  // (`lists.activeStore()`), watches (`lists.store(profileId)`). ESG runs read no list: they get company ids.
  const lists = createListsFeature(deps);
  const search = createSearchFeature(deps);
  const exporter = createExportFeature(deps, { lists });
  const esg = createEsgFeature(deps);
  const esgRuns = createEsgRunsFeature(deps);
  // Bulk-match and ESG files are listed in the export feature's history (the ExportRecords port).
  const match = createMatchFeature(deps, { lists, exports: exporter.records });
  const snapshot = createSnapshotFeature(deps);
  const analytics = createAnalyticsFeature(deps, { lists });
  // The ESG workbook of a list gets an Analytics sheet: the numbers behind the list's charts.
  const esgExport = createEsgExportFeature(deps, { lists, exports: exporter.records, analyticsSheet: (listId) => analytics.sheet(listId) });
  // Watches check saved searches (a snapshot load of their own) and lists (ESG runs), after both started.
  // Each check goes to its own watch's profile (connections.apiFor refuses while another is active).
  const watches = createWatchesFeature(deps, { apiFor: (profileId) => connections.apiFor(profileId), snapshots: snapshot, lists, esgRuns, exports: exporter.records });
  features.push(search, exporter, esg, esgRuns, esgExport, match, snapshot, lists, analytics, watches);

  const handlers: BridgeHandlers = {
    app: createAppHandlers({ shell: opts.shell, dataDir: opts.dataDir, version: opts.version ?? pkg.version, vaultKind: vault.kind, notices, workspace: () => workspace.status() }),
    profiles: createConnectionHandlers({ repo, connections, transport, now, dataDir: opts.dataDir, chooseCaFile: opts.shell.chooseCaFile?.bind(opts.shell) }),
    diagnostics: createDiagnosticsHandlers(log),
    search: search.handlers,
    snapshots: snapshot.handlers,
    export: exporter.handlers,
    esg: esg.handlers,
    esgRuns: esgRuns.handlers,
    esgExport: esgExport.handlers,
    match: match.handlers,
    uiState: createUiStateHandlers(settings, now),
    lists: lists.handlers,
    analytics: analytics.handlers,
    watches: watches.handlers,
  };

  for (const f of features) await f.start?.();

  let closed = false;
  return {
    handlers,
    onEvent(listener) {
      listeners.add(listener);
      // Notices raised while booting (vault fallback, corrupt settings) came before anyone could
      // listen: hand them to every new listener (renderers de-duplicate by notice id).
      const boot = notices.list();
      queueMicrotask(() => {
        if (!listeners.has(listener)) return;
        for (const n of boot) {
          try {
            listener('app', 'notice', n);
          } catch {
            // same as emit: a failing listener must not break the core
          }
        }
      });
      return () => listeners.delete(listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled(features.map((f) => f.dispose?.()));
      workspace.close();
      connections.reset();
      await network.close();
      listeners.clear();
      const s = sandbox;
      sandbox = null;
      if (s) await s.then((h) => h.close()).catch(() => {});
    },
  };
}
