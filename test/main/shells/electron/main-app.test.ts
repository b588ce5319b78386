// The Electron main process wiring, run in Node against a fake `electron` module and the real core:
// scheme registration, single-instance lock, hardened window, every bridge channel on ipcMain with
// the sender check, core events forwarded to the window, and an orderly quit.
import { EventEmitter } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { listEntries } from '../../../../src/shared/bridge/define';
import { bridgeTable } from '../../../../src/shared/bridge/table';

const fake = vi.hoisted(() => {
  const { EventEmitter: EE } = require('node:events') as typeof import('node:events');
  const handlers = new Map<string, (event: unknown, input: unknown) => Promise<unknown>>();
  const windows: Array<Record<string, unknown>> = [];
  /** Emits 'change' whenever the app under test does something to the fake (a window, a handler, a message sent). */
  const changes = new EE();
  const app = Object.assign(new EE(), {
    isPackaged: true,
    paths: new Map<string, string>(),
    setPath: (name: string, p: string) => void app.paths.set(name, p),
    getPath: (name: string) => app.paths.get(name) ?? '/tmp',
    getVersion: () => '0.1.0',
    getName: () => 'Firmscope',
    requestSingleInstanceLock: () => true,
    schemes: [] as unknown[][],
    setAsDefaultProtocolClient: (...a: unknown[]) => (app.schemes.push(a), true),
    whenReady: () => Promise.resolve(),
    quit: () => void app.emit('quit-called'),
    exit: (code: number) => void app.emit('exit-called', code),
  });
  class BrowserWindow extends EE {
    static getAllWindows = () => windows;
    options: Record<string, unknown>;
    webContents: EventEmitter & Record<string, unknown>;
    loaded: string[] = [];
    constructor(options: Record<string, unknown>) {
      super();
      this.options = options;
      const contents = new EE() as EventEmitter & Record<string, unknown>;
      Object.assign(contents, {
        sent: [] as unknown[][],
        send: (...args: unknown[]) => ((contents.sent as unknown[][]).push(args), changes.emit('change')),
        isDestroyed: () => false,
        mainFrame: { processId: 3, routingId: 1, parent: null, url: 'app://firmscope/index.html' },
        setWindowOpenHandler: () => undefined,
      });
      this.webContents = contents;
      windows.push(this as unknown as Record<string, unknown>);
      changes.emit('change');
    }
    loadURL(url: string) {
      this.loaded.push(url);
      return Promise.resolve();
    }
    isDestroyed = () => false;
    isMaximized = () => false;
    isMinimized = () => false;
    maximize() {}
    show() {}
    focused = 0;
    focus() {
      this.focused++;
    }
    restore() {}
    getNormalBounds = () => ({ x: 1, y: 2, width: 1100, height: 700 });
  }
  const calls: string[] = [];
  return {
    handlers,
    windows,
    calls,
    changes,
    module: {
      app,
      BrowserWindow,
      ipcMain: {
        handle: (ch: string, h: (event: unknown, input: unknown) => Promise<unknown>) => void (handlers.set(ch, h), changes.emit('change')),
        removeHandler: (ch: string) => void handlers.delete(ch),
        // electron-store answers its renderer helper on this channel; Firmscope's renderer never uses it.
        on: (ch: string) => void calls.push(`ipcMain.on:${ch}`),
      },
      protocol: {
        registerSchemesAsPrivileged: () => void calls.push('registerSchemesAsPrivileged'),
        handle: (scheme: string) => void calls.push(`handle:${scheme}`),
      },
      session: {
        defaultSession: {
          setPermissionRequestHandler: () => void calls.push('setPermissionRequestHandler'),
          setPermissionCheckHandler: () => void calls.push('setPermissionCheckHandler'),
          setDevicePermissionHandler: () => void calls.push('setDevicePermissionHandler'),
          webRequest: { onHeadersReceived: () => void calls.push('onHeadersReceived') },
        },
      },
      Menu: { buildFromTemplate: (t: unknown) => t, setApplicationMenu: () => void calls.push('setApplicationMenu') },
      screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
      dialog: { showSaveDialog: async () => ({ canceled: true }), showOpenDialog: async () => ({ canceled: true, filePaths: [] }), showErrorBox: () => undefined },
      shell: { openExternal: async () => undefined, showItemInFolder: () => undefined },
      Notification: Object.assign(class {}, { isSupported: () => false }),
      safeStorage: {
        getSelectedStorageBackend: () => 'basic_text',
        isAsyncEncryptionAvailable: async () => false,
        encryptStringAsync: async () => Buffer.alloc(0),
        decryptStringAsync: async () => ({ result: '', shouldReEncrypt: false }),
      },
    },
  };
});
vi.mock('electron', () => ({ ...fake.module, default: fake.module }));

const dataDir = mkdtempSync(join(tmpdir(), 'fs-electron-main-'));
process.env.FIRMSCOPE_DATA_DIR = dataDir;
// The OS started the app with a link (Windows, Linux): the page gets it once it asks.
const WATCH = '2f1c6b1e-8d4a-4c1e-9a0b-3e5d7f9a1b2c';
process.argv.push('firmscope://digests');

