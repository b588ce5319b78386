import { describe, expect, it } from 'vitest';
import { createSearchFeature } from '../../../../src/main/features/search/feature';
import { searchGroup } from '../../../../src/shared/bridge/groups/search';
import { AppError } from '../../../../src/shared/errors';
import { searchFingerprint } from '../../../../src/shared/search/body';
import { FakeSearchApi } from './fake-api';
import { ctx, fakeDeps } from './fake-deps';

const body = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'NO' }, { attribute: 'employees', relation: 'greater_than', value: 10 }] } };

function setup(total = 35) {
  const api = new FakeSearchApi(total);
  const f = fakeDeps(async () => api);
  const feature = createSearchFeature(f.deps);
  const h = feature.handlers;
  const start = (input: unknown) => h.start(searchGroup.fns.start.input.parse(input), ctx());
  const page = (input: unknown) => h.page(searchGroup.fns.page.input.parse(input), ctx());
  return { api, h, start, page, feature, ...f };
}

async function errorOf(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    return e as AppError;
  }
  throw new Error('expected a rejection');
}

describe('search.start validation', () => {
  const cases: Array<[unknown, RegExp]> = [
    [null, /JSON object/],
    [{}, /filters: is required/],
    [{ filters: {} }, /needs one wrapper/],
    [{ filters: { and: [], x: 1 } }, /"x" is not a wrapper/],
    [{ filters: { and: [body.filters.and[0]], or: [body.filters.and[0]] } }, /both "and" and "or"/],
    [{ filters: { and: [] } }, /filters\.and: needs at least one filter/],
    [{ filters: { or: [{ relation: 'equals', value: 1 }] } }, /filters\.or\[0\]\.attribute: is required/],
    [{ filters: { and: [{ attribute: 'a', relation: '', value: 1 }] } }, /filters\.and\[0\]\.relation/],
    [{ filters: { and: [{ attribute: 'a', relation: 'equals' }] } }, /filters\.and\[0\]\.value: is required/],
    [{ filters: { and: [body.filters.and[0]] }, page: 2 }, /unknown field "page"/],
  ];
  it.each(cases)('rejects %j with a message naming the problem', async (bad, message) => {
    const { start, api } = setup();
    const e = await errorOf(start({ body: bad }));
    expect(e).toBeInstanceOf(AppError);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(message);
    expect(api.calls).toHaveLength(0);
  });

  it('accepts null values and nested JSON values', async () => {
    const { start } = setup();
    const v = await start({ body: { filters: { or: [{ attribute: 'x', relation: 'custom', value: null }] } } });
    expect(v.pageNumber).toBe(1);
  });
});

