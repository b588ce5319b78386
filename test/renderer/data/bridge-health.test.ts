// The heartbeat that tells the renderer its core is gone (socket closed) or hung (no answer), and back.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BridgeHealthMonitor, HEARTBEAT } from '../../../src/renderer/data/bridge-health';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup() {
  let mode: 'answer' | 'fail' | 'hang' = 'answer';
  const pings: number[] = [];
  const recovered: number[] = [];
  const monitor = new BridgeHealthMonitor({
    ping: () => {
      pings.push(Date.now());
      if (mode === 'answer') return Promise.resolve(true);
      if (mode === 'fail') return Promise.resolve(false);
      return new Promise<boolean>(() => undefined);
    },
    now: () => Date.now(),
    onRecover: () => recovered.push(Date.now()),
  });
  const changes: string[] = [];
  monitor.subscribe(() => changes.push(monitor.snapshot.state));
  monitor.start();
  return { monitor, pings, recovered, changes, set: (m: typeof mode) => (mode = m) };
}

describe('BridgeHealthMonitor', () => {
  it('stays ok and quiet while the core answers', async () => {
    const t = setup();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.monitor.snapshot).toEqual({ state: 'ok' });
    expect(t.changes).toEqual([]);
    expect(t.pings.length).toBeGreaterThanOrEqual(6);
  });

  it('reports a closed link within 5 s, then recovery with one re-read', async () => {
    const t = setup();
    await vi.advanceTimersByTimeAsync(3000);
    t.set('fail');
    const lostAt = Date.now();
    // Still ok until the next ping has failed; lost, and saying since when, within 5 s of the link closing.
    expect(t.monitor.snapshot).toEqual({ state: 'ok' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.monitor.snapshot).toMatchObject({ state: 'lost', reason: 'unreachable', since: expect.any(Number) });
    const seen = t.monitor.snapshot;
    expect(seen.state === 'lost' && seen.since - lostAt).toBeGreaterThan(0);
    expect(seen.state === 'lost' && seen.since - lostAt).toBeLessThanOrEqual(HEARTBEAT.intervalMs);
    await vi.advanceTimersByTimeAsync(5000);
    const lost = t.monitor.snapshot;
    expect(lost.state === 'lost' && lost.checks).toBeGreaterThanOrEqual(4);
    expect(t.recovered).toEqual([]);
    t.set('answer');
    await vi.advanceTimersByTimeAsync(HEARTBEAT.lostIntervalMs + 10);
    expect(t.monitor.snapshot).toEqual({ state: 'ok' });
    expect(t.recovered).toHaveLength(1);
    expect(t.changes.filter((c) => c === 'ok')).toHaveLength(1);
  });

  it('reports a hung core (no answer) once a ping times out, and not a merely busy one', async () => {
    const t = setup();
    await vi.advanceTimersByTimeAsync(1000);
    t.set('hang');
    const hungAt = Date.now();
    await vi.advanceTimersByTimeAsync(HEARTBEAT.timeoutMs - 100);
    expect(t.monitor.snapshot).toEqual({ state: 'ok' });
    await vi.advanceTimersByTimeAsync(HEARTBEAT.intervalMs + 200);
    expect(t.monitor.snapshot).toMatchObject({ state: 'lost', reason: 'not_answering' });
    const lost = t.monitor.snapshot;
    expect(lost.state === 'lost' && lost.since - hungAt).toBeLessThanOrEqual(HEARTBEAT.intervalMs + HEARTBEAT.timeoutMs);
  });

  it('checks at once on "Check now" and stops pinging when stopped', async () => {
    const t = setup();
    await vi.advanceTimersByTimeAsync(100);
    const before = t.pings.length;
    t.monitor.checkNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.pings.length).toBe(before + 1);
    t.monitor.stop();
    const stopped = t.pings.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.pings.length).toBe(stopped);
  });
});

describe('BridgeHealthMonitor, shut out for good', () => {
  it('shows why when waiting will not help (another tab took the bridge)', async () => {
    const monitor = new BridgeHealthMonitor({ ping: async () => 'Firmscope was opened in another window or tab.', now: () => Date.now(), onRecover: () => undefined });
    monitor.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(monitor.snapshot).toMatchObject({ state: 'lost', reason: 'stopped', message: 'Firmscope was opened in another window or tab.' });
    monitor.stop();
  });
});
