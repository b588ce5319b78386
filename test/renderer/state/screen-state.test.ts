// The screen store outlives the screens: a search answered after its screen unmounted lands in the store;
// Next follows the applied search whatever is being edited; persisted state comes back per profile.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { SearchPageView } from '../../../src/shared/bridge/groups/search';
import { createSearchSession } from '../../../src/renderer/state/search-session';
import { bodyToState } from '../../../src/renderer/state/filter-model';
import { hasUnappliedEdits } from '../../../src/renderer/state/query-model';
import { createScreenStore } from '../../../src/renderer/state/screen-states';
import { startPersister } from '../../../src/renderer/state/persistence';
import { restoreSearch, toPersisted } from '../../../src/renderer/state/persisted-shapes';

const za = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'ZA' }] } };
const no = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'NO' }] } };
const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value });

function pageView(sessionId: string, pageNumber: number, pageSize: number): SearchPageView {
  const firstRow = (pageNumber - 1) * pageSize + 1;
  return {
    sessionId,
    pageNumber,
    pageSize,
    count: 100,
    firstRow,
    rows: Array.from({ length: pageSize }, (_, i) => ({ company_id: `c${firstRow + i}`, name: `n${firstRow + i}` })),
    hasNext: true,
    hasPrevious: pageNumber > 1,
  };
}

