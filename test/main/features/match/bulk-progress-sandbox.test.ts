// Bulk match against the sandbox with a service that answers in 200-230 ms (six rows in flight, so answers arrive in bunches) and one row that takes
// 3 s: the panel (progress events, and the review queue read when they arrive) keeps up with main.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rm } from 'node:fs/promises';
import { startSandbox, type SandboxHandle } from '../../../../src/sandbox/server';
import type { BulkJobView } from '../../../../src/shared/bridge/groups/match';
import { createMatchFeature } from '../../../../src/main/features/match/feature';
import type { FeatureDeps } from '../../../../src/main/platform/ports/feature-deps';
import { sandboxDeps } from './helpers/sandbox-deps';

const THROTTLE = 100; // the bulk job's default progress interval
const SLACK = 60; // timers and the event loop on a busy CI machine

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
  it('converges to main within one throttle interval after every change; no decided row is missing from the queue', async () => {
    const { deps, dir } = await sandboxDeps(sb);
    dirs.push(dir);
    const events: Array<{ at: number; view: BulkJobView }> = [];
    const emit = deps.emit;
    deps.emit = ((group: string, name: string, payload: BulkJobView) => {
      if (group === 'match' && name === 'bulkProgress') events.push({ at: Date.now(), view: payload });
      return (emit as (...a: unknown[]) => void)(group, name, payload);
    }) as FeatureDeps['emit'];
    const feature = createMatchFeature(deps);
    const companies = sb.control.dataset.companies.filter((c) => c.website).slice(0, 24);
    const csvText = ['Company,Web,Country', ...companies.map((c) => `"${c.name}",${c.website},${c.country}`)].join('\n');

    sb.control.setFaults({ latencyMs: [200, 230], targets: ['match'] });
    sb.control.injectFault({ kind: 'latency', ms: 3_000 }, 1, 'match'); // the first row sent is the slow one
    try {
      const started = await feature.handlers.bulkStart({ csvText, fileName: 'slow.csv', mapping: { name: 'Company', website: 'Web', country: 'Country' }, concurrency: 6 }, ctx);
      const main = async () => (await feature.handlers.bulkJobs(undefined as never, ctx)).find((j) => j.id === started.id)!;
      const samples: Array<{ at: number; view: BulkJobView }> = [];
      let quietChecked = false;
      for (;;) {
        const view = await main();
        samples.push({ at: Date.now(), view });
        if (view.state !== 'running') break;
        // The quiet moment: every fast row answered, the slow one still out. What the panel shows is main's.
        if (!quietChecked && view.done === companies.length - 1) {
          await new Promise((r) => setTimeout(r, THROTTLE + SLACK));
          const now = await main();
          if (now.done === companies.length - 1) {
            quietChecked = true;
            expect(shown(events.at(-1)!.view)).toEqual(shown(now));
            // The review queue as the panel reads it on that event: every row the service answered is there.
            const queue = await feature.handlers.bulkRows({ id: started.id, offset: 0, limit: 100, states: ['matched', 'no_match'] }, ctx);
            expect(queue.total).toBe(events.at(-1)!.view.matched + events.at(-1)!.view.noMatch);
            expect(queue.total).toBe(companies.length - 1);
          }
        }
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(quietChecked).toBe(true);
      for (const s of samples) {
        const caughtUp = events.find((e) => e.view.id === started.id && e.view.done >= s.view.done);
        expect(caughtUp, `main had ${s.view.done} done at ${s.at}`).toBeDefined();
        expect(caughtUp!.at - s.at).toBeLessThanOrEqual(THROTTLE + SLACK);
      }
      expect(shown(events.at(-1)!.view)).toEqual(shown(await main()));
      expect(events.at(-1)!.view).toMatchObject({ state: 'done', done: companies.length, errors: 0 });
    } finally {
      sb.control.clearFaults();
    }
  }, 60_000);
});
