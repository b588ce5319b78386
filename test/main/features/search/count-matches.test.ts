// search.countMatches (the live match count) through the bridge of a real core and its embedded sandbox:
// one page_size=1 request through the profile's client, never a recent search, refused when switched off.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestLogEntry } from '../../../../src/shared/bridge/groups/diagnostics';
import type { RecentSearch, SearchPageView } from '../../../../src/shared/bridge/groups/search';
import type { ProfileView } from '../../../../src/shared/profile';
import { createSearchFeature } from '../../../../src/main/features/search/feature';
import { searchGroup } from '../../../../src/shared/bridge/groups/search';
import { bootCoreBridge } from '../../../helpers/core-bridge';
import { FakeSearchApi } from './fake-api';
import { ctx, fakeDeps } from './fake-deps';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

type R<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };
const body = { filters: { and: [{ attribute: 'employee_count', relation: 'greater_than', value: 100 }] } };

async function boot() {
  const core = await bootCoreBridge(cleanups, 300);
  const call = <T>(group: string, name: string, input?: unknown) => core.call(group, name, input) as Promise<R<T>>;
  const value = async <T>(group: string, name: string, input?: unknown) => {
    const r = await call<T>(group, name, input);
    if (!r.ok) throw new Error(`${group}.${name}: ${r.error.code} ${r.error.message}`);
    return r.value;
  };
  const searchRequests = async () => (await value<RequestLogEntry[]>('diagnostics', 'requestLog')).filter((e) => e.path.includes('/search/'));
  const log = async () => value<RequestLogEntry[]>('diagnostics', 'requestLog');
  const tokenRequests = async () => (await log()).filter((e) => e.path.includes('/oauth2/token'));
  return { call, value, searchRequests, tokenRequests };
}

describe('search.countMatches through the core', () => {
  it('sends page_size=1, answers the same count as a search, and is not recorded as a recent search', async () => {
    const { value, searchRequests } = await boot();
    const { count } = await value<{ count: number }>('search', 'countMatches', { body });
    const requests = await searchRequests();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.path).toMatch(/[?&]page_size=1(&|$)/);
    expect(requests[0]!.status).toBe(200);
    // Recent searches are written just after a search answers. A search started after the count is
    // recorded after it would have been: once that one is listed, it is the only one.
    const other = { filters: { and: [{ attribute: 'employee_count', relation: 'greater_than', value: 5000 }] } };
    await value('search', 'start', { body: other, pageSize: 10 });
    await vi.waitFor(async () => expect(await value<RecentSearch[]>('search', 'listRecent')).toHaveLength(1));
    expect((await value<RecentSearch[]>('search', 'listRecent')).map((r) => r.body)).toEqual([other]);

    const page = await value<SearchPageView>('search', 'start', { body, pageSize: 10 });
    expect(count).toBeGreaterThan(10);
    expect(count).toBe(page.count);
  }, 60_000);

  it('refuses an invalid body before any request', async () => {
    const { call, searchRequests } = await boot();
    const r = await call('search', 'countMatches', { body: { filters: { and: [] } } });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.code).toBe('invalid_input');
    expect(await searchRequests()).toEqual([]);
  }, 60_000);

  it('persists the off switch with the profile and then makes no request; the switch alone keeps the session', async () => {
    const { call, value, searchRequests, tokenRequests } = await boot();
    await value('search', 'countMatches', { body }); // signs in
    expect(await tokenRequests()).toHaveLength(1);
    await value('diagnostics', 'clearLog');
    const { profiles } = await value<{ profiles: ProfileView[] }>('profiles', 'listProfiles');
    const sandbox = profiles.find((p) => p.id === 'sandbox')!;
    expect(sandbox.liveCount ?? true).toBe(true);
    const { hasSecret: _s, builtIn: _b, hasProxyPassword: _p, kind: _k, secretAuthUrl: _u, ...input } = sandbox;
    const saved = await value<ProfileView>('profiles', 'saveProfile', { profile: { ...input, liveCount: false } });
    expect(saved.liveCount).toBe(false);
    const reread = (await value<{ profiles: ProfileView[] }>('profiles', 'listProfiles')).profiles.find((p) => p.id === 'sandbox')!;
    expect(reread.liveCount).toBe(false);

    const r = await call('search', 'countMatches', { body });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatchObject({ code: 'not_configured', message: expect.stringMatching(/live match count is turned off/) });
    expect(await searchRequests()).toEqual([]);

    await value('profiles', 'saveProfile', { profile: { ...input, liveCount: true } });
    expect((await value<{ count: number }>('search', 'countMatches', { body })).count).toBeGreaterThan(0);
    expect(await searchRequests()).toHaveLength(1);
    // Saving only the switch did not drop the session: no second sign-in.
    expect(await tokenRequests()).toHaveLength(0);
  }, 60_000);
});

describe('search.countMatches cancellation', () => {
  it('a newer count with the same request id aborts the older one', async () => {
    const api = new FakeSearchApi(42);
    let open!: () => void;
    api.gate = new Promise<void>((r) => (open = r));
    const h = createSearchFeature(fakeDeps(async () => api).deps).handlers;
    const input = (v: number) =>
      searchGroup.fns.countMatches.input.parse({ body: { filters: { or: [{ attribute: 'revenue', relation: 'greater_than', value: v }] } }, requestId: 'live-count' });
    const older = expect(h.countMatches(input(1), ctx())).rejects.toMatchObject({ code: 'cancelled' });
    const newer = h.countMatches(input(2), ctx());
    await api.reached(2); // both requests reach the service before it answers
    open();
    await older;
    await expect(newer).resolves.toEqual({ count: 42 });
    expect(api.calls.map((c) => c.pageSize)).toEqual([1, 1]);
  });
});
