import { describe, expect, it } from 'vitest';
import { createSearchFeature } from '../../../../src/main/features/search/feature';
import { searchGroup } from '../../../../src/shared/bridge/groups/search';
import { RECENT_MAX } from '../../../../src/main/features/search/saved-store';
import { FakeSearchApi } from './fake-api';
import { ctx, fakeDeps } from './fake-deps';

const body = (v: string) => ({ filters: { or: [{ attribute: 'country', relation: 'equals', value: v }] } });

function setup() {
  const api = new FakeSearchApi(30);
  const f = fakeDeps(async () => api);
  const h = createSearchFeature(f.deps).handlers;
  const call = <K extends keyof typeof h>(name: K, input: unknown) =>
    (h[name] as (i: unknown, c: ReturnType<typeof ctx>) => Promise<unknown>)(searchGroup.fns[name].input.parse(input), ctx());
  // Recent searches are recorded right after the page is answered (setImmediate).
  const callAndSettle = async (name: 'start', input: unknown) => {
    const r = await call(name, input);
    await new Promise((res) => setImmediate(res));
    return r;
  };
  return { h, call, callAndSettle, api, ...f };
}

describe('saved searches', () => {
  it('saves, lists per profile, updates columns, renames and deletes', async () => {
    const { h, call, setProfile, settings } = setup();
    const saved = (await call('saveSearch', { name: 'Nordics', body: body('NO'), pageSize: 25 })) as { id: string };
    expect(await h.listSaved(undefined, ctx())).toMatchObject([{ name: 'Nordics', pageSize: 25, body: body('NO'), profileId: 'sandbox' }]);
    const columns = { order: ['company_id', 'name'], hidden: ['website'], widths: { name: 240 } };
    await call('saveSearch', { id: saved.id, name: 'Nordics', body: body('NO'), pageSize: 25, columns });
    expect((await h.listSaved(undefined, ctx()))[0]!.columns).toEqual(columns);
    await call('renameSaved', { id: saved.id, name: 'Norway' });
    expect((await h.listSaved(undefined, ctx()))[0]!.name).toBe('Norway');
    expect(settings.data.get('search.saved')).toHaveLength(1);

    setProfile({ id: 'other' });
    expect(await h.listSaved(undefined, ctx())).toEqual([]);
    await call('deleteSaved', { id: saved.id }); // another profile cannot delete it
    setProfile({ id: 'sandbox' });
    expect(await h.listSaved(undefined, ctx())).toHaveLength(1);
    await call('deleteSaved', { id: saved.id });
    expect(await h.listSaved(undefined, ctx())).toEqual([]);
  });

  it('refuses to save an invalid body or without a profile', async () => {
    const { call, setProfile } = setup();
    await expect(call('saveSearch', { name: 'x', body: { filters: {} }, pageSize: 10 })).rejects.toMatchObject({ code: 'invalid_input' });
    setProfile(null);
    await expect(call('saveSearch', { name: 'x', body: body('NO'), pageSize: 10 })).rejects.toMatchObject({ code: 'not_configured' });
    await expect(call('renameSaved', { id: 'nope', name: 'y' })).rejects.toMatchObject({ code: 'not_configured' });
  });

  it('renaming a missing search is a clear not_found', async () => {
    const { call } = setup();
    await expect(call('renameSaved', { id: 'nope', name: 'y' })).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('recent searches', () => {
  it('records each started search newest first, deduplicated and capped', async () => {
    const { h, callAndSettle: call } = setup();
    await call('start', { body: body('NO'), pageSize: 10 });
    await call('start', { body: body('SE'), pageSize: 10 });
    await call('start', { body: body('NO'), pageSize: 10 });
    const recent = await h.listRecent(undefined, ctx());
    expect(recent.map((r) => (r.body as ReturnType<typeof body>).filters.or[0]!.value)).toEqual(['NO', 'SE']);
    expect(recent[0]).toMatchObject({ pageSize: 10, count: 30 });
    for (let i = 0; i < RECENT_MAX + 5; i++) await call('start', { body: body(`C${i}`), pageSize: 10 });
    expect(await h.listRecent(undefined, ctx())).toHaveLength(RECENT_MAX);
  });

  it('records the body the service received, once per body: a new page size alone is not a new entry', async () => {
    const { h, callAndSettle: call, api } = setup();
    const spaced = { filters: { or: [{ value: 'NO', relation: 'equals', attribute: 'country' }] } };
    await call('start', { body: spaced, pageSize: 10 });
    await call('start', { body: body('SE'), pageSize: 10 });
    await call('start', { body: body('NO'), pageSize: 25 });
    const recent = await h.listRecent(undefined, ctx());
    expect(recent).toHaveLength(2);
    expect(recent[0]).toMatchObject({ body: body('NO'), pageSize: 25 });
    expect(recent[1]).toMatchObject({ body: body('SE'), pageSize: 10 });
    expect(api.calls.map((c) => c.body)).toContainEqual(recent[0]!.body);
  });

  it('does not record a rejected search', async () => {
    const { h, call } = setup();
    await expect(call('start', { body: { filters: { and: [] } } })).rejects.toBeTruthy();
    expect(await h.listRecent(undefined, ctx())).toEqual([]);
  });
});
