// Updates for installed builds (electron-updater). Inert unless the build has an update feed
// (electron-builder writes resources/app-update.yml only when FIRMSCOPE_UPDATE_URL or
// FIRMSCOPE_UPDATE_GITHUB was set at build time) and the app is packaged: never in development,
// and browser mode never loads this module. "Check for Updates…" in the menu checks on demand; the
// "Check for Updates Automatically" setting (on by default) checks once at start.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';

/** The part of electron-updater's autoUpdater used here (tests pass a fake). */
export interface UpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(): void;
  on(event: 'update-available' | 'update-not-available' | 'update-downloaded', cb: (info: { version: string }) => void): unknown;
  on(event: 'error', cb: (err: Error) => void): unknown;
}

export interface UpdatesDeps {
  isPackaged: boolean;
  /** process.resourcesPath */
  resourcesPath: string;
  /** Where the setting is kept (the data dir). */
  dataDir: string;
  currentVersion: string;
  loadUpdater(): Promise<UpdaterLike>;
  /** A message box; returns the index of the button chosen. */
  ask(o: { message: string; detail?: string; buttons: string[] }): Promise<number>;
  log?(line: string): void;
}

export interface Updates {
  /** Why updates are off in this build, or null when they work. */
  readonly inactiveReason: string | null;
  autoCheck(): boolean;
  setAutoCheck(on: boolean): void;
  /** At start: checks in the background when the setting is on. */
  start(): Promise<void>;
  /** The menu item: checks and says what it found. */
  checkNow(): Promise<void>;
}

export const UPDATE_SETTINGS_FILE = 'updates.json';

export function createUpdates(deps: UpdatesDeps): Updates {
  const settingsFile = join(deps.dataDir, UPDATE_SETTINGS_FILE);
  const inactiveReason = !deps.isPackaged
    ? 'Updates are off in development builds.'
    : !deps.resourcesPath || !existsSync(join(deps.resourcesPath, 'app-update.yml'))
      ? 'This build has no update feed. Your IT department distributes new versions.'
      : null;
  let updater: Promise<UpdaterLike> | null = null;
  let interactive = false;
  let checking: Promise<void> | null = null;

  const readAuto = (): boolean => {
    try {
      const v = (JSON.parse(readFileSync(settingsFile, 'utf8')) as { autoCheck?: unknown }).autoCheck;
      return typeof v === 'boolean' ? v : true;
    } catch {
      return true;
    }
  };

  function load(): Promise<UpdaterLike> {
    updater ??= deps.loadUpdater().then((u) => {
      u.autoDownload = true;
      u.autoInstallOnAppQuit = true;
      u.on('update-not-available', () => {
        if (interactive) void deps.ask({ message: `Firmscope ${deps.currentVersion} is the newest version.`, buttons: ['OK'] });
      });
      u.on('update-available', (info) => {
        if (interactive) void deps.ask({ message: `Firmscope ${info.version} is available.`, detail: 'It is downloading; you will be asked to restart when it is ready.', buttons: ['OK'] });
      });
      u.on('update-downloaded', (info) => {
        deps
          .ask({
            message: `Firmscope ${info.version} is ready to install.`,
            detail: 'Restart now to use it, or it installs when you quit. Your work is saved either way.',
            buttons: ['Restart now', 'Later'],
          })
          .then((choice) => {
            if (choice === 0) u.quitAndInstall();
          })
          // The update stays downloaded and installs when the app quits.
          .catch((e: unknown) => deps.log?.(`[firmscope] update install failed: ${e instanceof Error ? e.message : String(e)}`));
      });
      u.on('error', (err) => {
        deps.log?.(`[firmscope] update check failed: ${err.message}`);
        if (interactive) void deps.ask({ message: 'Firmscope could not check for updates.', detail: err.message, buttons: ['OK'] });
      });
      return u;
    });
    return updater;
  }

  async function check(asked: boolean): Promise<void> {
    if (inactiveReason) {
      if (asked) await deps.ask({ message: 'Updates are not available in this build.', detail: inactiveReason, buttons: ['OK'] });
      return;
    }
    interactive = asked;
    checking ??= load()
      .then((u) => u.checkForUpdates())
      .then(
        () => undefined,
        (e: unknown) => deps.log?.(`[firmscope] update check failed: ${e instanceof Error ? e.message : String(e)}`),
      )
      .finally(() => {
        checking = null;
      });
    return checking;
  }

  return {
    inactiveReason,
    autoCheck: readAuto,
    setAutoCheck(on) {
      writeFileAtomic.sync(settingsFile, JSON.stringify({ autoCheck: on }));
    },
    async start() {
      if (!inactiveReason && readAuto()) await check(false);
    },
    checkNow: () => check(true),
  };
}

/** electron-updater, loaded only when updates are active (it reads app-update.yml on load). */
export async function loadElectronUpdater(): Promise<UpdaterLike> {
  const mod = (await import('electron-updater')) as unknown as { autoUpdater?: UpdaterLike; default?: { autoUpdater: UpdaterLike } };
  return (mod.autoUpdater ?? mod.default?.autoUpdater) as UpdaterLike;
}
