// Electron main process: one hardened window over the same core the browser mode runs.
import { app, BrowserWindow, dialog, ipcMain, Menu, net, Notification, protocol, safeStorage, screen, session, shell, type Session } from 'electron';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventChannel } from '../../../shared/bridge/define';
import { bridgeTable } from '../../../shared/bridge/table';
import { createDispatcher } from '../../platform/bridge/dispatcher';
import { DEV_CONTENT_SECURITY_POLICY } from '../../platform/security/response-headers';
import { createCore } from '../compose/create-core';
import { appMenuTemplate } from './app-menu';
import { APP_INDEX_URL, APP_ORIGIN, handleAppScheme, registerAppScheme } from './app-protocol';
import { createElectronNetwork, type RequestLike, type SessionLike } from './electron-fetch';
import { createLinkIntake, linkInArgv, registerLinkScheme } from './deep-link-intake';
import { createElectronShellHooks } from './electron-shell-hooks';
import { createUpdates, loadElectronUpdater } from './updates';
import { electronStoreBackend } from './electron-store-backend';
import { isExternalHttpUrl } from './external-links';
import { mainFrameOnly, registerBridgeIpc } from './ipc-bridge';
import { safeStorageFallback } from './safe-storage-vault';
import { installSessionGuards, installWebContentsGuards } from './web-contents-guards';
import { mainWindowOptions } from './window-options';
import { fitToDisplays, loadWindowState, trackWindowState, windowStateFile } from './window-state';

const here = dirname(fileURLToPath(import.meta.url));
/**
 * electron-vite sets this in `electron-vite dev`. It decides which origin gets the bridge and relaxes
 * the CSP, so it is honoured only in a development build: __FIRMSCOPE_DEV__ is a build-time constant
 * (electron.vite.config.ts), false in production, where this line folds to `undefined`.
 */
const devUrl = __FIRMSCOPE_DEV__ && !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;

/** `--data-dir DIR` or FIRMSCOPE_DATA_DIR (tests use a fresh one); otherwise Electron's userData folder. */
function dataDirFromArgs(argv: string[]): string | undefined {
  const i = argv.indexOf('--data-dir');
  const fromArg = i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith('--data-dir='))?.slice('--data-dir='.length);
  const dir = fromArg ?? process.env.FIRMSCOPE_DATA_DIR;
  return dir ? resolve(dir) : undefined;
}

function isAppUrl(url: string): boolean {
  if (url.startsWith(`${APP_ORIGIN}/`)) return true;
  return !!devUrl && new URL(url).origin === new URL(devUrl).origin;
}

const openExternal = async (url: string) => {
  if (isExternalHttpUrl(url)) await shell.openExternal(url);
};

