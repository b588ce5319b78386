// @vitest-environment jsdom
// LiveCount in a DOM with a fake bridge and fake timers: what it asks, when, and what it shows.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveCount, type LiveCountProps } from '../../../src/renderer/search/LiveCount';

const body = (v: number) => ({ filters: { and: [{ attribute: 'employee_count', relation: 'greater_than', value: v }] } });

function fakeBridge(liveCount: boolean | undefined) {
  const countMatches = vi.fn(async (input: { body: unknown; requestId?: string }) => ({
    ok: true as const,
    value: { count: 1000 + (input.body as ReturnType<typeof body>).filters.and[0]!.value },
  }));
  const cancel = vi.fn(async () => ({ ok: true as const, value: undefined }));
  const profile = { id: `p-${String(liveCount)}`, name: 'P', kind: 'sandbox', ...(liveCount === undefined ? {} : { liveCount }) };
  (window as unknown as { firmscope: unknown }).firmscope = {
    search: { countMatches, cancel },
    profiles: { listProfiles: async () => ({ ok: true, value: { profiles: [profile], activeId: profile.id } }) },
  };
  return { countMatches, cancel };
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
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('LiveCount', () => {
  it('asks once for the edited body 600 ms after the last edit and shows the formatted count', async () => {
    const { countMatches } = fakeBridge(undefined);
    const m = mount({ body: body(1), applied: null });
    await wait(300);
    m.rerender({ body: body(2), applied: null });
    await wait(599);
    expect(countMatches).not.toHaveBeenCalled();
    await wait(1);
    expect(countMatches).toHaveBeenCalledTimes(1);
    expect(countMatches.mock.calls[0]![0].body).toEqual(body(2));
    await wait(0);
    expect(status().textContent).toBe(`about ${new Intl.NumberFormat().format(1002)} companies match`);
  });

  it('shows nothing for an invalid body and asks nothing', async () => {
    const { countMatches } = fakeBridge(true);
    mount({ body: null, applied: null });
    await wait(2000);
    expect(status().textContent).toBe('');
    expect(countMatches).not.toHaveBeenCalled();
  });

  it('shows the applied search its own count without a request, and none for a search being started', async () => {
    const { countMatches } = fakeBridge(true);
    const m = mount({ body: body(5), applied: { body: body(5), count: 42 } });
    await wait(2000);
    expect(status().textContent).toBe('about 42 companies match');
    m.rerender({ body: body(6), applied: { body: body(5), count: 42 }, starting: body(6) });
    await wait(2000);
    expect(status().textContent).toBe('');
    expect(countMatches).not.toHaveBeenCalled();
  });

  it('makes no request when the profile has the live count turned off', async () => {
    const { countMatches } = fakeBridge(false);
    mount({ body: body(7), applied: null });
    await wait(2000);
    expect(countMatches).not.toHaveBeenCalled();
    expect(status().textContent).toBe('');
  });
});
