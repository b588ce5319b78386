// The view over a loaded snapshot (sort, facet choices, text filter, page, Scroll view and its row)
// and the snapshot left for the service's pages are part of the Search screen's saved state: they
// come back after a restart. States saved before they were kept still load; a view that no longer
// fits is dropped without losing the search; the view is given up before the conditions when
// the state is too big.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { SCREEN_STATE_MAX_CHARS } from '../../../src/shared/bridge/groups/ui-state';
import { createSearchSession } from '../../../src/renderer/state/search-session';
import { createScreenStore } from '../../../src/renderer/state/screen-states';
import { startPersister } from '../../../src/renderer/state/persistence';
import { restoreSearch, toPersisted } from '../../../src/renderer/state/persisted-shapes';
import type { SnapshotViewState } from '../../../src/renderer/state/search-state';

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

const view: SnapshotViewState = {
  snapshotId: 4,
  sort: { field: 'revenue', direction: 'desc' },
  text: 'Hamburg',
  choices: { legal_form: ['GmbH', 'SE'], employee_band: [250] },
  page: 2,
  mode: 'scroll',
  scrollRow: 640,
};
const OLD = { v: 1, pageSizeText: '10', prefs: { order: [], hidden: [], widths: {} }, applied: null };

describe('the snapshot view across a restart', () => {
  it('is saved with the search and comes back: sort, facets, text, page, scroll row, service pages', async () => {
    vi.useFakeTimers();
    const store = createScreenStore();
    const persister = startPersister(store, createSearchSession(store, new QueryClient()), 'sandbox', { debounceMs: 50 });
    await vi.waitFor(() => expect(bridge.uiState.load).toHaveBeenCalled());
    await vi.advanceTimersByTimeAsync(0);
    store.update('search', { workbench: view, serviceFor: 3 });
    await vi.advanceTimersByTimeAsync(100);
    const saved = bridge.uiState.save!.mock.calls.filter(([a]) => a.screen === 'search').at(-1)?.[0].state;
    expect(saved).toMatchObject({ workbench: view, serviceFor: 3 });
    persister.stop();

    bridge.uiState.load!.mockImplementationOnce(() => ok({ search: JSON.parse(JSON.stringify(saved)) }));
    const next = createScreenStore();
    const p2 = startPersister(next, createSearchSession(next, new QueryClient()), 'sandbox');
    await vi.waitFor(() => expect(next.get().search.workbench).toEqual(view));
    expect(next.get().search.serviceFor).toBe(3);
    p2.stop();
  });

  it('reads states saved before the view was kept, and drops a view that no longer fits but keeps the search', () => {
    expect(restoreSearch(OLD)?.patch.workbench).toBeUndefined();
    const broken = restoreSearch({ ...OLD, pageSizeText: '25', workbench: { ...view, choices: { not_a_facet: ['x'] } }, serviceFor: 'x' });
    expect(broken?.patch.pageSizeText).toBe('25');
    expect(broken?.patch.workbench).toBeUndefined();
    expect(broken?.patch.serviceFor).toBeUndefined();
    const paged = restoreSearch({ ...OLD, workbench: { snapshotId: 1, sort: null, text: '', choices: {}, page: 0 } });
    expect(paged?.patch.workbench).toEqual({ snapshotId: 1, sort: null, text: '', choices: {}, page: 0 });
  });

  it('gives the view up before the conditions when the state is too big', () => {
    const store = createScreenStore();
    const many = Array.from({ length: 500 }, (_, i) => `${'form-'.repeat(50)}${i}`);
    store.update('search', { workbench: { ...view, choices: { legal_form: many } } });
    const out = toPersisted('search', store.get()) as Record<string, unknown>;
    expect(JSON.stringify(out).length).toBeLessThanOrEqual(SCREEN_STATE_MAX_CHARS);
    expect(out.workbench).toBeUndefined();
    expect(out.builder).toBeDefined();
  });
});
