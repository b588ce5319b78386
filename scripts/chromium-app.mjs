// Chromium in app mode for browser mode (npm start), keeping the launch link out of reach:
// - the link (its one-time code) is never on the command line (/proc/*/cmdline is world-readable):
//   Chromium opens a launch page, a 0600 file in the 0700 app profile, that forwards to it and is deleted;
// - the app profile saves no history, and what an older Chromium left there (History, Sessions,
//   Favicons, ...) is removed before each launch.
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Files of the Default profile that record visited URLs. */
export const HISTORY_FILES = [
  'History', 'History-journal', 'Favicons', 'Favicons-journal', 'Top Sites', 'Top Sites-journal',
  'Visited Links', 'Current Session', 'Current Tabs', 'Last Session', 'Last Tabs', 'Sessions', 'Shortcuts', 'Shortcuts-journal',
  'Network Action Predictor', 'Network Action Predictor-journal',
];

/** Creates the app profile (0700), turns history saving off in its preferences, removes what was recorded. */
export function prepareAppProfile(profileDir) {
  mkdirSync(join(profileDir, 'Default'), { recursive: true, mode: 0o700 });
  chmodSync(profileDir, 0o700);
  for (const name of HISTORY_FILES) rmSync(join(profileDir, 'Default', name), { recursive: true, force: true });
  const prefsFile = join(profileDir, 'Default', 'Preferences');
  let prefs = {};
  try {
    prefs = existsSync(prefsFile) ? JSON.parse(readFileSync(prefsFile, 'utf8')) : {};
  } catch {
    prefs = {};
  }
  prefs.history = { ...(prefs.history ?? {}), saving_disabled: true };
  prefs.session = { ...(prefs.session ?? {}), restore_on_startup: 5 }; // open the new tab page, never restore
  prefs.search = { ...(prefs.search ?? {}), suggest_enabled: false };
  writeFileSync(prefsFile, JSON.stringify(prefs), { mode: 0o600 });
}

/** The page Chromium opens first: forwards to the launch link. Returns its path; delete it once used. */
export function writeLaunchPage(profileDir, launchUrl) {
  const file = join(profileDir, 'firmscope-launch.html');
  const safe = launchUrl.replace(/[^A-Za-z0-9:/?=&._~%-]/g, '');
  writeFileSync(file, `<!doctype html><meta charset="utf-8"><meta name="referrer" content="no-referrer"><meta http-equiv="refresh" content="0;url=${safe}"><title>Firmscope</title>`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

/** Command line for Chromium: the launch page's path, never the link itself. */
export function chromiumAppArgs(launchPage, profileDir, { asRoot = false } = {}) {
  const args = [`--app=${pathToFileURL(launchPage).href}`, `--user-data-dir=${profileDir}`, '--no-first-run', '--no-default-browser-check', '--disable-sync'];
  if (asRoot) args.push('--no-sandbox'); // Chromium refuses to start as root otherwise.
  return args;
}
