import { describe, expect, it } from 'vitest';
import { resolvePolicy } from '../../../../src/main/features/esg/backoff';
import { SessionWatch } from '../../../../src/main/features/esg/session-watch';
import type { WatchView } from '../../../../src/shared/bridge/groups/esg';
import { AppError } from '../../../../src/shared/errors';
import { FakeEsgApi, type Step } from './helpers/fake-api';
import { ManualTimers } from './helpers/manual-timers';

const SID = '0b7e6c8e-3a57-4a4f-9d43-1f6f9c1f2a10';

function setup(steps: Step[], policy = resolvePolicy({ jitter: 0 })) {
  const timers = new ManualTimers();
  const api = new FakeEsgApi(timers.now);
  api.script(SID, 'C1', 'news', steps);
  const changes: WatchView[] = [];
  const terminal: WatchView[] = [];
  const w = new SessionWatch(
    { sessionId: SID, companyId: 'C1', module: 'news', startedAt: timers.now() },
    { api: async () => api, policy, timers, maxConsecutiveFailures: 3, onChange: (v) => changes.push(v), onTerminal: (v) => terminal.push(v) },
  );
  return { timers, api, w, changes, terminal };
}

describe('SessionWatch', () => {
  it('polls 1 s, 2 s, 4 s... apart and stops at complete', async () => {
    const { timers, api, w, changes, terminal } = setup([
      { result_count: 3 },
      { result_count: 5 },
      { result_count: 5 },
      { status: 'complete', result_count: 9 },
    ]);
    const t0 = timers.now();
    w.start();
    await timers.advance(60_000);
    expect(api.statusCalls.map((c) => c.at - t0)).toEqual([1000, 3000, 7000, 15_000]);
    expect(changes.slice(1).map((c) => c.resultCount)).toEqual([3, 5, 5]);
    expect(terminal).toHaveLength(1);
    expect(terminal[0]).toMatchObject({ state: 'complete', resultCount: 9, polls: 4 });
    expect(timers.pendingCount).toBe(0);
  });

  it('keeps polling while the count stalls: only status decides completion', async () => {
    const steps: Step[] = Array.from({ length: 12 }, () => ({ result_count: 4 }));
    const { timers, api, w, terminal } = setup([...steps, { status: 'complete', result_count: 4 }]);
    w.start();
    await timers.advance(120_000);
    expect(api.statusCalls).toHaveLength(13);
    expect(terminal[0]!.state).toBe('complete');
  });

  it('stops at not_found', async () => {
    const { timers, api, w, terminal } = setup([{ status: 'not_found' }]);
    w.start();
    await timers.advance(30_000);
    expect(api.statusCalls).toHaveLength(1);
    expect(terminal[0]!.state).toBe('not_found');
  });

  it('shows a 404 session as expired and does not retry it', async () => {
    const { timers, api, w, terminal } = setup([new AppError('not_found', 'gone', { details: { status: 404 } })]);
    w.start();
    await timers.advance(60_000);
    expect(api.statusCalls).toHaveLength(1);
    expect(terminal[0]).toMatchObject({ state: 'expired', error: { code: 'not_found' } });
    expect(terminal[0]!.error!.message).toMatch(/no longer has this session; request again/);
  });

  it('explains 400 and 403 and stops', async () => {
    for (const [err, re] of [
      [new AppError('bad_request', 'bad'), /not a valid UUID/],
      [new AppError('forbidden', 'nope'), /lacks access to the ESG API/],
    ] as const) {
      const { timers, api, w, terminal } = setup([err]);
      w.start();
      await timers.advance(60_000);
      expect(api.statusCalls).toHaveLength(1);
      expect(terminal[0]!.state).toBe('error');
      expect(terminal[0]!.error!.message).toMatch(re);
    }
  });

  it('honours Retry-After on a rate-limited poll', async () => {
    const { timers, api, w, terminal } = setup([
      new AppError('rate_limited', 'slow down', { retryable: true, details: { status: 429, retryAfterMs: 7000 } }),
      { status: 'complete', result_count: 1 },
    ]);
    const t0 = timers.now();
    w.start();
    await timers.advance(30_000);
    // Without the hint the second poll would come 2 s after the first.
    expect(api.statusCalls.map((c) => c.at - t0)).toEqual([1000, 8000]);
    expect(terminal[0]!.state).toBe('complete');
  });

  it('gives up after repeated transient failures instead of looping', async () => {
    const { timers, api, w, changes, terminal } = setup([new AppError('server_error', '502', { retryable: true })]);
    w.start();
    await timers.advance(600_000);
    expect(api.statusCalls).toHaveLength(3);
    expect(changes.at(-1)!.error!.code).toBe('server_error');
    expect(terminal[0]).toMatchObject({ state: 'error', error: { code: 'server_error' } });
  });

  it('makes no call after stop(), even with a poll in flight', async () => {
    const { timers, api, w } = setup([{ result_count: 1 }]);
    w.start();
    await timers.advance(1000);
    expect(api.statusCalls).toHaveLength(1);
    w.stop();
    await timers.advance(120_000);
    expect(api.statusCalls).toHaveLength(1);
    expect(timers.pendingCount).toBe(0);
  });
});