// Bridge functions answer with a promise (mocks typed so, not as `ReturnType<typeof vi.fn>`, whose implementations may return anything).
type BridgeFn = Mock<(...args: any[]) => Promise<unknown>>;
let bridge: { search: Record<string, BridgeFn>; uiState: Record<string, BridgeFn> };
beforeEach(() => {
  bridge = {
    search: {
      start: vi.fn(({ pageSize }) => ok(pageView('s1', 1, pageSize))),
      page: vi.fn(({ sessionId, fromPage, direction }) => ok(pageView(sessionId, fromPage + (direction === 'next' ? 1 : -1), 20))),
      reopen: vi.fn(({ pageSize, pageNumber }) => ok(pageView('s9', pageNumber, pageSize))),
      cancel: vi.fn(() => ok(undefined)),
    },
    uiState: { load: vi.fn(() => ok({})), save: vi.fn(() => ok(undefined)) },
  };
  vi.stubGlobal('window', { firmscope: bridge });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('search session held in the screen store', () => {
  it('Next continues the applied search exactly, whatever conditions and page size are being edited', async () => {
    const store = createScreenStore();
    const session = createSearchSession(store, new QueryClient());
    await session.start(za, 20);
    // The analyst edits the page size and a condition without pressing Search.
    const edited = bodyToState(no);
    if (!edited.ok) throw new Error('fixture');
    store.update('search', { builder: edited.state, pageSizeText: '25' });
    await session.next();
    expect(bridge.search.start).toHaveBeenCalledTimes(1);
    expect(bridge.search.page).toHaveBeenCalledWith(expect.objectContaining({ sessionId: 's1', direction: 'next', fromPage: 1 }));
    const s = store.get().search;
    expect(s.session.shown).toEqual({ sessionId: 's1', pageNumber: 2, body: za, pageSize: 20 });
    expect(session.view(s.session.shown)?.firstRow).toBe(21);
    expect(hasUnappliedEdits(s)).toBe(true);
  });

  it('a search answered after its screen went away still lands in the store', async () => {
    let answer!: (v: unknown) => void;
    bridge.search.start!.mockImplementationOnce(() => new Promise((r) => (answer = r)));
    const store = createScreenStore();
    const session = createSearchSession(store, new QueryClient());
    const running = session.start(za, 10);
    expect(store.get().search.session.inFlight?.action.kind).toBe('start');
    answer({ ok: true, value: pageView('s1', 1, 10) }); // no component is mounted at all
    await running;
    expect(store.get().search.session).toMatchObject({ inFlight: null, shown: { sessionId: 's1', pageNumber: 1 } });
    expect(store.get().search.seen.columns).toEqual(['company_id', 'name']);
  });
});

describe('persistence per profile', () => {
  it('round-trips conditions, page size, columns and the page viewed', () => {
    const store = createScreenStore();
    const parsed = bodyToState(za);
    if (!parsed.ok) throw new Error('fixture');
    const prefs = { order: ['name', 'company_id'], hidden: ['website'], widths: { name: 300 } };
    store.update('search', {
      builder: parsed.state,
      pageSizeText: '20',
      prefs,
      session: { shown: { sessionId: 's1', pageNumber: 3, body: za, pageSize: 20 }, inFlight: null, error: null, notice: null },
    });
    const restored = restoreSearch(JSON.parse(JSON.stringify(toPersisted('search', store.get()))));
    expect(restored?.patch).toMatchObject({ pageSizeText: '20', prefs, editor: null });
    expect(restored?.patch.builder?.conditions.map((c) => [c.attribute, c.relation, c.input])).toEqual([['country', 'equals', 'ZA']]);
    expect(restored?.reopen).toEqual({ body: za, pageSize: 20, pageNumber: 3 });
    expect(restoreSearch({ v: 99 })).toBeNull();
  });

  it('restores a profile\'s screens, reopens the page viewed, and saves changes debounced', async () => {
    vi.useFakeTimers();
    const store = createScreenStore();
    const session = createSearchSession(store, new QueryClient());
    const saved = {
      search: { v: 1, pageSizeText: '20', prefs: { order: [], hidden: ['name'], widths: {} }, applied: { body: za, pageSize: 20, pageNumber: 2 } },
      esg: { v: 1, companyId: 'C42', module: 'scores' },
    };
    bridge.uiState.load!.mockImplementationOnce(() => ok(saved));
    const persister = startPersister(store, session, 'sandbox', { debounceMs: 100 });
    await vi.waitFor(() => expect(bridge.search.reopen).toHaveBeenCalled());
    expect(bridge.uiState.load).toHaveBeenCalledWith({ profileId: 'sandbox' });
    expect(bridge.search.reopen).toHaveBeenCalledWith(expect.objectContaining({ body: za, pageSize: 20, pageNumber: 2 }));
    await vi.waitFor(() => expect(store.get().search.session.shown).toMatchObject({ pageNumber: 2, pageSize: 20 }));
    expect(store.get().esg).toMatchObject({ companyId: 'C42', draft: 'C42', module: 'scores' });
    expect(store.get().search.prefs.hidden).toEqual(['name']);

    bridge.uiState.save!.mockClear();
    store.update('esg', { companyId: 'C7' });
    store.update('esg', { module: 'news' });
    expect(bridge.uiState.save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(150);
    expect(bridge.uiState.save).toHaveBeenCalledWith({ profileId: 'sandbox', screen: 'esg', state: { v: 1, companyId: 'C7', module: 'news' } });
    persister.stop();
  });

  it('does not overwrite a screen the analyst changed before the saved state arrived', async () => {
    let answer!: (v: unknown) => void;
    bridge.uiState.load!.mockImplementationOnce(() => new Promise((r) => (answer = r)));
    const store = createScreenStore();
    // Saved once the saved state has been applied and the screen changed meanwhile written back.
    let saved!: () => void;
    const settled = new Promise<void>((r) => (saved = r));
    const persister = startPersister(store, createSearchSession(store, new QueryClient()), 'sandbox', {
      debounceMs: 0,
      onSaveState: (s) => void (s === 'saved' && saved()),
    });
    store.update('esg', { companyId: 'typed-now', draft: 'typed-now' });
    answer({ ok: true, value: { esg: { v: 1, companyId: 'old', module: 'news' } } });
    await settled;
    expect(store.get().esg.companyId).toBe('typed-now');
    expect(bridge.uiState.save).toHaveBeenCalledWith(expect.objectContaining({ screen: 'esg', state: expect.objectContaining({ companyId: 'typed-now' }) }));
    persister.stop();
  });
});
