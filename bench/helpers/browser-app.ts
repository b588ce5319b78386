// The app as the browser-mode benches drive it: the core with its embedded sandbox on a fresh data
// dir, the browser-mode host serving the built renderer, and Debian Chromium on the page.
import { chromium, type Browser, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDispatcher } from '../../src/main/platform/bridge/dispatcher';
import { createWebHostHooks } from '../../src/main/shells/web-host/web-host-hooks';
import { startBrowserHost, type BrowserHost } from '../../src/main/shells/web-host/host';
import { createCore, type Core, type CoreOptions } from '../../src/main/shells/compose/create-core';
import { createMemoryVault } from '../../src/main/platform/secrets/memory-vault';
import { eventChannel } from '../../src/shared/bridge/define';
import { bridgeTable } from '../../src/shared/bridge/table';
import { ensureBuilt } from '../../scripts/build-outputs.mjs';

export interface BenchApp {
  core: Core;
  host: BrowserHost;
  browser: Browser;
  page: Page;
  /** The core's data folder (a bench may seed its workspace). */
  dataDir: string;
  close(): Promise<void>;
}

export async function startBenchApp(opts: {
  name: string;
  viewport: { width: number; height: number };
  sandbox?: CoreOptions['sandbox'];
  /** Runs before the handlers are wired, e.g. to wrap one with a timer. */
  beforeDispatch?(core: Core): void;
}): Promise<BenchApp> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  if (!ensureBuilt(root, ['renderer'])) throw new Error('renderer build failed');
  const dataDir = mkdtempSync(join(tmpdir(), `firmscope-bench-${opts.name}-`));
  const host = await startBrowserHost({ rendererDir: join(root, 'out', 'renderer') });
  const core = await createCore({ dataDir, shell: createWebHostHooks(dataDir, host), vault: createMemoryVault(), ...(opts.sandbox ? { sandbox: opts.sandbox } : {}) });
  opts.beforeDispatch?.(core);
  host.setDispatcher(createDispatcher(bridgeTable, core.handlers));
  core.onEvent((g, n, p) => host.broadcast(eventChannel(g, n), p));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage({ viewport: opts.viewport });
  // tsx compiles with keepNames; functions passed to evaluate() then reference esbuild's __name helper.
  await page.addInitScript('window.__name = (f) => f');
  return {
    core,
    host,
    browser,
    page,
    dataDir,
    async close() {
      await browser.close();
      await Promise.allSettled([core.close(), host.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
