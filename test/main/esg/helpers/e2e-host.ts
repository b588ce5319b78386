// Browser-mode host for the ESG E2E spec: the same composition as `npm run browser`, but with the
// embedded sandbox's ESG sessions slowed to ESG_SESSION_MS so progress can be watched live.
// Prints "ESG_COMPANY <id>" (a known company whose first news run adds several articles),
// "ESG_COMPANY_NAME <name>", then the URL.
// Run: node --import tsx test/main/esg/helpers/e2e-host.ts <dataDir>
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventChannel } from '../../../../src/shared/bridge/define';
import { bridgeTable } from '../../../../src/shared/bridge/table';
import { createDispatcher } from '../../../../src/main/bridge/dispatcher';
import { createWebHostHooks } from '../../../../src/main/web-host/web-host-hooks';
import { startBrowserHost } from '../../../../src/main/web-host/host';
import { createCore } from '../../../../src/main/compose/create-core';
import { ManualClock } from '../../../../src/sandbox/clock';
import { loadDataset } from '../../../../src/sandbox/dataset';
import { EsgEngine } from '../../../../src/sandbox/esg/engine';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const SEED = 42;
const COMPANIES = 25_000;

/** Replays the sandbox's deterministic first news run on a private engine to find a lively company. */
function livelyNewsCompany(sessionMs: number): { id: string; name: string } {
  const ds = loadDataset(SEED, COMPANIES);
  const clock = new ManualClock();
  const engine = new EsgEngine(ds, clock, { sessionMs, itemsPerSession: 12 });
  for (const c of ds.companies) {
    if (!engine.isKnown(c.company_id)) continue;
    const sid = engine.request(c.company_id, 'news').sessionId!;
    const early = engine.status(sid)!.result_count;
    clock.advance(sessionMs);
    // A plain name: the spec finds it in labels and notifications (awkward names are tested elsewhere).
    if (engine.status(sid)!.result_count - early >= 6 && /^[\w .,&'-]+$/.test(c.name)) return { id: c.company_id, name: c.name };
  }
  throw new Error('no ESG company with a lively news run');
}

async function main() {
  const dataDir = resolve(process.argv[2] ?? '');
  const sessionMs = Number(process.env.ESG_SESSION_MS ?? 12_000);
  mkdirSync(dataDir, { recursive: true });
  const company = livelyNewsCompany(sessionMs);
  const host = await startBrowserHost({ rendererDir: join(repoRoot, 'out', 'renderer'), port: 0 });
  const core = await createCore({
    dataDir,
    shell: createWebHostHooks(dataDir, host),
    sandbox: { seed: SEED, companies: COMPANIES, esg: { sessionMs, itemsPerSession: 12 } },
  });
  host.setDispatcher(createDispatcher(bridgeTable, core.handlers));
  core.onEvent((group, name, payload) => host.broadcast(eventChannel(group, name), payload));
  const stop = async () => {
    await Promise.allSettled([core.close(), host.close()]);
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  console.log(`ESG_COMPANY ${company.id}`);
  console.log(`ESG_COMPANY_NAME ${company.name}`);
  console.log(host.url);
}

main().catch((e: unknown) => {
  console.error(`e2e host failed: ${e instanceof Error ? e.stack : String(e)}`);
  process.exit(1);
});
