// Browser-mode host for the ESG E2E spec: the same composition as `npm run browser`, but with the
// embedded sandbox's ESG sessions slowed to ESG_SESSION_MS so progress can be watched live.
// Prints "ESG_COMPANY <id>" (a known company whose first news run adds several articles),
// "ESG_COMPANY_NAME <name>", then the URL.
// Run: [ESG_HOST_PORT=p] node --import tsx test/main/features/esg/helpers/e2e-host.ts <dataDir>
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { ManualClock } from '../../../../../src/sandbox/clock';
import { loadDataset } from '../../../../../src/sandbox/dataset';
import { EsgEngine } from '../../../../../src/sandbox/esg/engine';
import { bootE2eHost } from '../../../../helpers/e2e-host-boot';

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
  // ESG_HOST_PORT and the data dir's host key let a spec restart the host where an open tab finds it again.
  const port = Number(process.env.ESG_HOST_PORT ?? 0);
  const url = await bootE2eHost({ dataDir, port, sandbox: { seed: SEED, companies: COMPANIES, esg: { sessionMs, itemsPerSession: 12 } } });
  console.log(`ESG_COMPANY ${company.id}`);
  console.log(`ESG_COMPANY_NAME ${company.name}`);
  console.log(url);
}

main().catch((e: unknown) => {
  console.error(`e2e host failed: ${e instanceof Error ? e.stack : String(e)}`);
  process.exit(1);
});
