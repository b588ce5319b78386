// Browser-mode host for match E2E specs that steer the service: the same composition as
// `npm run browser`, with the embedded sandbox on a known port and its control routes on, so a spec
// can make chosen answers slow (POST {base}/__control/faults/next). Prints "SANDBOX_CONTROL <url>",
// then the URL.
// Run: node --import tsx test/main/features/match/helpers/e2e-host.ts <dataDir>
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { bootE2eHost } from '../../../../helpers/e2e-host-boot';

/** A port free now on 127.0.0.1 (the sandbox starts later, on first use of the Sandbox profile). */
function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

async function main() {
  const dataDir = resolve(process.argv[2] ?? '');
  mkdirSync(dataDir, { recursive: true });
  const sandboxPort = await freePort();
  const url = await bootE2eHost({ dataDir, sandbox: { port: sandboxPort, enableControl: true } });
  console.log(`SANDBOX_CONTROL http://127.0.0.1:${sandboxPort}/api/__control`);
  console.log(url);
}

main().catch((e: unknown) => {
  console.error(`e2e host failed: ${e instanceof Error ? e.stack : String(e)}`);
  process.exit(1);
});
