// A browser-mode host whose main process runs in another locale (and time zone) than the page, as
// on a German desktop: for the CSV presets (the host's list separator) and the analyst's locale.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { guardedTest, spawnHost, stopHost, type BrowserModeApp } from './fixtures';

export function hostIn(hostEnv: Record<string, string>) {
  return guardedTest.extend<{ app: BrowserModeApp; page: Page }>({
    app: async ({}, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'firmscope-e2e-locale-'));
      const { DISPLAY: _d, WAYLAND_DISPLAY: _w, ...env } = process.env;
      const { child, url, output } = await spawnHost(['out/web-host/cli.mjs', '--port', '0', '--data-dir', dataDir, '--no-build'], {
        ...env,
        ...hostEnv,
        DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/firmscope-no-bus',
      });
      const u = new URL(url);
      try {
        await use({ url, origin: u.origin, port: Number(u.port), launchCode: u.searchParams.get('launch') ?? '', dataDir, output });
      } finally {
        await stopHost(child);
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    page: async ({ app, page }, use) => {
      await page.goto(app.url);
      await use(page);
    },
  });
}
