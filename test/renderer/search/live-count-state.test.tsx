// @vitest-environment jsdom
// What the live count says it decided (`data-state`, `aria-busy`): `off` only once the active profile is
// read and has it switched off (then nothing is ever asked); `waiting`/`checking` (busy) from an edit
// until its count is there. Fake timers and a fake bridge whose answers the test releases.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveCount, type LiveCountProps } from '../../../src/renderer/search/LiveCount';
import { LIVE_COUNT_DELAY_MS, LIVE_COUNT_ERROR_MS } from '../../../src/renderer/search/live-count';

const body = (v: number) => ({ filters: { and: [{ attribute: 'employee_count', relation: 'greater_than', value: v }] } });
type Answer<T> = (r: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }) => void;

/** Profiles and counts answer when the test says so. */
function fakeBridge(liveCount: boolean) {
  const profileAnswers: Array<Answer<unknown>> = [];
  const countAnswers: Array<Answer<{ count: number }>> = [];
  const countMatches = vi.fn(() => new Promise((r) => countAnswers.push(r as Answer<{ count: number }>)));
  const profile = { id: `p-${String(liveCount)}-${Math.random()}`, name: 'P', kind: 'sandbox', liveCount };
  (window as unknown as { firmscope: unknown }).firmscope = {
    search: { countMatches, cancel: vi.fn(async () => ({ ok: true, value: undefined })) },
    profiles: { listProfiles: () => new Promise((r) => profileAnswers.push(r as Answer<unknown>)) },
  };
  const answerProfiles = () => profileAnswers.shift()!({ ok: true, value: { profiles: [profile], activeId: profile.id } });
  return { countMatches, countAnswers, answerProfiles };
}

function mount(props: LiveCountProps) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={qc}>
      <LiveCount {...props} />
    </QueryClientProvider>,
  );
  return {
    rerender: (p: LiveCountProps) =>
      view.rerender(
        <QueryClientProvider client={qc}>
          <LiveCount {...p} />
        </QueryClientProvider>,
      ),
  };
}

const status = () => screen.getByTestId('live-count');
const decision = () => status().getAttribute('data-state');
const busy = () => status().getAttribute('aria-busy');
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('LiveCount says what it decided', () => {
  it('switched off: unknown while the profile is read, then off, and nothing is ever asked', async () => {
    const { countMatches, answerProfiles } = fakeBridge(false);
    mount({ body: body(7), applied: null });
    await wait(LIVE_COUNT_DELAY_MS * 3);
    expect(decision()).toBe('unknown');
    await act(async () => {
      answerProfiles();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(decision()).toBe('off');
    expect(busy()).toBe('false');
    expect(status().textContent).toBe('');
    await wait(LIVE_COUNT_DELAY_MS * 10);
    expect(decision()).toBe('off');
    expect(countMatches).not.toHaveBeenCalled();
  });

  it('switched on: busy through the quiet time and the request, settled on the count once it is there', async () => {
    const { countMatches, countAnswers, answerProfiles } = fakeBridge(true);
    const m = mount({ body: null, applied: null });
    await act(async () => {
      answerProfiles();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(decision()).toBe('idle');
    expect(busy()).toBe('false');
    m.rerender({ body: body(3), applied: null });
    expect(decision()).toBe('waiting');
    expect(busy()).toBe('true');
    await wait(LIVE_COUNT_DELAY_MS - 1);
    expect(decision()).toBe('waiting');
    expect(countMatches).not.toHaveBeenCalled();
    await wait(1);
    expect(countMatches).toHaveBeenCalledTimes(1);
    expect(decision()).toBe('checking');
    expect(busy()).toBe('true');
    await wait(10_000);
    expect(decision()).toBe('checking');
    await act(async () => {
      countAnswers[0]!({ ok: true, value: { count: 1234 } });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(decision()).toBe('count');
    expect(busy()).toBe('false');
    expect(status().textContent).toBe(`about ${new Intl.NumberFormat().format(1234)} companies match`);
  });

  it('a failure settles as error, then idle once it has gone (not waiting: nothing more is asked)', async () => {
    const { countMatches, countAnswers, answerProfiles } = fakeBridge(true);
    mount({ body: body(4), applied: null });
    await act(async () => {
      answerProfiles();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(decision()).toBe('waiting');
    await wait(LIVE_COUNT_DELAY_MS);
    await act(async () => {
      countAnswers[0]!({ ok: false, error: { code: 'network', message: 'The service could not be reached.' } });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(decision()).toBe('error');
    expect(busy()).toBe('false');
    await wait(LIVE_COUNT_ERROR_MS);
    expect(decision()).toBe('idle');
    expect(busy()).toBe('false');
    expect(countMatches).toHaveBeenCalledTimes(1);
  });

  it('the applied search shows its own count, settled, without asking', async () => {
    const { countMatches, answerProfiles } = fakeBridge(true);
    mount({ body: body(5), applied: { body: body(5), count: 42 } });
    await act(async () => {
      answerProfiles();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(decision()).toBe('count');
    expect(busy()).toBe('false');
    await wait(LIVE_COUNT_DELAY_MS * 3);
    expect(countMatches).not.toHaveBeenCalled();
  });
});
