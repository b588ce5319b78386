// E2E: browser-mode specs in Debian Chromium (never `playwright install`), each test with its own
// host and fresh data dir (test/e2e/fixtures.ts). Electron specs run only when an Electron binary
// exists; otherwise this prints one line saying they did not run (they are not counted at all).
import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { findElectronBinary, hasDisplay } from './scripts/electron-binary.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Decided once in the runner; workers inherit the answer through the environment.
if (process.env.FIRMSCOPE_ELECTRON_E2E === undefined) {
  const electron = findElectronBinary(root, { downloadTimeoutMs: 0 });
  const usable = electron.ok && hasDisplay();
  process.env.FIRMSCOPE_ELECTRON_E2E = usable ? '1' : '0';
  if (electron.ok) process.env.FIRMSCOPE_ELECTRON_BINARY = electron.path;
  if (!usable) {
    const why = electron.ok ? 'no display (run under xvfb-run)' : electron.reason;
    console.log(`ELECTRON E2E NOT RUN: test/e2e/electron/*.spec.ts did not run: ${why}. Only browser-mode E2E runs.`);
  }
}
const runElectron = process.env.FIRMSCOPE_ELECTRON_E2E === '1';

export default defineConfig({
  testDir: 'test/e2e',
  globalSetup: './scripts/e2e-global-setup.ts',
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: true,
  // Give-ups, not speed limits: a test that takes 20 s on a quiet machine took over 60 s, and an
  // answer over 10 s, with Vitest running beside the suite (issue 34's loaded-machine runs).
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  outputDir: process.env.PW_OUTPUT_DIR ?? 'test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    // No trace: recording one for every test (to keep the failed ones) cost about 18 % of the suite's
    // CPU (lists, frame and grid specs: 110-112 s with, 91 s without; docs/testing.md), and the
    // failure's page is in its error-context.md anyway. `--trace on` records one when debugging.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'browser-mode', testIgnore: /electron\// },
    ...(runElectron ? [{ name: 'electron', testMatch: /electron\/.*\.spec\.ts/, fullyParallel: false, workers: 1 }] : []),
  ],
});
