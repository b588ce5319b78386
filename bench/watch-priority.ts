// What a scheduled watch check costs the analyst's own work on the same profile (docs/watches.md):
// the analyst's export (the export's page walker, normal lane) alone vs the same export while a
// scheduled check of a watched search runs beside it, through the same rate limiter (the profile's
// requests per second), against a sandbox in its own process with latency added per page. The
// check is the watches feature's own (created, then due: a 'schedule' check, low lane, paging only
// while the profile is quiet, polite-api.ts). For comparison, the same check's load with the low
// lane alone (no yielding) is measured too. Rounds alternate; medians compared.
// Target (issue 29): a scheduled check adds <= 5 % to the export's time.
// Run: npx tsx bench/watch-priority.ts [rps=20] [latencyMs=20] [exportRows=10000] [rounds=5]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { z } from 'zod';
import { createEsgRunsFeature } from '../src/main/features/esg-runs/feature';
import { createListsFeature } from '../src/main/features/lists/feature';
import { SavedSearchStore } from '../src/main/features/search/saved-store';
import { createSnapshotFeature } from '../src/main/features/snapshots/feature';
import { createWatchesFeature } from '../src/main/features/watches/feature';
import { createMeter } from '../src/main/features/watches/metered-api';
import { createApiClient } from '../src/main/platform/api/api-client';
import { RateLimiter } from '../src/main/platform/api/rate-limiter';
import { createRequestLog } from '../src/main/platform/api/request-log';
import { createTransport } from '../src/main/platform/api/transport';
import type { ApiClient } from '../src/main/platform/api/types';
import { TokenManager } from '../src/main/platform/auth/token-manager';
import { walkPages } from '../src/main/platform/paging/page-walker';
import type { FeatureDeps, FeatureSettings } from '../src/main/platform/ports/feature-deps';
import { createWorkspace, workspacePort } from '../src/main/platform/workspace/workspace';
import { SANDBOX_CLIENTS } from '../src/sandbox/clients';
import { DEFAULT_PATHS, type Profile } from '../src/shared/profile';
import type { SearchBody } from '../src/shared/service/schemas';
import { builtWriterEntry } from './helpers/built-writer';
import { startPagedSandbox } from './helpers/paged-sandbox';

const rps = Number(process.argv[2] ?? 20);
const latencyMs = Number(process.argv[3] ?? 20);
const exportRows = Number(process.argv[4] ?? 10_000);
const rounds = Number(process.argv[5] ?? 5);
const COMPANIES = 20_000;
/** The analyst exports one search; the watch checks another (every company: 100 pages). */
const EXPORT_BODY: SearchBody = { filters: { and: [{ attribute: 'founding_year', relation: 'greater_than', value: 0 }] } };
const WATCH_BODY: SearchBody = { filters: { and: [{ attribute: 'founding_year', relation: 'greater_than', value: 1 }] } };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class MapSettings implements FeatureSettings {
  private readonly data = new Map<string, unknown>();
  read<T>(key: string, schema: z.ZodType<T>, fallback: T): T {
    const r = schema.safeParse(this.data.get(key));
    return this.data.has(key) && r.success ? r.data : fallback;
  }
  write(key: string, value: unknown): void {
    this.data.set(key, JSON.parse(JSON.stringify(value)));
  }
}

/** The production client of one profile: its token, its transport and its rate limiter. */
function limitedClient(urls: { authUrl: string; baseUrl: string }, limiter: RateLimiter): ApiClient {
  const transport = createTransport({ log: createRequestLog() });
  const client = SANDBOX_CLIENTS.analyst;
  const tokens = new TokenManager({ authUrl: urls.authUrl, clientId: client.id, scope: 'api:use', useDiscovery: false, getSecret: async () => client.secret, transport });
  return createApiClient({ profile: { baseUrl: urls.baseUrl, ...DEFAULT_PATHS }, tokens, transport, limiter });
}

