// Bulk match against the sandbox with a service that answers in 200-230 ms (six rows in flight, so answers arrive in bunches) and one row that takes
// 3 s: the panel (progress events, and the review queue read when they arrive) keeps up with main.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rm } from 'node:fs/promises';
import { startSandbox, type SandboxHandle } from '../../../../src/sandbox/server';
import type { BulkJobView } from '../../../../src/shared/bridge/groups/match';
import { createMatchFeature } from '../../../../src/main/features/match/feature';
import type { FeatureDeps } from '../../../../src/main/platform/ports/feature-deps';
import { sandboxDeps } from './helpers/sandbox-deps';

let sb: SandboxHandle;
const dirs: string[] = [];
beforeAll(async () => {
  sb = await startSandbox({ companies: 2000, seed: 7 });
});
afterAll(async () => {
  await sb?.close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});
const ctx = { signal: new AbortController().signal };
const shown = ({ rowsPerSecond: _rate, ...v }: BulkJobView) => v;

describe('bulk progress against a slow service', () => {
  it('converges to main after every change; no decided row is missing from the queue', async () => {
    // How soon an event follows a change (one throttle interval) is checked exactly on fake timers in
    // bulk-progress.test.ts; here, against real HTTP, that one always follows and carries main's counts.
    const { deps, dir, until } = await sandboxDeps(sb);
    dirs.push(dir);
    const events: BulkJobView[] = [];
    const emit = deps.emit;
    deps.emit = ((group: string, name: string, payload: BulkJobView) => {
      if (group === 'match' && name === 'bulkProgress') events.push(payload);
      return (emit as (...a: unknown[]) => void)(group, name, payload);
    }) as FeatureDeps['emit'];
    // Main's view sampled right after each answer of the service has been taken in (a change in main).
    const samples: Array<Promise<BulkJobView>> = [];
    const api = await deps.api();
    deps.api = async () => ({
      ...api,
      match: async (body, o) => {
        const answer = await api.match(body, o);
        samples.push(new Promise((resolve) => setImmediate(() => resolve(main()))));
        return answer;
      },
    });
    const feature = createMatchFeature(deps);
    const companies = sb.control.dataset.companies.filter((c) => c.website).slice(0, 24);
    const csvText = ['Company,Web,Country', ...companies.map((c) => `"${c.name}",${c.website},${c.country}`)].join('\n');
    let jobId = '';
    const main = async () => (await feature.handlers.bulkJobs(undefined as never, ctx)).find((j) => j.id === jobId)!;

    // Simulated service latency (200-230 ms, the first row sent 3 s): answers arrive in bunches, then a quiet moment.
    sb.control.setFaults({ latencyMs: [200, 230], targets: ['match'] });
    sb.control.injectFault({ kind: 'latency', ms: 3_000 }, 1, 'match'); // the first row sent is the slow one
    try {
      const started = await feature.handlers.bulkStart({ csvText, fileName: 'slow.csv', mapping: { name: 'Company', website: 'Web', country: 'Country' }, concurrency: 6 }, ctx);
      jobId = started.id;
      // The quiet moment: every fast row answered, the slow one still out. What the panel shows is main's.
      const quiet = await until((e) => e.id === jobId && e.done >= companies.length - 1);
      const now = await main();
      expect(quiet.done, 'the slow row was answered before the quiet moment was seen').toBe(companies.length - 1);
      expect(now.done).toBe(companies.length - 1);
      expect(shown(events.at(-1)!)).toEqual(shown(now));
      // The review queue as the panel reads it on that event: every row the service answered is there.
      const queue = await feature.handlers.bulkRows({ id: jobId, offset: 0, limit: 100, states: ['matched', 'no_match'] }, ctx);
      expect(queue.total).toBe(events.at(-1)!.matched + events.at(-1)!.noMatch);
      expect(queue.total).toBe(companies.length - 1);

      const final = await until((e) => e.id === jobId && e.state !== 'running');
      expect(final).toMatchObject({ state: 'done', done: companies.length, errors: 0 });
      expect(shown(events.at(-1)!)).toEqual(shown(await main()));
      // After every change in main, an event with at least that progress came.
      const seen = await Promise.all(samples);
      expect(seen).toHaveLength(companies.length);
      for (const s of seen) expect(events.some((e) => e.id === jobId && e.done >= s.done), `main had ${s.done} done`).toBe(true);
    } finally {
      sb.control.clearFaults();
    }
  }, 60_000);
});
