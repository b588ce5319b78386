#!/usr/bin/env node
// `npm start`: the desktop app (electron-vite) when an Electron binary and a display are available;
// otherwise one line saying why, then browser mode (opened in Chromium's app mode if there is a display).
// Extra arguments (`npm start -- --port 4000 --data-dir DIR`) go to browser mode.
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './build-outputs.mjs';
import { chromiumAppArgs, prepareAppProfile, writeLaunchPage } from './chromium-app.mjs';
import { findElectronBinary, hasDisplay } from './electron-binary.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);
const passThrough = process.argv.slice(2);

function run(cmd, args, opts = {}) {
  const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  return child;
}

function findChromium() {
  for (const p of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']) {
    if (p && existsSync(p)) return p;
  }
  return null;
}

function dataDirFrom(args) {
  const i = args.findIndex((a) => a === '--data-dir' || a.startsWith('--data-dir='));
  if (i < 0) return null;
  return args[i].includes('=') ? args[i].split('=')[1] : args[i + 1];
}

function startBrowserMode() {
  if (!ensureBuilt(root, ['renderer', 'webHost'])) process.exit(1);
  const host = spawn(process.execPath, [join(root, 'out/web-host/cli.mjs'), '--no-build', ...passThrough], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let chromium = null;
  const stopAll = (sig) => {
    chromium?.kill(sig);
    host.kill(sig);
  };
  process.on('SIGINT', () => stopAll('SIGINT'));
  process.on('SIGTERM', () => stopAll('SIGTERM'));
  host.on('exit', (code) => {
    chromium?.kill('SIGTERM');
    process.exit(code ?? 1);
  });

  createInterface({ input: host.stdout }).on('line', (line) => {
    console.log(line);
    if (!line.startsWith('http://127.0.0.1') || chromium) return;
    const browser = hasDisplay() ? findChromium() : null;
    if (!browser) return;
    const dataDir = dataDirFrom(passThrough) ?? process.env.FIRMSCOPE_DATA_DIR ?? join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'firmscope');
    const profile = join(dataDir, 'chromium-app-profile');
    // The link carries a one-time code: it goes to Chromium through a 0600 file, not its command line.
    prepareAppProfile(profile);
    const launchPage = writeLaunchPage(profile, line.trim());
    const args = chromiumAppArgs(launchPage, profile, { asRoot: process.getuid?.() === 0 });
    const startedAt = Date.now();
    chromium = spawn(browser, args, { stdio: 'ignore' });
    const forget = () => rmSync(launchPage, { force: true });
    setTimeout(forget, 15_000).unref();
    chromium.on('exit', (code) => {
      forget();
      // Closing the app window ends the session. A Chromium that quits at once (could not start, or
      // handed the URL to an already running instance) leaves the host up and the URL usable.
      if (Date.now() - startedAt > 5000) host.kill('SIGTERM');
      else console.log(`Chromium exited at once (code ${code}); open the URL above in a browser. Ctrl+C stops Firmscope.`);
    });
  });
}

const found = findElectronBinary(root);
const electron = found.ok && !hasDisplay() ? { ok: false, reason: 'no display to show its window on' } : found;
if (electron.ok) {
  const child = run(bin('electron-vite'), ['preview', '--', ...passThrough]);
  child.on('exit', (code) => process.exit(code ?? 1));
} else {
  console.log(`Electron cannot run here: ${electron.reason}. Starting browser mode instead.`);
  startBrowserMode();
}
