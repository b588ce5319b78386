// Automatic checks on manual timers: at their schedule and at low priority; held by the daily
// budget with a note in words while Check now is not held (but counted); a check due while the app
// was closed runs once at start; a watch set to check at start does; a check the app was closed in
// the middle of is resumed at the next start.
import { expect, it, vi } from 'vitest';
import { ManualTimers } from '../esg/helpers/manual-timers';
import { MemorySettings } from '../esg/helpers/fake-deps';
import { companies, fakeSearch } from './helpers/fake-search';
import { tempDataDir, watchWorld, type World } from './helpers/world';

const BODY = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } };
const at = (d: number, h: number, m = 0) => new Date(2026, 0, d, h, m).getTime();
const HOUR = 3_600_000;


const searchWatch = async (w: World, o: Partial<Parameters<World['call']['create']>[0]> = {}) => {
  const saved = w.saveSearch('Big DE', BODY);
  return w.call.create({ name: 'Big DE', target: { kind: 'search', savedSearchId: saved.id }, schedule: { kind: 'hourly' }, ...o });
};

it('checks at its schedule through the low lane; the first is the baseline, the next finds what changed', async () => {
  const timers = new ManualTimers(at(5, 9, 0));
  const svc = fakeSearch(companies(450));
  const w = watchWorld({ dataDir: tempDataDir(), api: async () => svc.api, timers });
  try {
    await w.start();
    const watch = await searchWatch(w);
    expect(watch.nextDueAt).toBe(at(5, 10));
    await timers.advance(HOUR);
    expect(await w.settled(watch.id)).toMatchObject({ trigger: 'schedule', status: 'done', baseline: true, requests: 3 });
    // Never checked: its size was counted first (one request, in the budget too), then 3 pages.
    expect(svc.state.calls.map((c) => [c.pageSize, c.priority])).toEqual([[1, 'low'], [200, 'low'], [200, 'low'], [200, 'low']]);
    expect((await w.call.budget()).usedToday).toBe(4);

    svc.state.records = [...svc.state.records.slice(1), ...companies(2, 900)];
    await timers.advance(HOUR);
    const second = await w.settled(watch.id);
    expect(second).toMatchObject({ trigger: 'schedule', status: 'done', baseline: false, changes: 3, requests: 4 });
    expect((await w.call.all())[0]).toMatchObject({ nextDueAt: at(5, 12), unread: 3 });
    expect(w.finished()[0]).toMatchObject({ title: '2 companies entered ‘Big DE’', body: '2 companies entered, 1 left.' });
    // 3 pages and the lookup of the one that left (issue 38), all in the low lane.
    expect(svc.pageLanes().every((l) => l === 'low')).toBe(true);
    expect(svc.state.calls.slice(-4).map((c) => [c.pageSize, c.priority])).toEqual([[200, 'low'], [200, 'low'], [200, 'low'], [1, 'low']]);

    // Check now is the analyst's own: the normal lane.
    svc.state.calls = [];
    await w.call.checkNow(watch.id);
    expect(await w.settled(watch.id)).toMatchObject({ trigger: 'manual', status: 'done' });
    expect(svc.pageLanes()).toEqual(['normal', 'normal', 'normal']);

    // Paused: no scheduled check.
    await w.call.update({ id: watch.id, paused: true });
    const before = (await w.call.checks(watch.id)).length;
    await timers.advance(3 * HOUR);
    expect((await w.call.checks(watch.id)).length).toBe(before);
    expect((await w.call.all())[0]!.nextDueAt).toBeNull();
  } finally {
    await w.close();
  }
});

it('holds scheduled checks that would overrun the daily budget, with a note, until midnight; Check now is not held but counted', async () => {
  const timers = new ManualTimers(at(5, 9, 0));
  const svc = fakeSearch(companies(450));
  const w = watchWorld({ dataDir: tempDataDir(), api: async () => svc.api, timers, profile: { watchDailyBudget: 5 } });
  try {
    await w.start();
    const watch = await searchWatch(w);
    await w.call.checkNow(watch.id);
    expect(await w.settled(watch.id)).toMatchObject({ status: 'done', requests: 3 });
    expect(await w.call.budget()).toEqual({ dailyBudget: 5, usedToday: 3, resetsAt: at(6, 0) });

    await timers.advance(HOUR);
    await w.until(async () => (await w.call.checks(watch.id))[0]!.status === 'waiting'); // a waiting check
    const [waiting] = await w.call.checks(watch.id);
    expect(waiting).toMatchObject({ trigger: 'schedule', status: 'waiting', requests: 0, note: "Waiting for tomorrow's budget: 3 of 5 requests used today, this check needs about 3." });
    expect(w.rec.events.some((e) => e.name === 'changed' && (e.payload as { watchId: number }).watchId === watch.id)).toBe(true);

    // Check now takes the waiting check up at once, over the budget.
    await w.call.checkNow(watch.id);
    expect(await w.settled(watch.id)).toMatchObject({ id: waiting!.id, trigger: 'manual', status: 'done', requests: 3 });
    expect((await w.call.budget()).usedToday).toBe(6);

    // The next scheduled checks of the day wait (one waiting check, not one per hour); none sends a request.
    svc.state.calls = [];
    await timers.advance(at(5, 23, 30) - timers.now());
    await w.until(async () => (await w.call.checks(watch.id))[0]!.status === 'waiting'); // a waiting check again
    expect((await w.call.checks(watch.id)).filter((c) => c.status === 'waiting')).toHaveLength(1);
    expect(svc.state.calls).toEqual([]);
    expect((await w.call.budget()).usedToday).toBe(6);

    // Midnight: a new day's budget, the waiting check goes.
    await timers.advance(at(6, 0, 1) - timers.now());
    const resumed = await w.settled(watch.id);
    expect(resumed).toMatchObject({ trigger: 'schedule', status: 'done', requests: 3 });
    expect(await w.call.budget()).toMatchObject({ usedToday: 3, resetsAt: at(7, 0) });
  } finally {
    await w.close();
  }
});

