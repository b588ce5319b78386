// Issue 36 #13: the computer's clock is set back 48 hours. The last due time the app wrote now lies
// two days ahead; counted from it, no scheduled check would run until the clock caught up. The
// schedule counts from the clock as it is: the due checks still run on time.
import { expect, it } from 'vitest';
import { ManualTimers } from '../esg/helpers/manual-timers';
import { companies, fakeSearch } from './helpers/fake-search';
import { tempDataDir, watchWorld } from './helpers/world';

const BODY = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } };
const at = (d: number, h: number, m = 0) => new Date(2026, 0, d, h, m).getTime();
const HOUR = 3_600_000;

/** Timers run on (as a monotonic clock does) while the wall clock that now() reads can be set back. */
class SettableClock extends ManualTimers {
  private offset = 0;
  constructor(start: number) {
    super(start);
    const monotonic = this.now;
    this.now = () => monotonic() + this.offset;
  }
  setBack(ms: number): void {
    this.offset -= ms;
  }
}

it('a clock set back 48 h still runs the due checks on schedule', async () => {
  const clock = new SettableClock(at(5, 9, 0));
  const svc = fakeSearch(companies(250));
  const w = watchWorld({ dataDir: tempDataDir(), api: async () => svc.api, timers: clock });
  try {
    await w.start();
    const saved = w.saveSearch('Big DE', BODY);
    const watch = await w.call.create({ name: 'Big DE', target: { kind: 'search', savedSearchId: saved.id }, schedule: { kind: 'hourly' } });
    await clock.advance(HOUR + 30 * 60_000);
    expect(await w.settled(watch.id)).toMatchObject({ trigger: 'schedule', status: 'done', startedAt: at(5, 10) });

    clock.setBack(48 * HOUR); // now 3 January, 10:30
    expect((await w.call.all())[0]!.nextDueAt).toBe(at(3, 11));
    await clock.advance(HOUR);
    const [first] = await w.call.checks(watch.id);
    expect(first).toMatchObject({ trigger: 'schedule', startedAt: at(3, 11) });
    expect(await w.settled(watch.id)).toMatchObject({ status: 'done', changes: 0 });
    await clock.advance(HOUR);
    expect((await w.call.checks(watch.id)).map((c) => [c.trigger, c.startedAt])).toEqual([
      ['schedule', at(3, 12)],
      ['schedule', at(3, 11)],
      ['schedule', at(5, 10)],
    ]);
    expect((await w.call.all())[0]!.nextDueAt).toBe(at(3, 13));
  } finally {
    await w.close();
  }
});

it('a clock corrected back by a few minutes does not repeat the check just made', async () => {
  const clock = new SettableClock(at(5, 9, 0));
  const svc = fakeSearch(companies(250));
  const w = watchWorld({ dataDir: tempDataDir(), api: async () => svc.api, timers: clock });
  try {
    await w.start();
    const saved = w.saveSearch('Big DE', BODY);
    const watch = await w.call.create({ name: 'Big DE', target: { kind: 'search', savedSearchId: saved.id }, schedule: { kind: 'hourly' } });
    await clock.advance(HOUR + 60_000);
    expect(await w.settled(watch.id)).toMatchObject({ status: 'done', startedAt: at(5, 10) });

    clock.setBack(3 * 60_000); // 09:58: the 10:00 check is not due again
    expect((await w.call.all())[0]!.nextDueAt).toBe(at(5, 11));
    await clock.advance(HOUR + 5 * 60_000);
    expect((await w.call.checks(watch.id)).map((c) => c.startedAt)).toEqual([at(5, 11), at(5, 10)]);
  } finally {
    await w.close();
  }
});