/** `fn()`'s value once it has one: checked now, and again each time the app does something to the fake electron. */
function until<T>(fn: () => T | undefined): Promise<T> {
  return new Promise((resolve) => {
    const check = () => {
      const v = fn();
      if (!v) return;
      fake.changes.off('change', check);
      resolve(v);
    };
    fake.changes.on('change', check);
    check();
  });
}

describe('Electron main process (fake electron, real core)', async () => {
  const { runElectronApp } = await import('../../../../src/main/shells/electron/main-app');
  runElectronApp();
  const win = (await until(() => fake.windows[0])) as unknown as {
    options: { webPreferences: Record<string, unknown> };
    webContents: EventEmitter & { sent: unknown[][]; mainFrame: unknown };
    loaded: string[];
    focused: number;
  };
  const goodEvent = { sender: win.webContents, senderFrame: win.webContents.mainFrame };

  afterAll(async () => {
    const quitting = new Promise((r) => fake.module.app.once('quit-called', r));
    fake.module.app.emit('will-quit', { preventDefault: () => undefined });
    await quitting;
  });

  it('uses the data dir it was given, registers app:// and locks the session down', () => {
    expect(fake.module.app.getPath('userData')).toBe(dataDir);
    expect(fake.calls).toEqual(
      expect.arrayContaining(['registerSchemesAsPrivileged', 'handle:app', 'setPermissionRequestHandler', 'setPermissionCheckHandler', 'setDevicePermissionHandler', 'setApplicationMenu']),
    );
    expect(fake.calls).not.toContain('onHeadersReceived');
    expect(fake.module.app.listenerCount('web-contents-created')).toBe(1);
    expect(fake.module.app.listenerCount('second-instance')).toBe(1);
  });

  it('opens one hardened window on the app:// page with the bundled preload', () => {
    expect(win.loaded).toEqual(['app://firmscope/index.html']);
    expect(win.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });
    expect(String(win.options.webPreferences.preload)).toMatch(/[\\/]preload[\\/]index\.cjs$/);
  });

  it('registers every bridge function and answers our main frame from the real core', async () => {
    await until(() => fake.handlers.size === listEntries(bridgeTable).fns.length || undefined);
    expect([...fake.handlers.keys()].sort()).toEqual(listEntries(bridgeTable).fns.map((f) => f.channel).sort());
    const info = (await fake.handlers.get('firmscope:app.info')!(goodEvent, undefined)) as { ok: boolean; value: { shell: string; dataDir: string } };
    expect(info).toMatchObject({ ok: true, value: { shell: 'electron', dataDir } });
  });

  it('refuses another sender', async () => {
    const stranger = new EventEmitter();
    const r = (await fake.handlers.get('firmscope:app.info')!({ sender: stranger, senderFrame: win.webContents.mainFrame }, undefined)) as {
      ok: boolean;
      error: { code: string };
    };
    expect(r).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('registers firmscope://; a link from the first launch, a second launch and macOS reaches the page as its place, anything else not at all', async () => {
    expect(fake.module.app.schemes).toEqual([['firmscope']]);
    const pending = (await fake.handlers.get('firmscope:team.pendingLink')!(goodEvent, undefined)) as { ok: boolean; value: unknown };
    expect(pending).toEqual({ ok: true, value: { kind: 'digests' } });
    const opened = () => win.webContents.sent.filter((s) => s[0] === 'firmscope-event:team.linkOpened').map((s) => s[1]);
    const before = opened().length;
    fake.module.app.emit('second-instance', {}, ['/opt/Firmscope/firmscope', `firmscope://watches/${WATCH}/changes?check=12&company=C-1`], '/');
    await until(() => opened().length > before || undefined);
    expect(opened().at(-1)).toEqual({ kind: 'changes', watchId: WATCH, checkId: '12', companyId: 'C-1' });
    let prevented = false;
    fake.module.app.emit('open-url', { preventDefault: () => (prevented = true) }, `firmscope://watches/${WATCH}/changes`);
    await until(() => opened().length > before + 1 || undefined);
    expect(opened().at(-1)).toEqual({ kind: 'changes', watchId: WATCH });
    expect(prevented).toBe(true);
    expect(win.focused).toBeGreaterThanOrEqual(2);
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fake.module.app.emit('second-instance', {}, ['/opt/Firmscope/firmscope', 'firmscope://watches/not-a-uuid/changes']);
    fake.module.app.emit('open-url', { preventDefault: () => undefined }, 'javascript:alert(1)');
    expect(opened()).toHaveLength(before + 2);
    // Each refused link is logged, without the link (a link may carry anything).
    expect(warned.mock.calls).toEqual([['[firmscope] ignored a link that is not a Firmscope place'], ['[firmscope] ignored a link that is not a Firmscope place']]);
    warned.mockRestore();
  });

  it('forwards core events to the window on their event channel', async () => {
    const r = (await fake.handlers.get('firmscope:profiles.activate')!(goodEvent, { id: 'sandbox' })) as { ok: boolean };
    expect(r.ok).toBe(true);
    const sent = await until(() => win.webContents.sent.find((s) => s[0] === 'firmscope-event:profiles.statusChanged'));
    expect(sent[1]).toMatchObject({ profileId: 'sandbox' });
    expect(JSON.stringify(win.webContents.sent)).not.toContain('sandbox-analyst-secret');
  });
});