it('runs a check due while the app was closed once at start, and a watch set to check at start', async () => {
  const dataDir = tempDataDir();
  const settings = new MemorySettings();
  const svc = fakeSearch(companies(250));
  const first = watchWorld({ dataDir, settings, api: async () => svc.api, timers: new ManualTimers(at(5, 9, 0)) });
  await first.start();
  const hourly = await searchWatch(first);
  const saved = first.saveSearch('At start', BODY);
  const atStart = await first.call.create({ name: 'At start', target: { kind: 'search', savedSearchId: saved.id }, checkAtStart: true });
  await first.close();

  // Five hourly checks fell due while the app was closed: one 'missed' check.
  const second = watchWorld({ dataDir, settings, api: async () => svc.api, timers: new ManualTimers(at(5, 14, 30)) });
  try {
    await second.start();
    expect(await second.settled(hourly.id)).toMatchObject({ trigger: 'missed', status: 'done' });
    expect(await second.settled(atStart.id)).toMatchObject({ trigger: 'start', status: 'done' });
    expect(await second.call.checks(hourly.id)).toHaveLength(1);
    expect(await second.call.checks(atStart.id)).toHaveLength(1);
    expect((await second.call.all()).find((x) => x.id === hourly.id)!.nextDueAt).toBe(at(5, 15));
  } finally {
    await second.close();
  }
});

it('resumes a check the app was closed in the middle of', async () => {
  const dataDir = tempDataDir();
  const settings = new MemorySettings();
  const svc = fakeSearch(companies(650));
  const first = watchWorld({ dataDir, settings, api: async () => svc.api, timers: new ManualTimers(at(5, 9, 0)) });
  await first.start();
  const watch = await searchWatch(first, { schedule: { kind: 'manual' } });
  svc.state.hold = true;
  await first.call.checkNow(watch.id);
  // The fake service's own record (the held check sends no event once it asked): polled.
  await vi.waitFor(() => expect(svc.state.calls.length).toBeGreaterThan(0)); // the first page asked for
  await first.close();

  const second = watchWorld({ dataDir, settings, api: async () => svc.api, timers: new ManualTimers(at(5, 9, 5)) });
  try {
    expect((await second.call.checks(watch.id))[0]).toMatchObject({ status: 'running', trigger: 'manual' });
    svc.release();
    await second.start();
    const resumed = await second.settled(watch.id);
    expect(resumed).toMatchObject({ trigger: 'resume', status: 'done', baseline: true, requests: 4 });
    const [, interrupted] = await second.call.checks(watch.id);
    expect(interrupted).toMatchObject({ status: 'interrupted', trigger: 'manual', note: 'The app was closed during this check; it went on at the next start.' });
    // The resumed check of an analyst's Check now keeps its lane; the partial load left nothing behind.
    expect(svc.pageLanes().at(-1)).toBe('normal');
    expect(second.snapshots.storeFor('sandbox').ownedBy(`watch:${watch.id}`).map((s) => [s.status, s.rowCount])).toEqual([['complete', 650]]);
  } finally {
    await second.close();
  }
});

it('does not check a watch whose saved search was deleted; a new target makes the next check a baseline', async () => {
  const timers = new ManualTimers(at(5, 9, 0));
  const svc = fakeSearch(companies(250));
  const w = watchWorld({ dataDir: tempDataDir(), api: async () => svc.api, timers });
  try {
    await w.start();
    const watch = await searchWatch(w);
    await w.call.checkNow(watch.id);
    await w.settled(watch.id);
    const other = w.saveSearch('Other', { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'FR' }] } });
    await w.call.update({ id: watch.id, target: { kind: 'search', savedSearchId: other.id } });
    await w.call.checkNow(watch.id);
    expect(await w.settled(watch.id)).toMatchObject({ status: 'done', baseline: true, changes: 0 });

    w.settings.write('search.saved', []);
    const [info] = await w.call.all();
    expect(info!.targetName).toBeNull();
    svc.state.calls = [];
    await timers.advance(2 * HOUR);
    // The scheduled check is recorded (failed: its saved search is gone) without asking the service.
    await w.until(async () => (await w.call.checks(watch.id)).length === 2);
    expect(svc.state.calls).toEqual([]);
    await expect(w.call.checkNow(watch.id)).rejects.toMatchObject({ code: 'not_found', message: 'The saved search of the watch ‘Big DE’ was deleted, so it cannot be checked. Delete the watch, or watch another saved search.' });
  } finally {
    await w.close();
  }
});
