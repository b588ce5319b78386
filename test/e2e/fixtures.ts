// E2E fixtures: every test gets its own browser-mode host (random port, FRESH data dir, embedded
// sandbox behind it) and a `page` already opened on the app. The host is stopped and its data
// dir removed after the test.
import { test as base, expect, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface BrowserModeApp {
  /** The printed URL: its one-time launch code signs in the first page that opens it. */
  url: string;
  origin: string;
  port: number;
  /** The one-time launch code in `url` (worthless once the page has opened it). */
  launchCode: string;
  dataDir: string;
  /** Everything the host printed so far (stdout + stderr). */
  output(): string;
}

export interface SpawnedHost {
  child: ChildProcess;
  url: string;
  /** Everything the host printed so far (stdout + stderr). */
  output(): string;
}

/** Starts a host process and waits for the URL line it prints; `onLine` sees every stdout line. */
export async function spawnHost(
  args: string[],
  env: NodeJS.ProcessEnv,
  { label = 'browser mode', timeoutMs = 30_000, onLine }: { label?: string; timeoutMs?: number; onLine?: (line: string) => void } = {},
): Promise<SpawnedHost> {
  const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, FORCE_COLOR: '0' } });
  let log = '';
  child.stderr!.on('data', (d) => (log += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} printed no URL within ${timeoutMs / 1000} s:\n${log}`)), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited (${code}) before printing its URL:\n${log}`));
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      log += line + '\n';
      onLine?.(line);
      if (line.startsWith('http://127.0.0.1')) {
        clearTimeout(timer);
        resolve(line.trim());
      }
    });
  });
  return { child, url, output: () => log };
}

export async function stopHost(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Kills without any chance to clean up (a crash), and waits for the process to be gone. */
export async function killHost(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGKILL');
  await exited;
}

/** A browser-mode host on `dataDir` (tests that restart the app reuse one data dir; `port` pins it). */
export function startHost(dataDir: string, port = 0): Promise<SpawnedHost> {
  // The bundled host (built by the global setup): same code as `npm run browser`, without tsx's start-up cost.
  // No session bus and no X display: the host must not reach (or autolaunch) a desktop keyring,
  // so every test gets the same vault (memory, with its notice). The keychain has its own test.
  return spawnHost(['out/web-host/cli.mjs', '--port', String(port), '--data-dir', dataDir, '--no-build'], {
    ...withoutDisplay(process.env),
    DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/firmscope-no-bus',
  });
}

/** Annotation type: a test that provokes a console error on purpose names (part of) its text. */
export const EXPECTED_CONSOLE_ERROR = 'expected-console-error';

/**
 * `page` that fails its test on an uncaught exception or a console error, unless the test
 * provokes it on purpose (EXPECTED_CONSOLE_ERROR). Every E2E test builds on this.
 */
export const guardedTest = base.extend<{ page: Page }>({
  page: async ({ page }, use, testInfo) => {
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
    });
    await use(page);
    const expected = testInfo.annotations.filter((a) => a.type === EXPECTED_CONSOLE_ERROR).map((a) => a.description ?? '');
    const unexpected = problems.filter((p) => !expected.some((e) => p.includes(e)));
    expect(unexpected, 'the page logged errors').toEqual([]);
  },
});

/** A test with its own browser-mode host on a fresh data dir, started by `start`, the page opened on it. */
export function testWithHost(start: (dataDir: string) => Promise<SpawnedHost>) {
  return guardedTest.extend<{ app: BrowserModeApp; page: Page }>({
    app: async ({}, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'firmscope-e2e-'));
      const { child, url, output } = await start(dataDir);
      const u = new URL(url);
      const launchCode = u.searchParams.get('launch') ?? '';
      try {
        await use({ url, origin: u.origin, port: Number(u.port), launchCode, dataDir, output });
      } finally {
        await stopHost(child);
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    // `app` first: fixtures are torn down in reverse order, so the host outlives the page's error check.
    page: async ({ app, page }, use) => {
      await page.goto(app.url);
      await use(page);
    },
  });
}

export const test = testWithHost((dataDir) => startHost(dataDir));

export { expect };

/** The first search of a fresh app also signs in to the sandbox: allow for a busy machine. */
export const FIRST_SEARCH_MS = 30_000;

/** The environment without a display: no X11 or Wayland autolaunch of a desktop keyring. */
export function withoutDisplay(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DISPLAY: _display, WAYLAND_DISPLAY: _wayland, ...rest } = env;
  return rest;
}