async function exportPages(api: ApiClient): Promise<number> {
  let pages = 0;
  for await (const _page of walkPages(api, { body: EXPORT_BODY, pageSize: 200, rowLimit: exportRows, signal: new AbortController().signal })) pages++;
  return pages;
}

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'fs-bench-watch-priority-'));
  const { child, urls } = await startPagedSandbox(COMPANIES, latencyMs);
  const limiter = new RateLimiter({ requestsPerSecond: rps });
  const api = limitedClient(urls, limiter);
  let offset = 0;
  const now = () => Date.now() + offset;
  const profile = { id: 'bench', name: 'Bench' } as Profile;
  const workspace = createWorkspace({ dataDir: dir, notify: (_l, m) => console.warn(m) });
  const settings = new MapSettings();
  const deps: FeatureDeps = {
    api: async () => api,
    activeProfile: () => profile,
    settings,
    emit: () => {},
    shell: { kind: 'browser', chooseExportPath: async () => null, revealFile: async () => {}, notify: () => {}, openExternal: async () => {} },
    dataDir: dir,
    workspace: workspacePort(workspace, () => profile.id),
    now,
    requestBudget: () => {
      const s = limiter.stats();
      return { waiting: s.waiting, granted: s.granted, requestsPerSecond: rps };
    },
  };
  // As users run it: the built writer thread (from the sources, tsx would compile it at every check).
  const snapshots = createSnapshotFeature(deps, { writerEntry: builtWriterEntry() });
  const lists = createListsFeature(deps);
  const esgRuns = createEsgRunsFeature(deps);
  const watches = createWatchesFeature(deps, { apiFor: async () => api, snapshots, lists, esgRuns, timers: { now, setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) } });
  const ctx = { signal: new AbortController().signal };
  const saved = new SavedSearchStore(settings, now).save(profile.id, { name: 'Every company', body: WATCH_BODY, pageSize: 200 });
  const watch = await watches.handlers.create({ name: 'Every company', target: { kind: 'search', savedSearchId: saved.id }, schedule: { kind: 'hourly' }, checkAtStart: false, scoreThreshold: 5 }, ctx);

  /** Makes the watch due (the clock jumps past its next hour) and lets the scheduler start its check. */
  async function scheduledCheck(): Promise<() => Promise<{ requests: number; ms: number }>> {
    const before = (await watches.handlers.checks({ id: watch.id, limit: 1 }, ctx))[0]?.id ?? 0;
    offset += 3_600_000;
    const t0 = performance.now();
    await watches.handlers.update({ id: watch.id, name: 'Every company' }, ctx); // runs the plan: the check is due
    for (;;) {
      const [c] = await watches.handlers.checks({ id: watch.id, limit: 1 }, ctx);
      if (c && c.id !== before && c.trigger === 'schedule') break;
      await sleep(5);
    }
    return async () => {
      for (;;) {
        const [c] = await watches.handlers.checks({ id: watch.id, limit: 1 }, ctx);
        if (c!.status !== 'running') {
          if (c!.status !== 'done') throw new Error(`the check ended ${c!.status}: ${c!.error?.message ?? c!.note ?? ''}`);
          return { requests: c!.requests, ms: performance.now() - t0 };
        }
        await sleep(20);
      }
    };
  }

  /** The same load as the check's, low lane only: what the check would cost without yielding. */
  function lowLaneLoad(): Promise<unknown> {
    const meter = createMeter('low');
    const { done } = snapshots.loadOwned({ profileId: profile.id, owner: 'bench', body: WATCH_BODY, rowCap: 100_000, api: meter.wrap(api), signal: new AbortController().signal });
    return done;
  }

  try {
    await exportPages(api); // warm-up: token, connections, JIT, the writer thread's first start
    await (await scheduledCheck())();
    const alone: number[] = [];
    const withCheck: number[] = [];
    const withLowLane: number[] = [];
    // Each export starts with the limiter's burst credit full again (burst / rate is about 1 s).
    const REFILL_MS = 1500;
    for (let r = 0; r < rounds; r++) {
      await sleep(REFILL_MS);
      let t = performance.now();
      const pages = await exportPages(api);
      alone.push(performance.now() - t);

      await sleep(REFILL_MS);
      const checkDone = await scheduledCheck();
      t = performance.now();
      await exportPages(api);
      withCheck.push(performance.now() - t);
      const check = await checkDone();

      await sleep(REFILL_MS);
      const load = lowLaneLoad();
      await sleep(50);
      t = performance.now();
      await exportPages(api);
      withLowLane.push(performance.now() - t);
      await load;
      for (const s of snapshots.storeFor(profile.id).ownedBy('bench')) snapshots.storeFor(profile.id).delete(s.id);
      console.log(
        `round ${r + 1}: export of ${pages} pages alone ${alone[r]!.toFixed(0)} ms; beside a scheduled check ${withCheck[r]!.toFixed(0)} ms (the check: ${check.requests} requests, ${(check.ms / 1000).toFixed(1)} s); beside a low-lane load without yielding ${withLowLane[r]!.toFixed(0)} ms`,
      );
    }
    const ratio = median(withCheck) / median(alone);
    const lowRatio = median(withLowLane) / median(alone);
    console.log(`export of ${exportRows.toLocaleString('en-US')} rows at ${rps} requests/s, ${latencyMs} ms/page: alone median ${median(alone).toFixed(0)} ms`);
    console.log(`  beside a scheduled watch check: ${median(withCheck).toFixed(0)} ms -> ${ratio.toFixed(3)}x (target <= 1.05x) ${ratio <= 1.05 ? 'PASS' : 'OVER'}`);
    console.log(`  beside the same load in the low lane without yielding (for comparison): ${median(withLowLane).toFixed(0)} ms -> ${lowRatio.toFixed(3)}x`);
  } finally {
    await watches.dispose?.();
    await esgRuns.dispose?.();
    await snapshots.dispose?.();
    workspace.close();
    child.kill('SIGTERM');
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
