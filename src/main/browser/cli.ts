// Browser mode: the core plus a loopback host serving the renderer, for machines without an
// Electron binary (or a display). Prints the URL to open on a line of its own.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bridgeTable } from '../../shared/bridge/table';
import { eventChannel } from '../../shared/bridge/define';
import { createDispatcher } from '../bridge/dispatcher';
import { createCore } from '../core/create-core';
import { createBrowserShellHooks } from './browser-shell-hooks';
import { parseBrowserArgs, USAGE, type BrowserArgs } from './cli-args';
import { startBrowserHost } from './host';
import { buildRenderer, rendererDirOf, rendererIsStale } from './renderer-build';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

async function main(args: BrowserArgs): Promise<void> {
  if (args.build && rendererIsStale(repoRoot)) {
    console.log('Building the renderer…');
    if (!buildRenderer(repoRoot)) throw new Error('The renderer build failed (see above).');
  }
  mkdirSync(args.dataDir, { recursive: true });
  const host = await startBrowserHost({ rendererDir: rendererDirOf(repoRoot), port: args.port });
  const shell = createBrowserShellHooks(args.dataDir, host);
  const core = await createCore({ dataDir: args.dataDir, shell });
  host.setDispatcher(createDispatcher(bridgeTable, core.handlers));
  core.onEvent((group, name, payload) => host.broadcast(eventChannel(group, name), payload));

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await Promise.allSettled([core.close(), host.close()]);
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  console.log(`Firmscope is running in browser mode (data: ${args.dataDir}). Open this URL; it carries this launch's access token:`);
  console.log(host.url);
  console.log('Press Ctrl+C to stop.');
}

let args: BrowserArgs;
try {
  args = parseBrowserArgs(process.argv.slice(2));
} catch (e) {
  const message = (e as Error).message;
  console.error(message === 'usage' ? USAGE : `${message}\n${USAGE}`);
  process.exit(message === 'usage' ? 0 : 2);
}
main(args).catch((e: unknown) => {
  console.error(`Firmscope could not start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
