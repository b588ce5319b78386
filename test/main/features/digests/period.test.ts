// Digest periods: keys as before (`day:YYYY-MM-DD`, `week:YYYY-Www`), now read in the team's time
// zone, with bounds that hold across Europe/Berlin's DST changes (a 23-hour and a 25-hour day).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoWeek, periodKey, periodOf, periodsEnded } from '../../../../src/main/features/digests/period';

const BERLIN = 'Europe/Berlin';
const HOUR = 3_600_000;
const wall = (at: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: BERLIN, hourCycle: 'h23', weekday: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(at);

describe('period keys', () => {
  it('one per check, local day or ISO week', () => {
    expect(periodKey('immediate', new Date(), 'UTC', '17')).toBe('check:17');
    expect(periodKey('daily', new Date('2026-11-28T23:59:59Z'), 'UTC')).toBe('day:2026-11-28');
    expect(periodKey('weekly', new Date('2026-11-28T09:00:00Z'), 'UTC')).toBe('week:2026-W48');
    // 23:30 UTC on Saturday is already Sunday in Berlin; 23:30 UTC on Sunday is Monday: the next week.
    expect(periodKey('daily', new Date('2026-11-28T23:30:00Z'), BERLIN)).toBe('day:2026-11-29');
    expect(periodKey('weekly', new Date('2026-11-29T23:30:00Z'), BERLIN)).toBe('week:2026-W49');
    // ISO weeks across the year's end: 2026-12-31 is a Thursday (week 53), 2027-01-04 a Monday (week 1).
    expect(isoWeek(new Date('2026-12-31T00:00:00Z'))).toEqual({ year: 2026, week: 53 });
    expect(isoWeek(new Date('2027-01-03T00:00:00Z'))).toEqual({ year: 2026, week: 53 });
    expect(isoWeek(new Date('2027-01-04T00:00:00Z'))).toEqual({ year: 2027, week: 1 });
    expect(() => periodKey('immediate', new Date(), 'UTC')).toThrow();
    expect(() => periodKey('daily', new Date(), 'Nowhere/Atlantis')).toThrow(RangeError);
  });

  it('Berlin days around DST: 29 March 2026 has 23 hours, 25 October 2026 has 25', () => {
    const spring = periodOf('daily', new Date('2026-03-29T12:00:00Z'), BERLIN);
    expect(spring).toEqual({ key: 'day:2026-03-29', start: new Date('2026-03-28T23:00:00Z'), end: new Date('2026-03-29T22:00:00Z') });
    const autumn = periodOf('daily', new Date('2026-10-25T12:00:00Z'), BERLIN);
    expect(autumn).toEqual({ key: 'day:2026-10-25', start: new Date('2026-10-24T22:00:00Z'), end: new Date('2026-10-25T23:00:00Z') });
    // The week holding the autumn change: Monday 19 October 00:00 CEST to Monday 26 October 00:00 CET, 169 hours.
    const week = periodOf('weekly', new Date('2026-10-25T12:00:00Z'), BERLIN);
    expect(week).toEqual({ key: 'week:2026-W43', start: new Date('2026-10-18T22:00:00Z'), end: new Date('2026-10-25T23:00:00Z') });
  });

  it('a period holds its instant, starts at local midnight (a Monday for weeks), and ends where the next begins (property, 2024-2030)', () => {
    const instant = fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true });
    fc.assert(
      fc.property(instant, fc.constantFrom('daily' as const, 'weekly' as const), (at, cadence) => {
        const p = periodOf(cadence, at, BERLIN);
        expect(p.start.getTime()).toBeLessThanOrEqual(at.getTime());
        expect(p.end.getTime()).toBeGreaterThan(at.getTime());
        expect(wall(p.start)).toMatch(cadence === 'daily' ? /00:00:00$/ : /^Mon 00:00:00$/);
        expect(periodOf(cadence, p.start, BERLIN).key).toBe(p.key);
        expect(periodOf(cadence, new Date(p.end.getTime() - 1), BERLIN).key).toBe(p.key);
        const next = periodOf(cadence, p.end, BERLIN);
        expect(next.key).not.toBe(p.key);
        expect(next.start).toEqual(p.end);
        const hours = (p.end.getTime() - p.start.getTime()) / HOUR;
        expect(cadence === 'daily' ? [23, 24, 25] : [167, 168, 169]).toContain(hours);
      }),
      { numRuns: 2000 },
    );
  });

  it('every hour of 2026 in Berlin: only the two DST days are not 24 hours long', () => {
    const lengths = new Map<string, number>();
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += HOUR) {
      const p = periodOf('daily', new Date(t), BERLIN);
      lengths.set(p.key, (p.end.getTime() - p.start.getTime()) / HOUR);
    }
    const odd = [...lengths].filter(([, h]) => h !== 24);
    expect(odd).toEqual([
      ['day:2026-03-29', 23],
      ['day:2026-10-25', 25],
    ]);
  });

  it('lists the periods that ended in a window, oldest first, none still running', () => {
    const ended = periodsEnded('daily', new Date('2026-10-23T00:00:00Z'), new Date('2026-10-26T10:00:00Z'), BERLIN);
    expect(ended.map((p) => p.key)).toEqual(['day:2026-10-23', 'day:2026-10-24', 'day:2026-10-25']);
    const weeks = periodsEnded('weekly', new Date('2026-10-20T00:00:00Z'), new Date('2026-10-26T10:00:00Z'), BERLIN);
    expect(weeks.map((p) => p.key)).toEqual(['week:2026-W43']);
  });
});
