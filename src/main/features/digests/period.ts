// Which digest a change belongs to: one per check for "immediately", one per local day or ISO week
// (Monday 00:00 local) for daily and weekly, read in the team's time zone (`watches.timeZone`). The
// key is part of the digest's unique key, so however many nodes enqueue a period, it is one digest.
// Local days are found from the time zone's own offsets (Intl), so a DST day is 23 or 25 hours.
import type { Cadence } from './digest-model';

const pad = (n: number) => String(n).padStart(2, '0');
const DAY_MS = 86_400_000;

/** ISO 8601 week of a UTC date: the week with the year's first Thursday is week 1. */
export function isoWeek(at: Date): { year: number; week: number } {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day); // the Thursday of this week decides its year
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  return { year: d.getUTCFullYear(), week: Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7) };
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    // Throws a RangeError for a time zone that does not exist: better than a digest of the wrong day.
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formats.set(timeZone, f);
  }
  return f;
}

/** The wall clock at `at` in `timeZone`, as if it were UTC (ms; seconds precision). */
function wallClock(at: Date, timeZone: string): number {
  const p: Record<string, number> = {};
  for (const part of format(timeZone).formatToParts(at)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
}

/** The local date at `at`, as a UTC midnight (only its date fields mean anything). */
export function localDate(at: Date, timeZone: string): Date {
  const wall = wallClock(at, timeZone);
  return new Date(wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS));
}

/** The first instant of a local date (given as a UTC midnight): its 00:00, or where the day begins if DST skips midnight. */
export function startOfLocalDate(date: Date, timeZone: string): Date {
  const wall = date.getTime();
  // Every offset the zone has near that date; the instant whose wall clock reads 00:00 is one of these.
  const candidates = [-36, -12, 0, 12, 36].map((h) => {
    const probe = new Date(wall + h * 3_600_000);
    return wall - (wallClock(probe, timeZone) - probe.getTime());
  });
  const exact = candidates.filter((t) => wallClock(new Date(t), timeZone) === wall);
  if (exact.length > 0) return new Date(Math.min(...exact)); // a midnight that happens twice: the first
  const sameDay = candidates.filter((t) => localDate(new Date(t), timeZone).getTime() === wall);
  return new Date(Math.min(...sameDay)); // midnight skipped: the day starts at the jump
}

export interface Period {
  key: string;
  /** First instant of the period. */
  start: Date;
  /** First instant of the next period (exclusive). */
  end: Date;
}

/** The day or ISO week around `at`, in `timeZone`: its key and its bounds. */
export function periodOf(cadence: 'daily' | 'weekly', at: Date, timeZone: string): Period {
  const date = localDate(at, timeZone);
  if (cadence === 'daily') {
    const key = `day:${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
    return { key, start: startOfLocalDate(date, timeZone), end: startOfLocalDate(new Date(date.getTime() + DAY_MS), timeZone) };
  }
  const w = isoWeek(date);
  const monday = new Date(date.getTime() - ((date.getUTCDay() || 7) - 1) * DAY_MS);
  return {
    key: `week:${w.year}-W${pad(w.week)}`,
    start: startOfLocalDate(monday, timeZone),
    end: startOfLocalDate(new Date(monday.getTime() + 7 * DAY_MS), timeZone),
  };
}

/** `check:<id>`, `day:2026-11-28` or `week:2026-W48`, the day and week read in `timeZone`. */
export function periodKey(cadence: Cadence, at: Date, timeZone: string, checkId?: string): string {
  if (cadence === 'immediate') {
    if (!checkId) throw new Error('An immediate digest is one check: its id is needed.');
    return `check:${checkId}`;
  }
  return periodOf(cadence, at, timeZone).key;
}

/** The periods of a cadence that ended in (`since`, `until`], oldest first. */
export function periodsEnded(cadence: 'daily' | 'weekly', since: Date, until: Date, timeZone: string): Period[] {
  const out: Period[] = [];
  // The period around `until` has not ended yet: start from the one before it.
  let p = periodOf(cadence, new Date(periodOf(cadence, until, timeZone).start.getTime() - 1), timeZone);
  while (p.end.getTime() > since.getTime()) {
    out.unshift(p);
    p = periodOf(cadence, new Date(p.start.getTime() - 1), timeZone);
  }
  return out;
}
