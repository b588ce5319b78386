// The browser-mode host as `npm run browser` composes it, for E2E hosts that steer their embedded
// sandbox (test/main/features/*/helpers/e2e-host.ts): host, core, bridge, events, clean stop.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventChannel } from '../../src/shared/bridge/define';
import { bridgeTable } from '../../src/shared/bridge/table';
import { createDispatcher } from '../../src/main/platform/bridge/dispatcher';
import { createWebHostHooks } from '../../src/main/shells/web-host/web-host-hooks';
import { startBrowserHost } from '../../src/main/shells/web-host/host';
import { createCore } from '../../src/main/shells/compose/create-core';
import type { SandboxOptions } from '../../src/sandbox/server';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Starts the host on `port` (0 = any) and stops it on SIGINT/SIGTERM; resolves with its URL. */
export async function bootE2eHost(o: { dataDir: string; port?: number; sandbox: SandboxOptions }): Promise<string> {
  const host = await startBrowserHost({ rendererDir: join(repoRoot, 'out', 'renderer'), port: o.port ?? 0 });
  const core = await createCore({ dataDir: o.dataDir, shell: createWebHostHooks(o.dataDir, host), sandbox: o.sandbox });
  host.setDispatcher(createDispatcher(bridgeTable, core.handlers));
  core.onEvent((group, name, payload) => host.broadcast(eventChannel(group, name), payload));
  const stop = async () => {
    await Promise.allSettled([core.close(), host.close()]);
    process.exit(0);
  };
  // stop() cannot reject (allSettled, then exit).
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  return host.url;
}
