// The live count's debounce and stale-answer rules, with fake timers and a hand-driven fetch.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveCounter, liveCountText, type LiveCountState } from '../../../src/renderer/search/live-count';

interface Pending {
  body: unknown;
  signal: AbortSignal;
  resolve(n: number): void;
  reject(e: unknown): void;
}

function setup(opts: { delayMs?: number; errorMs?: number } = {}) {
  const requests: Pending[] = [];
  const states: LiveCountState[] = [];
  const counter = createLiveCounter({
    ...opts,
    fetch: (body, signal) => new Promise<number>((resolve, reject) => requests.push({ body, signal, resolve, reject })),
    onState: (s) => states.push(s),
  });
  const last = () => states.at(-1);
  return { counter, requests, states, last };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('live count timing', () => {
  it('asks once, 600 ms after the last of several quick edits, for the last body', async () => {
    const { counter, requests, last } = setup();
    counter.edit('a', { v: 'a' });
    await vi.advanceTimersByTimeAsync(300);
    counter.edit('ab', { v: 'ab' });
    await vi.advanceTimersByTimeAsync(300);
    counter.edit('abc', { v: 'abc' });
    await vi.advanceTimersByTimeAsync(599);
    expect(requests).toHaveLength(0);
    expect(last()).toEqual({ kind: 'idle' });
    await vi.advanceTimersByTimeAsync(1);
    expect(requests.map((r) => r.body)).toEqual([{ v: 'abc' }]);
    expect(last()).toEqual({ kind: 'checking' });
    requests[0]!.resolve(1234);
    await settle();
    expect(last()).toEqual({ kind: 'count', count: 1234 });
  });

  it('aborts the older request and never lets its late answer overwrite the newer count', async () => {
    const { counter, requests, last, states } = setup();
    counter.edit('old', { v: 'old' });
    await vi.advanceTimersByTimeAsync(600);
    counter.edit('new', { v: 'new' });
    expect(requests[0]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(600);
    requests[1]!.resolve(7);
    await settle();
    expect(last()).toEqual({ kind: 'count', count: 7 });
    // The service answers the aborted request anyway, late, and then fails it too: both ignored.
    requests[0]!.resolve(999);
    requests[0]!.reject(new Error('late'));
    await settle();
    expect(last()).toEqual({ kind: 'count', count: 7 });
    expect(states).not.toContainEqual({ kind: 'count', count: 999 });
  });

  it('drops an answer that arrives after the edit changed, even when the fetch ignores its abort signal', async () => {
    const { counter, requests, last } = setup();
    counter.edit('x', { v: 'x' });
    await vi.advanceTimersByTimeAsync(600);
    counter.edit('y', { v: 'y' });
    requests[0]!.resolve(5); // arrives during y's quiet time
    await settle();
    expect(last()).toEqual({ kind: 'idle' });
    await vi.advanceTimersByTimeAsync(600);
    expect(last()).toEqual({ kind: 'checking' });
  });

  it('shows nothing for a body that cannot run, and asks nothing', async () => {
    const { counter, requests, last } = setup();
    counter.edit('a', { v: 'a' });
    await vi.advanceTimersByTimeAsync(600);
    counter.edit(null);
    expect(requests[0]!.signal.aborted).toBe(true);
    expect(last()).toEqual({ kind: 'idle' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(requests).toHaveLength(1);
  });

  it('shows a failure briefly, then nothing', async () => {
    const { counter, requests, last } = setup({ errorMs: 3000 });
    counter.edit('a', { v: 'a' });
    await vi.advanceTimersByTimeAsync(600);
    requests[0]!.reject(new Error('The service could not be reached.'));
    await settle();
    expect(last()).toEqual({ kind: 'error', message: 'The service could not be reached.' });
    await vi.advanceTimersByTimeAsync(2999);
    expect(last()?.kind).toBe('error');
    await vi.advanceTimersByTimeAsync(1);
    expect(last()).toEqual({ kind: 'idle' });
  });

  it('going back to an earlier edit shows its count without asking again; the same edit twice asks once', async () => {
    const { counter, requests, last } = setup();
    counter.edit('a', { v: 'a' });
    await vi.advanceTimersByTimeAsync(600);
    requests[0]!.resolve(10);
    await settle();
    counter.edit('a', { v: 'a' });
    counter.edit('b', { v: 'b' });
    await vi.advanceTimersByTimeAsync(600);
    requests[1]!.resolve(20);
    await settle();
    counter.edit('a', { v: 'a' });
    expect(last()).toEqual({ kind: 'count', count: 10 });
    await vi.advanceTimersByTimeAsync(2000);
    expect(requests).toHaveLength(2);
  });

  it('a remembered count expires, and a cache shared by two counters (a remounted screen) is used by both', async () => {
    const cache = new Map<string, { count: number; at: number }>();
    const requests: Array<(n: number) => void> = [];
    const states: LiveCountState[] = [];
    let clock = 0;
    const make = () =>
      createLiveCounter({ cache, cacheMs: 60_000, now: () => clock, fetch: () => new Promise<number>((r) => requests.push(r)), onState: (s) => states.push(s) });
    const first = make();
    first.edit('a', {});
    await vi.advanceTimersByTimeAsync(600);
    requests[0]!(11);
    await settle();
    first.dispose();
    const second = make();
    second.edit('a', {});
    expect(states.at(-1)).toEqual({ kind: 'count', count: 11 });
    second.edit(null);
    clock = 60_000;
    second.edit('a', {});
    expect(states.at(-1)).toEqual({ kind: 'idle' });
    await vi.advanceTimersByTimeAsync(600);
    expect(requests).toHaveLength(2);
  });

  it('after dispose nothing is asked or reported', async () => {
    const { counter, requests, states } = setup();
    counter.edit('a', { v: 'a' });
    await vi.advanceTimersByTimeAsync(600);
    const before = states.length;
    counter.dispose();
    expect(requests[0]!.signal.aborted).toBe(true);
    requests[0]!.resolve(3);
    counter.edit('b', { v: 'b' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(states).toHaveLength(before);
    expect(requests).toHaveLength(1);
  });
});

describe('live count text', () => {
  it('formats the number for the locale', () => {
    expect(liveCountText(1234567, 'en-US')).toBe('about 1,234,567 companies match');
    expect(liveCountText(1234567, 'de-DE')).toBe('about 1.234.567 companies match');
    expect(liveCountText(1, 'en-US')).toBe('about 1 company matches');
    expect(liveCountText(0, 'en-US')).toBe('no companies match');
  });
});
