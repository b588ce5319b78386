// Electron E2E: launches the built app (out/main/index.js) with a fresh data dir per test. Only
// loaded when playwright.config.ts found an Electron binary (FIRMSCOPE_ELECTRON_BINARY).
import { _electron, test as base, expect, type ElectronApplication, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

export async function launchApp(dataDir: string): Promise<ElectronApplication> {
  const executablePath = process.env.FIRMSCOPE_ELECTRON_BINARY;
  if (!executablePath) throw new Error('FIRMSCOPE_ELECTRON_BINARY is not set: run these specs through playwright.config.ts');
  return _electron.launch({
    executablePath,
    // --no-sandbox only affects Chromium's OS-level process sandbox (refused as root); the renderer's
    // `sandbox: true` web preference under test is unchanged.
    args: [join(repoRoot, 'out/main/index.js'), '--data-dir', dataDir, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
    cwd: repoRoot,
  });
}

export const test = base.extend<{ electronApp: ElectronApplication; appWindow: Page; dataDir: string }>({
  dataDir: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'firmscope-electron-e2e-'));
    await use(dir);
    rmSync(dir, { recursive: true, force: true });
  },
  electronApp: async ({ dataDir }, use) => {
    const app = await launchApp(dataDir);
    await use(app);
    // A test may have closed it already (relaunch checks).
    await app.close().catch(() => undefined);
  },
  appWindow: async ({ electronApp }, use) => {
    const win = await electronApp.firstWindow();
    await win.waitForLoadState('domcontentloaded');
    await use(win);
  },
});

export { expect };
