// E2E fixture: browser mode whose embedded sandbox a spec can steer over its control routes
// (test/main/features/match/helpers/e2e-host.ts): slow answers, ESG pace, forgotten sessions, stats.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect, guardedTest, spawnHost, stopHost, withoutDisplay } from './fixtures';

export interface SteeredHost {
  url: string;
  /** {base_url}/__control of the embedded sandbox (it answers once the Sandbox profile is first used). */
  control: string;
  dataDir: string;
}

export const steeredTest = guardedTest.extend<{ host: SteeredHost; page: Page }>({
  host: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'firmscope-steered-'));
    let control = '';
    let child: ChildProcess | null = null;
    try {
      // Like every E2E host: no session bus and no display, so the vault is the memory one and a
      // keychain write can never wait on a desktop keyring that is not there.
      const env = { ...withoutDisplay(process.env), DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/firmscope-no-bus' };
      const h = await spawnHost(['--import', 'tsx', 'test/main/features/match/helpers/e2e-host.ts', dataDir], env, {
        label: 'steered sandbox host',
        timeoutMs: 45_000,
        onLine: (line) => void (line.startsWith('SANDBOX_CONTROL ') && (control = line.slice('SANDBOX_CONTROL '.length).trim())),
      });
      child = h.child;
      await use({ url: h.url, control, dataDir });
    } finally {
      if (child) await stopHost(child);
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
  // The host is set up before the page, so it is torn down after the page's error check.
  page: async ({ host, page }, use) => {
    await page.goto(host.url);
    await use(page);
  },
});

/** The sandbox starts on the profile's first use: wait until its control answers. */
export async function sandboxUp(control: string): Promise<void> {
  await expect.poll(async () => (await fetch(`${control}/faults`).catch(() => null))?.status ?? 0, { timeout: 30_000 }).toBe(200);
}

/** One control call; fails the test unless it answers 200. */
export async function controlCall<T>(base: string, path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${base}${path}`, { ...init, headers: { 'content-type': 'application/json' } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}
