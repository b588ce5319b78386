// The browser-mode host as `npm run browser` composes it, for E2E hosts that steer their embedded
// sandbox (test/main/features/*/helpers/e2e-host.ts): host, core, bridge, events, clean stop.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBrowserHost } from '../../src/main/shells/web-host/host';
import { startCoreBehind } from '../../src/main/shells/web-host/start-core';
import type { SandboxOptions } from '../../src/sandbox/server';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Starts the host on `port` (0 = any) and stops it on SIGINT/SIGTERM; resolves with its URL. */
export async function bootE2eHost(o: { dataDir: string; port?: number; sandbox: SandboxOptions }): Promise<string> {
  const host = await startBrowserHost({ rendererDir: join(repoRoot, 'out', 'renderer'), port: o.port ?? 0 });
  const core = await startCoreBehind(host, o.dataDir, { sandbox: o.sandbox });
  const stop = async () => {
    await Promise.allSettled([core.close(), host.close()]);
    process.exit(0);
  };
  // stop() cannot reject (allSettled, then exit).
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  return host.url;
}
