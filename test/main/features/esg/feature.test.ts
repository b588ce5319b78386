import { describe, expect, it } from 'vitest';
import { createEsgFeature } from '../../../../src/main/features/esg/feature';
import { WATCHES_SETTINGS_KEY } from '../../../../src/main/features/esg/watch-registry';
import type { EsgModuleView, WatchView } from '../../../../src/shared/bridge/groups/esg';
import { AppError } from '../../../../src/shared/errors';
import { FakeEsgApi, moduleResponse } from './helpers/fake-api';
import { ctx, fakeDeps, MemorySettings } from './helpers/fake-deps';
import { ManualTimers } from './helpers/manual-timers';

const S1 = '11111111-1111-4111-8111-111111111111';

function world(settings = new MemorySettings()) {
  const timers = new ManualTimers();
  const api = new FakeEsgApi(timers.now);
  const { deps, rec, switchProfile } = fakeDeps(async () => api, { settings, now: timers.now });
  const feature = createEsgFeature(deps, { timers, policy: { jitter: 0 } });
  return { timers, api, rec, feature, settings, switchProfile };
}

describe('ESG feature', () => {
  it('request → watch → completed event with fresh data and a notification', async () => {
    const { timers, api, rec, feature } = world();
    api.moduleAnswers.set('C1/news', [
      moduleResponse({ company_id: 'C1', module: 'news', status: 'processing', active_processing_session: S1, count: 0 }),
      moduleResponse({ company_id: 'C1', module: 'news', status: 'complete', count: 2, result: [{ title: 'a' }, { title: 'b' }] }),
    ]);
    api.script(S1, 'C1', 'news', [{ result_count: 4 }, { result_count: 6 }, { status: 'complete', result_count: 7 }]);
    const first = await feature.handlers.request({ companyId: 'C1', module: 'news', pageSize: 10 }, ctx());
    expect(first).toMatchObject({ status: 'processing', sessionId: S1 });
    expect((await feature.handlers.listWatches(undefined, ctx()))[0]).toMatchObject({ sessionId: S1, state: 'processing' });

    await timers.advance(30_000);
    const progress = rec.events.filter((e) => e.name === 'progress').map((e) => (e.payload as WatchView).resultCount);
    expect(progress).toEqual(expect.arrayContaining([4, 6, 7]));
    const done = rec.events.find((e) => e.name === 'completed')!.payload as { watch: WatchView; view: EsgModuleView };
    expect(done.watch).toMatchObject({ state: 'complete', resultCount: 7 });
    expect(done.view).toMatchObject({ status: 'complete', sessionId: null, count: 2 });
    expect(done.view.items).toHaveLength(2);
    expect(rec.notifications).toHaveLength(1);
    expect(api.statusCalls).toHaveLength(3);
  });

  it('one watcher per session however many views request it', async () => {
    const { timers, api, feature } = world();
    api.moduleAnswers.set('C1/news', [moduleResponse({ company_id: 'C1', module: 'news', status: 'processing', active_processing_session: S1 })]);
    api.script(S1, 'C1', 'news', [{ result_count: 1 }]);
    for (let i = 0; i < 5; i++) await feature.handlers.request({ companyId: 'C1', module: 'news', pageSize: 10 }, ctx());
    await timers.advance(3000);
    // One watcher: polls at 1 s and 3 s only.
    expect(api.statusCalls).toHaveLength(2);
    expect(await feature.handlers.listWatches(undefined, ctx())).toHaveLength(1);
    await feature.dispose!();
  });

  it('persists in-flight watches and resumes them after a restart; a 404 then shows as expired', async () => {
    const settings = new MemorySettings();
    const a = world(settings);
    a.api.moduleAnswers.set('C1/scores', [moduleResponse({ company_id: 'C1', module: 'scores', status: 'processing', active_processing_session: S1 })]);
    a.api.script(S1, 'C1', 'scores', [{ result_count: 0 }]);
    await a.feature.handlers.request({ companyId: 'C1', module: 'scores', pageSize: 10 }, ctx());
    await a.timers.advance(1500);
    await a.feature.dispose!();
    expect(settings.data.get(WATCHES_SETTINGS_KEY)).toEqual([expect.objectContaining({ sessionId: S1, module: 'scores', profileId: 'sandbox' })]);

    // Second run: the session still exists → resumed to completion.
    const b = world(settings);
    b.api.moduleAnswers.set('C1/scores', [moduleResponse({ company_id: 'C1', module: 'scores', count: 1, result: [{ score: 71 }] })]);
    b.api.script(S1, 'C1', 'scores', [{ status: 'complete', result_count: 1 }]);
    await b.feature.start!();
    expect(await b.feature.handlers.listWatches(undefined, ctx())).toHaveLength(1);
    await b.timers.advance(5000);
    expect(b.rec.events.some((e) => e.name === 'completed')).toBe(true);
    expect(settings.data.get(WATCHES_SETTINGS_KEY)).toEqual([expect.objectContaining({ sessionId: S1, ended: expect.objectContaining({ state: 'complete' }) })]);

    // Third run against a service that forgot the session: expired, one call, no loop.
    settings.write(WATCHES_SETTINGS_KEY, [{ sessionId: S1, companyId: 'C1', module: 'news', startedAt: 1, pageSize: 10, profileId: 'sandbox', resultCount: 3 }]);
    const c = world(settings);
    await c.feature.start!();
    await c.timers.advance(120_000);
    expect(c.api.statusCalls).toHaveLength(1);
    const [w] = await c.feature.handlers.listWatches(undefined, ctx());
    expect(w).toMatchObject({ state: 'expired', resultCount: 3 });
    expect(settings.data.get(WATCHES_SETTINGS_KEY)).toEqual([expect.objectContaining({ sessionId: S1, ended: expect.objectContaining({ state: 'expired' }) })]);
  });

  it('a completed watch stays listed with its result after a restart, is never polled again, until removed', async () => {
    const settings = new MemorySettings();
    const a = world(settings);
    a.api.moduleAnswers.set('C1/news', [
      moduleResponse({ company_id: 'C1', module: 'news', status: 'processing', active_processing_session: S1 }),
      moduleResponse({ company_id: 'C1', module: 'news', status: 'complete', count: 2, result: [{ title: 'a' }, { title: 'b' }] }),
    ]);
    a.api.script(S1, 'C1', 'news', [{ result_count: 3 }, { status: 'complete', result_count: 5 }]);
    await a.feature.handlers.request({ companyId: 'C1', module: 'news', pageSize: 10 }, ctx());
    await a.timers.advance(30_000);
    const [ended] = await a.feature.handlers.listWatches(undefined, ctx());
    expect(ended).toMatchObject({ state: 'complete', resultCount: 5, polls: 2 });
    await a.feature.dispose!();

    const b = world(settings);
    await b.feature.start!();
    await b.timers.advance(120_000);
    expect(b.api.statusCalls).toHaveLength(0);
    expect(await b.feature.handlers.listWatches(undefined, ctx())).toEqual([{ ...ended }]);
    await b.feature.handlers.unwatch({ sessionId: S1 }, ctx());
    expect(await b.feature.handlers.listWatches(undefined, ctx())).toEqual([]);
    expect(settings.data.get(WATCHES_SETTINGS_KEY)).toEqual([]);
    await b.feature.dispose!();
  });

  it('leaves other profiles\' watches on disk untouched', async () => {
    const settings = new MemorySettings();
    const other = { sessionId: S1, companyId: 'C9', module: 'news', startedAt: 1, pageSize: 10, profileId: 'prod', resultCount: 0 };
    settings.write(WATCHES_SETTINGS_KEY, [other]);
    const { api, feature, timers } = world(settings);
    await feature.start!();
    await timers.advance(60_000);
    expect(api.statusCalls).toHaveLength(0);
    api.moduleAnswers.set('C2/news', [moduleResponse({ company_id: 'C2', module: 'news', status: 'processing', active_processing_session: '22222222-2222-4222-8222-222222222222' })]);
    await feature.handlers.request({ companyId: 'C2', module: 'news', pageSize: 10 }, ctx());
    expect(settings.data.get(WATCHES_SETTINGS_KEY)).toEqual([other, expect.objectContaining({ companyId: 'C2' })]);
    await feature.dispose!();
  });

  it('never polls a session with another profile\'s client; it stays on disk for that profile', async () => {
    const { timers, api, feature, settings, switchProfile } = world();
    api.moduleAnswers.set('C1/news', [moduleResponse({ company_id: 'C1', module: 'news', status: 'processing', active_processing_session: S1 })]);
    api.script(S1, 'C1', 'news', [{ result_count: 1 }]);
    await feature.handlers.request({ companyId: 'C1', module: 'news', pageSize: 10 }, ctx());
    await timers.advance(1000);
    switchProfile('prod');
    await timers.advance(60_000);
    expect(api.statusCalls).toHaveLength(1);
    const [w] = await feature.handlers.listWatches(undefined, ctx());
    expect(w).toMatchObject({ state: 'error', error: { code: 'not_configured', message: expect.stringMatching(/another connection profile/) } });
    expect(settings.data.get(WATCHES_SETTINGS_KEY)).toEqual([expect.objectContaining({ sessionId: S1, profileId: 'sandbox', resultCount: 1 })]);
  });

  it('a watch stopped on our side (signed out, service unreachable) stays on disk; a 403 verdict does not', async () => {
    const S2 = '22222222-2222-4222-8222-222222222222';
    const { timers, api, feature, settings } = world();
    api.moduleAnswers.set('C1/news', [moduleResponse({ company_id: 'C1', module: 'news', status: 'processing', active_processing_session: S1 })]);
    api.moduleAnswers.set('C2/news', [moduleResponse({ company_id: 'C2', module: 'news', status: 'processing', active_processing_session: S2 })]);
    api.script(S1, 'C1', 'news', [new AppError('not_configured', 'No connection profile is selected.')]);
    api.script(S2, 'C2', 'news', [new AppError('forbidden', 'Forbidden')]);
    await feature.handlers.request({ companyId: 'C1', module: 'news', pageSize: 10 }, ctx());
    await feature.handlers.request({ companyId: 'C2', module: 'news', pageSize: 10 }, ctx());
    await timers.advance(60_000);
    expect(api.statusCalls).toHaveLength(2);
    expect((await feature.handlers.listWatches(undefined, ctx())).map((w) => w.state)).toEqual(['error', 'error']);
    // S1 may still run (resumed at the next start); S2's verdict is final: listed as ended until removed.
    const s2Ended = expect.objectContaining({ sessionId: S2, ended: expect.objectContaining({ state: 'error', error: expect.objectContaining({ code: 'forbidden' }) }) });
    expect(settings.data.get(WATCHES_SETTINGS_KEY)).toEqual([expect.not.objectContaining({ ended: expect.anything() }), s2Ended]);
    // Asking again (now connected) watches it once more, without a duplicate on disk.
    api.script(S1, 'C1', 'news', [{ result_count: 2 }]);
    await feature.handlers.request({ companyId: 'C1', module: 'news', pageSize: 10 }, ctx());
    expect(settings.data.get(WATCHES_SETTINGS_KEY)).toEqual([s2Ended, expect.not.objectContaining({ ended: expect.anything() })]);
    await feature.handlers.unwatch({ sessionId: S1 }, ctx());
    await feature.handlers.unwatch({ sessionId: S2 }, ctx());
    expect(settings.data.get(WATCHES_SETTINGS_KEY)).toEqual([]);
  });

  it('unwatch stops polling and forgets the watch', async () => {
    const { timers, api, feature } = world();
    api.moduleAnswers.set('C1/news', [moduleResponse({ company_id: 'C1', module: 'news', status: 'processing', active_processing_session: S1 })]);
    api.script(S1, 'C1', 'news', [{ result_count: 1 }]);
    await feature.handlers.request({ companyId: 'C1', module: 'news', pageSize: 10 }, ctx());
    await timers.advance(1000);
    await feature.handlers.unwatch({ sessionId: S1 }, ctx());
    await timers.advance(60_000);
    expect(api.statusCalls).toHaveLength(1);
    expect(await feature.handlers.listWatches(undefined, ctx())).toEqual([]);
  });

  it('pages a completed module with tokens kept in main', async () => {
    const { api, feature } = world();
    api.moduleAnswers.set('C1/news', [
      moduleResponse({ company_id: 'C1', module: 'news', count: 3, result: [{ i: 1 }, { i: 2 }], pagination: { next: 'n1', previous: null } }),
      moduleResponse({ company_id: 'C1', module: 'news', count: 3, result: [{ i: 3 }], pagination: { next: null, previous: 'p1' } }),
    ]);
    const p1 = await feature.handlers.request({ companyId: 'C1', module: 'news', pageSize: 2 }, ctx());
    expect(p1).toMatchObject({ pageNumber: 1, hasNext: true, hasPrevious: false });
    const p2 = await feature.handlers.page({ viewId: p1.viewId, direction: 'next' }, ctx());
    expect(p2).toMatchObject({ viewId: p1.viewId, pageNumber: 2, hasNext: false, hasPrevious: true, items: [{ i: 3 }] });
    expect(api.moduleCalls[1]!.paginationToken).toBe('n1');
    await expect(feature.handlers.page({ viewId: 'nope', direction: 'next' }, ctx())).rejects.toMatchObject({ code: 'pagination_expired' });
  });

  it('says the account lacks ESG access on a 403 module request', async () => {
    const { api, feature } = world();
    api.moduleAnswers.set('C1/news', [new AppError('forbidden', 'Forbidden', { details: { status: 403 } })]);
    await expect(feature.handlers.request({ companyId: 'C1', module: 'news', pageSize: 10 }, ctx())).rejects.toMatchObject({
      code: 'forbidden',
      message: expect.stringMatching(/lacks access to the ESG API/),
    });
  });
});
