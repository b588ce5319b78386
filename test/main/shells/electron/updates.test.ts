// Updates with a fake electron-updater: inert in development and without a feed (never loaded),
// a background check at start when the setting is on, the menu's check saying what it found, and a
// downloaded update installed only when the analyst says so.
import { EventEmitter } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appMenuTemplate } from '../../../../src/main/shells/electron/app-menu';
import { createUpdates, type UpdaterLike, type UpdatesDeps } from '../../../../src/main/shells/electron/updates';
import { tempDir } from '../../../helpers/core-helpers';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

class FakeUpdater extends EventEmitter implements UpdaterLike {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  checks = 0;
  installs = 0;
  outcome: (u: FakeUpdater) => void = (u) => u.emit('update-not-available', { version: '0.1.0' });
  async checkForUpdates() {
    this.checks++;
    this.outcome(this);
    return {};
  }
  quitAndInstall() {
    this.installs++;
    this.emit('install');
  }
}

function setup(o: { packaged?: boolean; feed?: boolean; answer?: number } = {}) {
  const d = tempDir();
  cleanups.push(d.cleanup);
  const resources = join(d.dir, 'resources');
  mkdirSync(resources);
  if (o.feed ?? true) writeFileSync(join(resources, 'app-update.yml'), 'provider: generic\nurl: https://updates.example.com\n');
  const fake = new FakeUpdater();
  let loads = 0;
  const asked: string[] = [];
  const deps: UpdatesDeps = {
    isPackaged: o.packaged ?? true,
    resourcesPath: resources,
    dataDir: d.dir,
    currentVersion: '0.1.0',
    loadUpdater: async () => {
      loads++;
      return fake;
    },
    ask: async (q) => {
      asked.push(q.message);
      return o.answer ?? 1;
    },
  };
  return { updates: createUpdates(deps), fake, asked, loads: () => loads, dir: d.dir };
}
/** Every promise continuation queued so far has run (the answer to a dialog is handled in those): no time passes. */
const drained = () => new Promise((r) => setImmediate(r));

describe('updates', () => {
  it('never runs in development: electron-updater is not even loaded, the menu check says why', async () => {
    const s = setup({ packaged: false });
    await s.updates.start();
    await s.updates.checkNow();
    expect(s.loads()).toBe(0);
    expect(s.updates.inactiveReason).toMatch(/development/);
    expect(s.asked).toEqual(['Updates are not available in this build.']);
  });

  it('is inert in a build without a feed (no app-update.yml)', async () => {
    const s = setup({ feed: false });
    await s.updates.start();
    expect(s.loads()).toBe(0);
    expect(s.updates.inactiveReason).toMatch(/no update feed/);
  });

  it('checks once at start when the setting is on (the default), and not when it is off', async () => {
    const on = setup();
    await on.updates.start();
    expect(on.fake.checks).toBe(1);
    expect(on.fake.autoDownload).toBe(true);
    expect(on.asked).toEqual([]); // a background check finding nothing says nothing

    const off = setup();
    off.updates.setAutoCheck(false);
    expect(off.updates.autoCheck()).toBe(false);
    await off.updates.start();
    expect(off.fake.checks).toBe(0);
  });

  it('"Check for Updates…" says when this is the newest version, and reports a failure', async () => {
    const s = setup();
    await s.updates.checkNow();
    expect(s.asked).toEqual(['Firmscope 0.1.0 is the newest version.']);
    s.fake.outcome = (u) => u.emit('error', new Error('HTTP 404 from the update feed'));
    await s.updates.checkNow();
    expect(s.asked.at(-1)).toBe('Firmscope could not check for updates.');
  });

  it('installs a downloaded update only when the analyst chooses Restart now', async () => {
    const later = setup({ answer: 1 });
    later.fake.outcome = (u) => u.emit('update-downloaded', { version: '0.2.0' });
    await later.updates.start();
    await drained();
    expect(later.asked).toEqual(['Firmscope 0.2.0 is ready to install.']);
    expect(later.fake.installs).toBe(0);

    const now = setup({ answer: 0 });
    now.fake.outcome = (u) => u.emit('update-downloaded', { version: '0.2.0' });
    const installed = new Promise((r) => now.fake.once('install', r));
    await now.updates.start();
    await installed;
    expect(now.fake.installs).toBe(1);
  });
});

describe('update menu items', () => {
  const helpItems = (active: boolean, autoCheck: boolean, calls: string[]) => {
    const t = appMenuTemplate('linux', { isDev: false, updates: { active, autoCheck, checkNow: () => calls.push('check'), setAutoCheck: (on) => calls.push(`auto:${on}`) } });
    const help = t.find((m) => m.role === 'help')!;
    return help.submenu as Array<{ label?: string; enabled?: boolean; checked?: boolean; click?: (item: { checked: boolean }) => void }>;
  };

  it('offers Check for Updates… and the automatic-check setting in Help', () => {
    const calls: string[] = [];
    const items = helpItems(true, true, calls);
    const check = items.find((i) => i.label === 'Check for Updates…')!;
    const auto = items.find((i) => i.label === 'Check for Updates Automatically')!;
    expect(check.enabled).toBe(true);
    expect(auto).toMatchObject({ checked: true, enabled: true });
    check.click!({ checked: false });
    auto.click!({ checked: false });
    expect(calls).toEqual(['check', 'auto:false']);
  });

  it('shows them disabled when updates are inactive', () => {
    const items = helpItems(false, true, []);
    expect(items.filter((i) => i.label?.includes('Updates')).map((i) => i.enabled)).toEqual([false, false]);
  });
});
