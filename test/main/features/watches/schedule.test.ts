// Schedules as cron patterns (croner computes the next run) and the daily budget's day.
import { describe, expect, it } from 'vitest';
import { budgetGate, localDay, nextLocalMidnight } from '../../../../src/main/features/watches/budget';
import { requestsPerDay, watchCost } from '../../../../src/main/features/watches/cost';
import { cronPattern, nextRunAfter, scheduleText } from '../../../../src/main/features/watches/schedule';

const at = (d: number, h: number, m = 0) => new Date(2026, 0, d, h, m).getTime(); // January 2026, local time; the 5th is a Monday

describe('schedules', () => {
  it('builds cron patterns from the schedule', () => {
    expect(cronPattern({ kind: 'manual' })).toBeNull();
    expect(cronPattern({ kind: 'hourly' })).toBe('0 * * * *');
    expect(cronPattern({ kind: 'daily', at: '07:05' })).toBe('5 7 * * *');
    expect(cronPattern({ kind: 'weekly', day: 1, at: '18:30' })).toBe('30 18 * * 1');
  });

  it('gives the next run strictly after a time, in local time', () => {
    expect(nextRunAfter({ kind: 'hourly' }, at(5, 9, 0))).toBe(at(5, 10));
    expect(nextRunAfter({ kind: 'hourly' }, at(5, 9, 59))).toBe(at(5, 10));
    expect(nextRunAfter({ kind: 'daily', at: '07:30' }, at(5, 7, 30))).toBe(at(6, 7, 30));
    expect(nextRunAfter({ kind: 'daily', at: '07:30' }, at(5, 6, 0))).toBe(at(5, 7, 30));
    expect(nextRunAfter({ kind: 'weekly', day: 3, at: '08:00' }, at(5, 9))).toBe(at(7, 8));
    expect(nextRunAfter({ kind: 'weekly', day: 1, at: '08:00' }, at(5, 9))).toBe(at(12, 8));
    expect(nextRunAfter({ kind: 'manual' }, at(5, 9))).toBeNull();
  });

  it('says the schedule in words', () => {
    expect(scheduleText({ kind: 'weekly', day: 1, at: '08:00' })).toBe('weekly on Monday at 08:00');
    expect(scheduleText({ kind: 'manual' })).toBe('only on Check now');
  });
});

describe('cost and budget', () => {
  it('counts pages of a search and cells of a list, per check and per day at the schedule', () => {
    expect(watchCost({ kind: 'search', rows: 450, from: 'count now' }, { kind: 'hourly' })).toEqual({
      requestsPerCheck: 3,
      requestsPerDay: 72,
      basis: '450 companies now: 3 pages of 200, plus one request for each company that left (at most 50).',
    });
    expect(watchCost({ kind: 'list', companies: 20, modules: 2, measured: null }, { kind: 'daily', at: '07:00' })).toMatchObject({ requestsPerCheck: 160, requestsPerDay: 160 });
    expect(watchCost({ kind: 'list', companies: 20, modules: 2, measured: 131 }, { kind: 'manual' })).toMatchObject({ requestsPerCheck: 131, requestsPerDay: null });
    expect(watchCost({ kind: 'search', rows: null, from: 'unknown' }, { kind: 'hourly' }).requestsPerCheck).toBeNull();
    expect(requestsPerDay(10, { kind: 'weekly', day: 0, at: '01:00' })).toBe(2);
  });

  it('holds a check the day cannot afford, saying why', () => {
    expect(budgetGate({ dailyBudget: 2000, usedToday: 1000, resetsAt: 0 }, 1000)).toEqual({ ok: true });
    expect(budgetGate({ dailyBudget: 2000, usedToday: 1940, resetsAt: 0 }, 120)).toEqual({
      ok: false,
      note: "Waiting for tomorrow's budget: 1,940 of 2,000 requests used today, this check needs about 120.",
    });
    expect(budgetGate({ dailyBudget: 100, usedToday: 0, resetsAt: 0 }, 150)).toMatchObject({ ok: false, note: expect.stringMatching(/more than the daily budget of 100/) });
  });

  it('keys the budget by local day and resets at local midnight', () => {
    expect(localDay(at(5, 23, 59))).toBe('2026-01-05');
    expect(nextLocalMidnight(at(5, 23, 59))).toBe(at(6, 0));
  });
});

describe('a schedule set in the page’s time zone (issue 39 #5)', () => {
  it('runs at that wall-clock time there, wherever the core runs', () => {
    const from = Date.UTC(2026, 0, 5, 12, 0); // a Monday in winter: Berlin is UTC+1, New York UTC-5
    expect(nextRunAfter({ kind: 'daily', at: '08:00', timeZone: 'Europe/Berlin' }, from)).toBe(Date.UTC(2026, 0, 6, 7, 0));
    expect(nextRunAfter({ kind: 'daily', at: '08:00', timeZone: 'America/New_York' }, from)).toBe(Date.UTC(2026, 0, 5, 13, 0));
    // Summer time: 08:00 in Berlin is 06:00 UTC.
    expect(nextRunAfter({ kind: 'weekly', day: 3, at: '08:00', timeZone: 'Europe/Berlin' }, Date.UTC(2026, 6, 6))).toBe(Date.UTC(2026, 6, 8, 6, 0));
    expect(scheduleText({ kind: 'daily', at: '08:00', timeZone: 'Europe/Berlin' })).toBe('daily at 08:00 (Europe/Berlin)');
  });
});
