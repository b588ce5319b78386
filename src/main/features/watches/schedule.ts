// When a watch is due: its schedule as a cron pattern, the next run computed by croner in the
// schedule's time zone (the page's, where the analyst set it) or else the core's local time. No cron text is parsed here: croner does that.
import { Cron } from 'croner';
import type { WatchSchedule } from '../../../shared/watches/watches';

/** The cron pattern of a schedule (minute hour day-of-month month day-of-week); null for manual. */
export function cronPattern(s: WatchSchedule): string | null {
  switch (s.kind) {
    case 'manual':
      return null;
    case 'hourly':
      return '0 * * * *';
    case 'daily': {
      const [h, m] = hhmm(s.at);
      return `${m} ${h} * * *`;
    }
    case 'weekly': {
      const [h, m] = hhmm(s.at);
      return `${m} ${h} * * ${s.day}`;
    }
  }
}

function hhmm(at: string): [number, number] {
  const [h, m] = at.split(':').map(Number);
  if (h === undefined || m === undefined) throw new Error(`Not a time of day (HH:MM): ${at}`);
  return [h, m];
}

/** The first scheduled time strictly after `from` (epoch ms), or null for manual. */
export function nextRunAfter(s: WatchSchedule, from: number): number | null {
  const pattern = cronPattern(s);
  if (!pattern) return null;
  const zone = s.kind === 'daily' || s.kind === 'weekly' ? s.timeZone : undefined;
  const next = new Cron(pattern, { paused: true, ...(zone ? { timezone: zone } : {}) }).nextRun(new Date(from));
  return next ? next.getTime() : null;
}

/** Checks per day at this schedule (a weekly one: a seventh); 0 for manual. */
export function checksPerDay(s: WatchSchedule): number {
  return s.kind === 'hourly' ? 24 : s.kind === 'daily' ? 1 : s.kind === 'weekly' ? 1 / 7 : 0;
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The schedule in words ("daily at 07:30"), for notes and the export's About sheet. */
export function scheduleText(s: WatchSchedule): string {
  switch (s.kind) {
    case 'manual':
      return 'only on Check now';
    case 'hourly':
      return 'hourly';
    case 'daily':
      return `daily at ${s.at}${s.timeZone ? ` (${s.timeZone})` : ''}`;
    case 'weekly':
      return `weekly on ${DAYS[s.day]} at ${s.at}${s.timeZone ? ` (${s.timeZone})` : ''}`;
  }
}
