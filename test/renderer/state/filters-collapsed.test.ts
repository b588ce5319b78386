// The folded filter panel is part of the Search screen's saved state: it survives a restart through
// uiState, and states saved before it existed still load (unfolded).
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createSearchSession } from '../../../src/renderer/state/search-session';
import { createScreenStore } from '../../../src/renderer/state/screen-states';
import { startPersister } from '../../../src/renderer/state/persistence';
import { restoreSearch, toPersisted } from '../../../src/renderer/state/persisted-shapes';

const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value });
// Bridge functions answer with a promise (mocks typed so, not as `ReturnType<typeof vi.fn>`, whose implementations may return anything).
type BridgeFn = Mock<(...args: any[]) => Promise<unknown>>;
let bridge: { search: Record<string, BridgeFn>; uiState: Record<string, BridgeFn> };
beforeEach(() => {
  bridge = { search: { reopen: vi.fn(), cancel: vi.fn() }, uiState: { load: vi.fn(() => ok({})), save: vi.fn(() => ok(undefined)) } };
  vi.stubGlobal('window', { firmscope: bridge });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('folded filter panel', () => {
  it('is saved when folded and comes back after a restart', async () => {
    vi.useFakeTimers();
    const store = createScreenStore();
    const persister = startPersister(store, createSearchSession(store, new QueryClient()), 'sandbox', { debounceMs: 50 });
    await vi.waitFor(() => expect(bridge.uiState.load).toHaveBeenCalled());
    await vi.advanceTimersByTimeAsync(0);
    store.update('search', { filtersCollapsed: true, facetsHidden: true });
    await vi.advanceTimersByTimeAsync(100);
    const saved = bridge.uiState.save!.mock.calls.find(([a]) => a.screen === 'search')?.[0].state;
    expect(saved).toMatchObject({ v: 1, filtersCollapsed: true, facetsHidden: true });
    persister.stop();

    // A new run of the app on the same profile.
    bridge.uiState.load!.mockImplementationOnce(() => ok({ search: JSON.parse(JSON.stringify(saved)) }));
    const next = createScreenStore();
    const p2 = startPersister(next, createSearchSession(next, new QueryClient()), 'sandbox');
    await vi.waitFor(() => expect(next.get().search.filtersCollapsed).toBe(true));
    expect(next.get().search.facetsHidden).toBe(true);
    p2.stop();
  });

  it('unfolded is the default, also for a state saved before the panel could fold', () => {
    const old = { v: 1, pageSizeText: '10', prefs: { order: [], hidden: [], widths: {} }, applied: null };
    expect(restoreSearch(old)?.patch.filtersCollapsed).toBe(false);
    expect(toPersisted('search', createScreenStore().get())).not.toHaveProperty('filtersCollapsed');
  });
});
