// Issue 36 #4: a scheduled check waiting for the daily budget spends nothing while it waits. Its
// estimate (for a search never checked, a count request) is not made again at every plan, once a
// minute all day: the check is tried again when the budget resets at midnight, or when it is changed.
import { expect, it } from 'vitest';
import type { WatchSchedule } from '../../../../src/shared/watches/watches';
import { ManualTimers } from '../esg/helpers/manual-timers';
import { companies, fakeSearch } from './helpers/fake-search';
import { tempDataDir, watchWorld, type World } from './helpers/world';

const DE = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } };
const FR = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'FR' }] } };
const at = (d: number, h: number, m = 0, s = 0) => new Date(2026, 0, d, h, m, s).getTime();
const HOUR = 3_600_000;

/** Spends 3 requests of today's budget per check with the analyst's own Check now of another watch (never held). */
async function spend(w: World, checks: number): Promise<void> {
  const saved = w.saveSearch('Spender', DE);
  const spender = await w.call.create({ name: 'Spender', target: { kind: 'search', savedSearchId: saved.id } });
  for (let i = 0; i < checks; i++) {
    await w.call.checkNow(spender.id);
    expect(await w.settled(spender.id)).toMatchObject({ status: 'done', requests: 3 });
  }
}

/** A watch of a search never checked nor loaded (its estimate would cost a count request), due at 10:00. */
async function neverChecked(w: World, schedule: WatchSchedule) {
  const saved = w.saveSearch('FR', FR);
  return w.call.create({ name: 'FR', target: { kind: 'search', savedSearchId: saved.id }, schedule });
}

it('a day of plans with the budget spent sends no request; the check runs at the reset', async () => {
  const timers = new ManualTimers(at(5, 9, 0, 30));
  const svc = fakeSearch(companies(450));
  const w = watchWorld({ dataDir: tempDataDir(), api: async () => svc.api, timers, profile: { watchDailyBudget: 5 } });
  try {
    await w.start();
    await spend(w, 2);
    // Daily: no due time at midnight, and plans come at half past each minute. A check at 00:00:00 sharp went because the budget reset.
    const watch = await neverChecked(w, { kind: 'daily', at: '10:00' });
    svc.state.calls = [];

    await timers.advance(at(5, 10) - timers.now());
    expect(await w.settled(watch.id)).toMatchObject({ trigger: 'schedule', status: 'waiting', requests: 0, note: "Waiting for tomorrow's budget: 6 of 5 requests used today." });
    // The rest of the day: a plan every minute; nothing is sent, nothing spent.
    await timers.advance(at(5, 23, 59, 59) - timers.now());
    expect(svc.state.calls).toEqual([]);
    expect((await w.call.budget()).usedToday).toBe(6);
    expect((await w.call.checks(watch.id)).map((c) => c.status)).toEqual(['waiting']);

    await timers.advance(at(6, 0) - timers.now());
    await w.until(async () => (await w.call.checks(watch.id))[0]!.status === 'done');
    expect((await w.call.checks(watch.id))[0]).toMatchObject({ trigger: 'schedule', status: 'done', startedAt: at(6, 0), requests: 3 });
    expect(svc.state.calls.map((c) => c.pageSize)).toEqual([1, 200, 200, 200]);
  } finally {
    await w.close();
  }
});

it('a check that waits for room in the budget counts its search once, not at every plan; a raised budget lets it go', async () => {
  const timers = new ManualTimers(at(5, 9, 0, 30));
  const svc = fakeSearch(companies(450));
  const w = watchWorld({ dataDir: tempDataDir(), api: async () => svc.api, timers, profile: { watchDailyBudget: 5 } });
  try {
    await w.start();
    await spend(w, 1);
    const watch = await neverChecked(w, { kind: 'hourly' });
    svc.state.calls = [];

    await timers.advance(at(5, 10) - timers.now());
    // One count request (counted: 4 of 5 used), and 3 pages would not fit.
    expect(await w.settled(watch.id)).toMatchObject({ status: 'waiting', note: "Waiting for tomorrow's budget: 4 of 5 requests used today, this check needs about 3." });
    await timers.advance(6 * HOUR);
    expect(svc.state.calls.map((c) => c.pageSize)).toEqual([1]);
    expect((await w.call.budget()).usedToday).toBe(4);

    // Settings → a budget of 10: the next plan tries the waiting check again.
    w.switchTo({ ...w.profile, watchDailyBudget: 10 });
    await timers.advance(60_000);
    await w.until(async () => (await w.call.checks(watch.id))[0]!.status === 'done');
    expect((await w.call.checks(watch.id))[0]).toMatchObject({ status: 'done', requests: 3 });
  } finally {
    await w.close();
  }
});
