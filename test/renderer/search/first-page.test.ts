// "First" on the service's pages: page 1 from the cache when it is there (no request), otherwise the
// same search again without a token (the service's tokens cannot jump), never a new recent search.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchPageView } from '../../../src/shared/bridge/groups/search';
import { createSearchSession } from '../../../src/renderer/state/search-session';
import { createScreenStore } from '../../../src/renderer/state/screen-states';

const za = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'ZA' }] } };
const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value });
const view = (sessionId: string, pageNumber: number): SearchPageView => ({
  sessionId,
  pageNumber,
  pageSize: 10,
  count: 95,
  firstRow: (pageNumber - 1) * 10 + 1,
  rows: [{ company_id: `${sessionId}-${pageNumber}` }],
  hasNext: pageNumber < 10,
  hasPrevious: pageNumber > 1,
});

let bridge: { search: Record<string, ReturnType<typeof vi.fn>> };
beforeEach(() => {
  bridge = {
    search: {
      start: vi.fn(() => ok(view('s1', 1))),
      page: vi.fn(({ sessionId, fromPage, direction }) => ok(view(sessionId, fromPage + (direction === 'next' ? 1 : -1)))),
      reopen: vi.fn(({ pageNumber }) => ok(view('s2', pageNumber))),
      cancel: vi.fn(),
    },
  };
  vi.stubGlobal('window', { firmscope: bridge });
});
afterEach(() => vi.unstubAllGlobals());

describe('first page of the service', () => {
  it('comes from the cache after paging forward', async () => {
    const store = createScreenStore();
    const session = createSearchSession(store, new QueryClient());
    await session.start(za, 10);
    await session.next();
    await session.next();
    expect(store.get().search.session.shown?.pageNumber).toBe(3);
    await session.first();
    expect(store.get().search.session.shown).toMatchObject({ sessionId: 's1', pageNumber: 1 });
    expect(bridge.search.reopen).not.toHaveBeenCalled();
    expect(bridge.search.start).toHaveBeenCalledTimes(1);
  });

  it('is fetched again without a token when only a later page is known (restored after a restart)', async () => {
    const store = createScreenStore();
    const session = createSearchSession(store, new QueryClient());
    await session.reopen(za, 10, 4);
    expect(store.get().search.session.shown?.pageNumber).toBe(4);
    bridge.search.reopen!.mockClear();
    await session.first();
    expect(bridge.search.reopen).toHaveBeenCalledWith(expect.objectContaining({ body: za, pageSize: 10, pageNumber: 1 }));
    expect(store.get().search.session.shown).toMatchObject({ pageNumber: 1, body: za, pageSize: 10 });
    expect(session.view(store.get().search.session.shown)?.firstRow).toBe(1);
    expect(bridge.search.start).not.toHaveBeenCalled();
  });
});