describe('pagination sessions', () => {
  it('serves page 1 with count and walks next to the end and back with the same rows', async () => {
    const { start, page, api } = setup(35);
    const first = await start({ body, pageSize: 10 });
    expect(first).toMatchObject({ pageNumber: 1, count: 35, firstRow: 1, hasPrevious: false, hasNext: true });
    expect(first.rows).toHaveLength(10);
    const seen = [first];
    let cur = first;
    while (cur.hasNext) {
      cur = await page({ sessionId: first.sessionId, direction: 'next' });
      seen.push(cur);
    }
    expect(seen.map((p) => p.pageNumber)).toEqual([1, 2, 3, 4]);
    expect(cur).toMatchObject({ firstRow: 31, hasNext: false, hasPrevious: true });
    expect(cur.rows).toHaveLength(5);
    while (cur.hasPrevious) cur = await page({ sessionId: first.sessionId, direction: 'previous' });
    expect(cur.pageNumber).toBe(1);
    expect(cur.rows).toEqual(first.rows);
    // Every request of the session was the same request; only the token differed.
    const fps = new Set(api.calls.map((c) => searchFingerprint(c.body, c.pageSize)));
    expect(fps.size).toBe(1);
    expect(api.calls[0]!.paginationToken).toBeUndefined();
    expect(api.calls.slice(1).every((c) => typeof c.paginationToken === 'string')).toBe(true);
  });

  it('refuses to step past the ends without calling the service', async () => {
    const { start, page, api } = setup(5);
    const first = await start({ body, pageSize: 10 });
    expect(first.hasNext).toBe(false);
    expect((await errorOf(page({ sessionId: first.sessionId, direction: 'next' }))).message).toMatch(/last page/);
    expect((await errorOf(page({ sessionId: first.sessionId, direction: 'previous' }))).message).toMatch(/first page/);
    expect(api.calls).toHaveLength(1);
  });

  it('steps from any page already shown (fromPage), as the renderer does after a cached Previous', async () => {
    const { start, page } = setup(50);
    const first = await start({ body, pageSize: 10 });
    await page({ sessionId: first.sessionId, direction: 'next' });
    await page({ sessionId: first.sessionId, direction: 'next' });
    const again = await page({ sessionId: first.sessionId, direction: 'next', fromPage: 1 });
    expect(again.pageNumber).toBe(2);
    expect(again.rows[0]!.company_id).toBe('c11');
    const unknown = await errorOf(page({ sessionId: first.sessionId, direction: 'next', fromPage: 5 }));
    expect(unknown.message).toMatch(/Page 5 has not been shown/);
  });

  it('a changed page size is a new session from page 1, never a token with a changed request', async () => {
    const { start, page, api } = setup(100);
    const a = await start({ body, pageSize: 10 });
    await page({ sessionId: a.sessionId, direction: 'next' });
    const b = await start({ body, pageSize: 25 });
    expect(b).toMatchObject({ pageNumber: 1, pageSize: 25, firstRow: 1 });
    expect(b.sessionId).not.toBe(a.sessionId);
    expect(api.calls.at(-1)?.paginationToken).toBeUndefined();
    const b2 = await page({ sessionId: b.sessionId, direction: 'next' });
    expect(b2.firstRow).toBe(26);
  });

  it('restarts from page 1 and says why when the server answers 400 for a stale session', async () => {
    const { start, page, api } = setup(40);
    const first = await start({ body, pageSize: 10 });
    await page({ sessionId: first.sessionId, direction: 'next' });
    api.epoch++; // server forgot the session's tokens
    const v = await page({ sessionId: first.sessionId, direction: 'next' });
    expect(v.pageNumber).toBe(1);
    expect(v.restarted?.reason).toMatch(/page 1/);
    expect(v.restarted?.reason).toMatch(/pagination token does not match/);
    expect(v.sessionId).not.toBe(first.sessionId);
    expect(api.calls.at(-1)?.paginationToken).toBeUndefined();
    const old = await errorOf(page({ sessionId: first.sessionId, direction: 'next' }));
    expect(old.code).toBe('pagination_expired');
    expect((await page({ sessionId: v.sessionId, direction: 'next' })).pageNumber).toBe(2);
  });

  it('keeps the session usable after a network error so Retry works', async () => {
    const { start, page, api } = setup(40);
    const first = await start({ body, pageSize: 10 });
    api.failNext = new AppError('network', 'The service could not be reached.', { retryable: true });
    const e = await errorOf(page({ sessionId: first.sessionId, direction: 'next' }));
    expect(e.code).toBe('network');
    const retry = await page({ sessionId: first.sessionId, direction: 'next' });
    expect(retry.pageNumber).toBe(2);
  });

  it('cancels a page in flight by requestId and leaves the session where it was', async () => {
    const { start, page, h, api } = setup(40);
    const first = await start({ body, pageSize: 10 });
    let open!: () => void;
    api.gate = new Promise((r) => (open = r));
    const calls = api.calls.length;
    const pending = errorOf(page({ sessionId: first.sessionId, direction: 'next', requestId: 'r1' }));
    await api.reached(calls + 1); // the page's request is at the service, held there
    await h.cancel({ requestId: 'r1' }, ctx());
    expect((await pending).code).toBe('cancelled');
    open();
    api.gate = null;
    expect((await page({ sessionId: first.sessionId, direction: 'next' })).pageNumber).toBe(2);
  });

  it('runs concurrent steps of one session one after the other', async () => {
    const { start, page } = setup(40);
    const first = await start({ body, pageSize: 10 });
    const [a, b] = await Promise.all([
      page({ sessionId: first.sessionId, direction: 'next' }),
      page({ sessionId: first.sessionId, direction: 'next' }),
    ]);
    expect([a.pageNumber, b.pageNumber]).toEqual([2, 3]);
    expect(b.rows[0]!.company_id).toBe('c21');
  });

  it('closes sessions when the active profile changes', async () => {
    const { start, page, setProfile } = setup(40);
    const first = await start({ body, pageSize: 10 });
    setProfile({ id: 'other' });
    expect((await errorOf(page({ sessionId: first.sessionId, direction: 'next' }))).code).toBe('pagination_expired');
  });

  it('does not mutate or depend on the caller body after start', async () => {
    const { start, page, api } = setup(40);
    const mine = structuredClone(body);
    const first = await start({ body: mine, pageSize: 10 });
    mine.filters.and[0]!.value = 'SE';
    await page({ sessionId: first.sessionId, direction: 'next' });
    expect(api.calls[1]!.body.filters).toEqual(body.filters);
  });

  it('maps a bad_request on page 1 to the server message', async () => {
    const { start, api } = setup(40);
    api.failNext = new AppError('bad_request', 'unknown attribute "colour"', { details: { status: 400 } });
    const e = await errorOf(start({ body, pageSize: 10 }));
    expect(e.code).toBe('bad_request');
    expect(e.message).toBe('unknown attribute "colour"');
  });
});

describe('search.reopen (the page viewed before a restart)', () => {
  it('walks a fresh session to the page, keeps its tokens for Previous, and records no recent search', async () => {
    const { api, h } = setup(35);
    const reopen = (input: unknown) => h.reopen(searchGroup.fns.reopen.input.parse(input), ctx());
    const view = await reopen({ body, pageSize: 10, pageNumber: 3 });
    expect(view).toMatchObject({ pageNumber: 3, firstRow: 21, hasNext: true, hasPrevious: true });
    expect(api.calls.map((c) => Boolean(c.paginationToken))).toEqual([false, true, true]);
    const back = await h.page(searchGroup.fns.page.input.parse({ sessionId: view.sessionId, direction: 'previous', fromPage: 3 }), ctx());
    expect(back).toMatchObject({ pageNumber: 2, firstRow: 11 });
    await new Promise((r) => setImmediate(r));
    expect(await h.listRecent(undefined, ctx())).toEqual([]);
  });

  it('stops at the last page when the results have shrunk', async () => {
    const { h } = setup(15);
    const view = await h.reopen(searchGroup.fns.reopen.input.parse({ body, pageSize: 10, pageNumber: 5 }), ctx());
    expect(view).toMatchObject({ pageNumber: 2, hasNext: false });
  });
});
