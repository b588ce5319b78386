// Bulk progress is throttled, never lossy: a change inside the interval arrives at its end, and the
// end of reading the file and the end of the run each send one. With one slow row, the panel's
// counts equal main's while that row is still out. On fake timers: the job's throttle, its clock and
// the fake service's answer times all move only when the test advances them, so every bound is exact.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BulkJobView } from '../../../../src/shared/bridge/groups/match';
import { BulkJob } from '../../../../src/main/features/match/bulk-job';
import { FakeMatchApi, hit } from './fake-api';

const INTERVAL = 100;
/** The fake service's answer time (simulated latency, on the fake clock). */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());
/** Runs the job to its end on the fake clock. */
async function finish(run: Promise<unknown>) {
  await vi.runAllTimersAsync();
  await run;
}
/** A view without what moves with the clock alone (the rate): the counts and states the panel shows. */
const shown = ({ rowsPerSecond: _rate, ...v }: BulkJobView) => v;

function slowRowJob(rows: number, slowName: string, slowMs: number) {
  const events: Array<{ at: number; view: BulkJobView }> = [];
  const api = new FakeMatchApi((b) => hit(String(b.name)), 1);
  const match = api.match.bind(api);
  // Every row answers in 5-40 ms, the slow one after slowMs.
  api.match = async (body, opts) => {
    const name = String((body as { name: string }).name);
    await sleep(name === slowName ? slowMs : 5 + ((name.length * 7) % 35));
    return match(body, opts);
  };
  const text = ['Company,Country', ...Array.from({ length: rows }, (_, i) => `Co ${i + 1},DE`)].join('\n');
  const job = new BulkJob({
    id: 'job-1', source: { text }, fileName: 'slow.csv', mapping: { name: 'Company', country: 'Country' }, concurrency: 4, template: null,
    api: async () => api, now: () => Date.now(), onProgress: (view) => events.push({ at: Date.now(), view }), progressEveryMs: INTERVAL,
  });
  return { job, events };
}

describe('bulk progress events', () => {
  it('while one slow row is out, the last event says what main knows (9 of 10 done, the file read)', async () => {
    const { job, events } = slowRowJob(10, 'Co 2', 1_500);
    const run = job.start();
    await vi.advanceTimersByTimeAsync(900); // every fast row answered long ago; the slow one is still out
    const main = job.view();
    expect(main.done).toBe(9);
    expect(shown(events.at(-1)!.view)).toEqual(shown(main));
    expect(events.at(-1)!.view.reading).toBe(false);
    await finish(run);
    expect(shown(events.at(-1)!.view)).toEqual(shown(job.view()));
    expect(job.view()).toMatchObject({ state: 'done', done: 10, matched: 10 });
  });

  it('sends at most one event per interval from the rows themselves, and none after the run ends', async () => {
    const { job, events } = slowRowJob(200, 'none', 0);
    await finish(job.start());
    const last = events.at(-1)!.at;
    // Events triggered by rows (not phase ends) are INTERVAL apart; phase ends add at most 3 (start, read, end).
    const spanned = Math.max(1, last - events[0]!.at);
    expect(events.length).toBeLessThanOrEqual(Math.ceil(spanned / INTERVAL) + 4);
    expect(events.at(-1)!.view).toMatchObject({ state: 'done', done: 200 });
    // No trailing event after the final one: nothing is left scheduled that could send one.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('after every change in main, an event with at least that progress follows within one interval', async () => {
    const { job, events } = slowRowJob(40, 'Co 7', 700);
    const samples: Array<{ at: number; done: number }> = [];
    const poll = setInterval(() => samples.push({ at: Date.now(), done: job.view().done }), 5);
    const run = job.start();
    while (job.view().state === 'running') await vi.advanceTimersByTimeAsync(5);
    clearInterval(poll);
    await finish(run);
    expect(samples.length).toBeGreaterThan(100);
    for (const s of samples) {
      const caughtUp = events.find((e) => e.view.done >= s.done);
      expect(caughtUp, `done=${s.done} at ${s.at}`).toBeDefined();
      expect(caughtUp!.at - s.at).toBeLessThanOrEqual(INTERVAL);
    }
  });
});
