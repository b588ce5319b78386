// Issue 36 #2: a watch's check belongs to its profile. The analyst switches from profile A to B while
// A's check is being estimated, and later while it loads pages: B's service receives nothing of A's
// saved search, the check waits (saying why) until A is active again, and A's baseline is A's answer.
import { expect, it } from 'vitest';
import { WAITING_FOR_PROFILE } from '../../../../src/main/features/watches/profile-api';
import { PLAN_EVERY_MS } from '../../../../src/main/features/watches/scheduler';
import { flush, ManualTimers } from '../esg/helpers/manual-timers';
import { companies, fakeSearch } from './helpers/fake-search';
import { tempDataDir, watchWorld } from './helpers/world';

const BODY = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } };
const at = (d: number, h: number, m = 0) => new Date(2026, 0, d, h, m).getTime();
const HOUR = 3_600_000;

it('a check of profile A never goes to profile B: it waits for A when the analyst switches, and its baseline is A’s answer', async () => {
  const timers = new ManualTimers(at(5, 9, 0));
  const svcA = fakeSearch(companies(450));
  const svcB = fakeSearch(companies(300, 5_000));
  let activeId = 'a';
  // deps.api() is the active profile's client, as in the core.
  const w = watchWorld({ dataDir: tempDataDir(), timers, profile: { id: 'a', name: 'A' }, api: async () => (activeId === 'a' ? svcA.api : svcB.api) });
  const switchTo = (id: 'a' | 'b') => {
    activeId = id;
    w.switchTo({ id, name: id.toUpperCase() });
  };
  try {
    await w.start();
    const saved = w.saveSearch('Big DE', BODY);
    const watch = await w.call.create({ name: 'Big DE', target: { kind: 'search', savedSearchId: saved.id }, schedule: { kind: 'hourly' } });

    // 10:00: the check is due; its estimate counts the search at A (held there) when the analyst switches to B.
    svcA.state.hold = true;
    await timers.advance(HOUR);
    expect(svcA.state.calls).toEqual([{ pageSize: 1, token: undefined, priority: 'low' }]);
    switchTo('b');
    svcA.release();
    expect(await w.settled(watch.id, 'a')).toMatchObject({ trigger: 'schedule', status: 'waiting', requests: 0, note: WAITING_FOR_PROFILE });
    expect(svcB.state.calls).toEqual([]);

    // Two hours on B: B's plans run, A's check is neither started nor sent anywhere.
    await timers.advance(2 * HOUR);
    expect(svcB.state.calls).toEqual([]);
    expect(svcA.state.calls).toHaveLength(1);

    // Back on A: the waiting check goes at the next plan, to A; its baseline holds A's 450 companies.
    switchTo('a');
    await timers.advance(PLAN_EVERY_MS);
    const baseline = await w.settled(watch.id);
    expect(baseline).toMatchObject({ trigger: 'schedule', status: 'done', baseline: true, requests: 3 });
    expect(w.snapshots.storeFor('a').ownedBy(`watch:${watch.id}`).map((s) => [s.status, s.rowCount])).toEqual([['complete', 450]]);
    expect(await w.call.checks(watch.id)).toHaveLength(1);

    // 13:00: the next check is loading A's pages when the analyst switches again. The page in flight was
    // A's own request; the next one is refused, and the check waits for A again.
    svcA.state.calls = [];
    svcA.state.hold = true;
    await timers.advance(at(5, 13) - timers.now());
    await flush();
    expect(svcA.state.calls).toEqual([{ pageSize: 200, token: undefined, priority: 'low' }]);
    expect((await w.call.checks(watch.id))[0]).toMatchObject({ status: 'running' });
    switchTo('b');
    svcA.release();
    expect(await w.settled(watch.id, 'a')).toMatchObject({ status: 'waiting', note: WAITING_FOR_PROFILE });
    expect(svcA.state.calls).toHaveLength(1);
    expect(svcB.state.calls).toEqual([]);

    switchTo('a');
    await timers.advance(PLAN_EVERY_MS);
    expect(await w.settled(watch.id)).toMatchObject({ status: 'done', baseline: false, changes: 0, requests: 3 });
    expect(svcB.state.calls).toEqual([]);
  } finally {
    await w.close();
  }
});