export function runElectronApp(): void {
  const customDataDir = dataDirFromArgs(process.argv);
  // Chromium's own profile goes with our data, so a test's fresh data dir is fully isolated.
  if (customDataDir) app.setPath('userData', customDataDir);
  registerAppScheme(protocol);

  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  let win: BrowserWindow | null = null;
  let core: Awaited<ReturnType<typeof createCore>> | null = null;
  const links = createLinkIntake({ refused: () => console.warn('[firmscope] ignored a link that is not a Firmscope place') });
  const toFront = () => {
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  };
  registerLinkScheme(app, process.argv, process.execPath);
  const firstLink = linkInArgv(process.argv);
  if (firstLink) links.take(firstLink);

  app.on('second-instance', (_e, argv: string[]) => {
    const link = linkInArgv(argv);
    if (link) links.take(link);
    toFront();
  });
  // macOS hands links over this way, also before the app is ready.
  app.on('open-url', (e, url) => {
    e.preventDefault();
    links.take(url);
    toFront();
  });
  // Every web contents ever created (including any a bug might open) gets the same guards.
  app.on('web-contents-created', (_e, contents) => installWebContentsGuards(contents, openExternal));

  app.whenReady().then(async () => {
    const dataDir = app.getPath('userData');
    installSessionGuards(session.defaultSession);
    handleAppScheme(protocol, join(here, '../renderer'));
    if (devUrl) {
      session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
        callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [DEV_CONTENT_SECURITY_POLICY] } });
      });
    }

    const hooks = createElectronShellHooks({
      dialog,
      shell,
      Notification,
      window: () => win,
      downloadsDir: app.getPath('downloads'),
    });
    core = await createCore({
      dataDir,
      shell: hooks,
      vaultFallback: safeStorageFallback(safeStorage, dataDir),
      settingsBackend: electronStoreBackend,
      // API and token requests through Chromium's network stack (system proxy/PAC, OS certificates).
      network: createElectronNetwork({
        fromPartition: (partition) => session.fromPartition(partition) as unknown as SessionLike,
        request: (o) => net.request({ ...o, session: o.session as unknown as Session }) as unknown as RequestLike,
      }),
    });
    const dispatcher = createDispatcher(bridgeTable, core.handlers);
    registerBridgeIpc({
      ipcMain,
      table: bridgeTable,
      dispatcher,
      isTrustedSender: mainFrameOnly(() => win?.webContents ?? null, isAppUrl),
    });
    core.onEvent((group, name, payload) => {
      if (win && !win.isDestroyed()) win.webContents.send(eventChannel(group, name), payload);
    });
    const ready = core;
    links.ready((text) => ready.openLink(text));
    const updates = createUpdates({
      isPackaged: app.isPackaged,
      // Undefined outside Electron's own process (unit tests with a fake electron module).
      resourcesPath: process.resourcesPath ?? '',
      dataDir,
      currentVersion: app.getVersion(),
      loadUpdater: loadElectronUpdater,
      ask: async (o) => (win ? (await dialog.showMessageBox(win, { type: 'info', ...o })).response : (await dialog.showMessageBox({ type: 'info', ...o })).response),
      log: (line) => console.warn(line),
    });
    const setMenu = () =>
      Menu.setApplicationMenu(
        Menu.buildFromTemplate(
          appMenuTemplate(process.platform, {
            isDev: !!devUrl,
            updates: {
              active: updates.inactiveReason === null,
              autoCheck: updates.autoCheck(),
              checkNow: () => void updates.checkNow(),
              setAutoCheck: (on) => {
                updates.setAutoCheck(on);
                setMenu();
              },
            },
          }),
        ),
      );
    setMenu();
    void updates.start();
    win = createMainWindow(dataDir);
    win.on('closed', () => (win = null));
  }).catch((e: unknown) => {
    console.error('[firmscope] startup failed:', e instanceof Error ? e.message : e);
    dialog.showErrorBox('Firmscope could not start', e instanceof Error ? e.message : String(e));
    app.exit(1);
  });

  app.on('window-all-closed', () => app.quit());

  // Let the core stop its timers and flush its files before the process ends.
  let closing = false;
  app.on('will-quit', (event) => {
    if (closing || !core) return;
    closing = true;
    event.preventDefault();
    // Quit in any case; a close that failed is logged, not left as an unhandled rejection.
    core.close().then(
      () => app.quit(),
      (e: unknown) => {
        console.error('[firmscope] closing the core failed:', e instanceof Error ? e.message : e);
        app.quit();
      },
    );
  });
}

function createMainWindow(dataDir: string): BrowserWindow {
  const stateFile = windowStateFile(dataDir);
  const saved = loadWindowState(stateFile);
  const state = fitToDisplays(saved, screen.getAllDisplays().map((d) => d.workArea));
  const win = new BrowserWindow(mainWindowOptions(join(here, '../preload/index.cjs'), state));
  trackWindowState(win, stateFile);
  if (state.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());
  void win.loadURL(devUrl ?? APP_INDEX_URL);
  return win;
}
