// Browser mode: the core plus a loopback host serving the renderer, for machines without an
// Electron binary (or a display). Prints the URL to open on a line of its own.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseBrowserArgs, USAGE, type BrowserArgs } from './cli-args';
import { startBrowserHost } from './host';
import { findRepoRoot } from './repo-root';

const repoRoot = findRepoRoot(dirname(fileURLToPath(import.meta.url)));

async function main(args: BrowserArgs): Promise<void> {
  // Building is the scripts' job (`npm run browser` and `npm start` build what is stale first): the host only checks.
  if (!existsSync(join(repoRoot, 'out', 'renderer', 'index.html'))) throw new Error('The renderer is not built (out/renderer). Run `npm run build:renderer` first, or start with `npm start`.');
  mkdirSync(args.dataDir, { recursive: true, mode: 0o700 });
  // Earlier versions kept a reusable session key here; the session is now per launch (host.ts).
  rmSync(join(args.dataDir, 'web-host.key'), { force: true });
  const host = await startBrowserHost({ rendererDir: join(repoRoot, 'out', 'renderer'), port: args.port });

  // The URL is usable at once: bridge calls made before the core is up wait for it (ws-bridge.ts).
  console.log(`Firmscope is running in browser mode (data: ${args.dataDir}). Open this URL; it carries this launch's access token:`);
  console.log(host.url);
  console.log('Press Ctrl+C to stop.');

  const { startCoreBehind } = await import('./start-core');
  const core = await startCoreBehind(host, args.dataDir);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await Promise.allSettled([core.close(), host.close()]);
    process.exit(0);
  };
  // stop() cannot reject (allSettled, then exit).
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
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
