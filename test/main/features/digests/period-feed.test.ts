// Daily and weekly digests fed from finished checks on a real PostgreSQL, in Europe/Berlin: time is
// moved by writing finished_at (and subscriptions' created_at) relative to the database's now(),
// never by waiting. Each ended day or week of a followed watch is one digest of exactly the changes
// of the checks finished in it, one delivery per subscription however many nodes feed at once.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DigestContent } from '../../../../src/main/features/digests/content';
import { feedPeriodDigests } from '../../../../src/main/features/digests/period-feed';
import { periodOf, type Period } from '../../../../src/main/features/digests/period';
import { postgresMissing } from '../../../helpers/postgres';
import { startDigestDb, type DigestDb } from './helpers/digest-db';

const BERLIN = 'Europe/Berlin';
const DAY = 86_400_000;
const at = (p: Period, ms: number) => new Date(p.start.getTime() + ms);

describe.skipIf(postgresMissing() !== null)('daily and weekly digests fed from checks', () => {
  let t: DigestDb;
  beforeAll(async () => {
    t = await startDigestDb();
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
  });
  beforeEach(async () => {
    await t.clear();
  });

  const dbNow = async () => (await t.pool.query<{ now: Date }>('select now() as now')).rows[0]!.now;
  /** A done check of the watch finished at `finished`, with `n` companies entered; its id. */
  async function check(watchId: string, finished: Date, n = 2): Promise<string> {
    const c = await t.pool.query<{ id: string }>(
      "insert into team_checks (watch_id, due_at, trigger, status, finished_at, changes) values ($1, $2, 'schedule', 'done', $2, $3) returning id::text",
      [watchId, finished, n],
    );
    const id = c.rows[0]!.id;
    for (let i = 0; i < n; i++) {
      await t.pool.query("insert into team_changes (check_id, watch_id, kind, company_id, company_name) values ($1, $2, 'entered', $3, $4)", [id, watchId, `c${id}-${i}`, `Company ${id}-${i}`]);
    }
    return id;
  }
  /** Subscriptions of `cadence` to the watch, made 30 days ago (before every period here). */
  async function subscribe(watchId: string, cadence: 'daily' | 'weekly', names: string[]) {
    const subs = t.subscriptions();
    for (const name of names) {
      const m = await t.member(name);
      await subs.subscribe({ memberId: m.id, watchId, cadence, channel: 'email', target: `${m.id}@example.test` });
    }
    await t.pool.query("update digest_subscriptions set created_at = now() - interval '30 days'");
  }
  async function digests(): Promise<Map<string, { checks: string[]; changes: number; deliveries: number }>> {
    const r = await t.pool.query<{ period_key: string; content: DigestContent; deliveries: number }>(
      'select d.period_key, d.content, (select count(*)::int from digest_deliveries x where x.digest_id = d.id) as deliveries from digests d order by d.period_key',
    );
    return new Map(r.rows.map((d) => [d.period_key, { checks: d.content.items.map((i) => i.checkId), changes: d.content.items.reduce((n, i) => n + i.changes.length, 0), deliveries: d.deliveries }]));
  }

  it('a daily subscription gets one digest of exactly the checks finished in that local day, however many nodes feed at once', async () => {
    const watchId = await t.newWatchId();
    await subscribe(watchId, 'daily', ['Ada A', 'Bo B']);
    const day = periodOf('daily', new Date((await dbNow()).getTime() - 3 * DAY), BERLIN);
    const before = await check(watchId, new Date(day.start.getTime() - 1000));
    const inDay = [await check(watchId, day.start, 3), await check(watchId, at(day, 12 * 3_600_000)), await check(watchId, new Date(day.end.getTime() - 1000))];
    const after = await check(watchId, day.end);
    // A member who subscribes now is not sent days that ended before.
    const late = await t.member('Late L');
    await t.subscriptions().subscribe({ memberId: late.id, watchId, cadence: 'daily', channel: 'email', target: 'late@example.test' });

    const nodes = [t.node(), t.node()];
    const queued = await Promise.all(nodes.map((p) => feedPeriodDigests(p, t.outbox({}, p), { timeZone: BERLIN })));
    const found = await digests();
    expect(found.get(day.key)).toEqual({ checks: inDay, changes: 7, deliveries: 2 });
    expect(found.get(periodOf('daily', new Date(day.start.getTime() - 1000), BERLIN).key)?.checks).toEqual([before]);
    expect(found.get(periodOf('daily', day.end, BERLIN).key)?.checks).toEqual([after]);
    expect(found.size).toBe(3);
    expect(queued[0]! + queued[1]!).toBe(6); // three days, two subscribers each, once
    expect((await t.pool.query('select 1 from digests where cadence <> $1', ['daily'])).rowCount).toBe(0);
    // Every later tick finds nothing new.
    expect(await feedPeriodDigests(t.pool, t.outbox(), { timeZone: BERLIN })).toBe(0);
    expect((await t.pool.query('select 1 from digest_deliveries')).rowCount).toBe(6);
  });

  it('a weekly subscription gets one digest of the checks of last ISO week (Monday to Monday, Berlin); the running week waits', async () => {
    const watchId = await t.newWatchId();
    await subscribe(watchId, 'weekly', ['Ada A']);
    const now = await dbNow();
    const week = periodOf('weekly', new Date(periodOf('weekly', now, BERLIN).start.getTime() - 1), BERLIN);
    await check(watchId, new Date(week.start.getTime() - 1000)); // the week before: not in it
    const inWeek = [await check(watchId, week.start), await check(watchId, at(week, 3 * DAY)), await check(watchId, new Date(week.end.getTime() - 1000))];
    const running = await check(watchId, week.end);
    await feedPeriodDigests(t.pool, t.outbox(), { timeZone: BERLIN });
    const found = await digests();
    expect(found.get(week.key)).toEqual({ checks: inWeek, changes: 6, deliveries: 1 });
    expect([...found.values()].some((d) => d.checks.includes(running))).toBe(false);
  });

  it('sends nothing for a period without changes, nor to an unsubscribed member', async () => {
    const watchId = await t.newWatchId();
    await subscribe(watchId, 'daily', ['Ada A']);
    const day = periodOf('daily', new Date((await dbNow()).getTime() - 2 * DAY), BERLIN);
    await check(watchId, at(day, 3_600_000), 0);
    expect(await feedPeriodDigests(t.pool, t.outbox(), { timeZone: BERLIN })).toBe(0);
    expect((await t.pool.query('select 1 from digests')).rowCount).toBe(0);
    await check(watchId, at(day, 7_200_000), 1);
    await t.pool.query('update digest_subscriptions set unsubscribed_at = now()');
    expect(await feedPeriodDigests(t.pool, t.outbox(), { timeZone: BERLIN })).toBe(0);
    expect((await t.pool.query('select 1 from digests')).rowCount).toBe(0);
  });

  it('catches up after a gap: the days missed while no node ran are sent at the next tick, within the last 8 days only', async () => {
    const watchId = await t.newWatchId();
    await subscribe(watchId, 'daily', ['Ada A']);
    const now = await dbNow();
    const days = [2, 4, 6].map((n) => periodOf('daily', new Date(now.getTime() - n * DAY), BERLIN));
    for (const d of days) await check(watchId, at(d, 10 * 3_600_000));
    await check(watchId, new Date(now.getTime() - 10 * DAY)); // ended before the look-back
    expect(await feedPeriodDigests(t.pool, t.outbox(), { timeZone: BERLIN })).toBe(3);
    expect([...(await digests()).keys()]).toEqual(days.map((d) => d.key).sort());
  });

  it('a 25-hour DST day (Berlin, 25 October 2026) holds its last hour, and not the next midnight', async () => {
    const watchId = await t.newWatchId();
    await subscribe(watchId, 'daily', ['Ada A']);
    const first = await check(watchId, new Date('2026-10-24T22:00:00Z')); // 00:00 CEST
    const last = await check(watchId, new Date('2026-10-25T22:59:59Z')); // 23:59:59 CET, 25 hours on
    await check(watchId, new Date('2026-10-25T23:00:00Z')); // 26 October 00:00 CET
    await check(watchId, new Date('2026-10-24T21:59:59Z')); // 24 October 23:59:59 CEST
    await t.pool.query("update digest_subscriptions set created_at = '2026-10-01T00:00:00Z'");
    await feedPeriodDigests(t.pool, t.outbox(), { timeZone: BERLIN, now: new Date('2026-10-27T10:00:00Z') });
    expect((await digests()).get('day:2026-10-25')?.checks).toEqual([first, last]);
  });
});
