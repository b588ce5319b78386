// When a team watch is next due: its schedule (the desktop's, watches/schedule.ts) read in the
// team's time zone, after a time the database gave. A slot missed while no node ran is not
// replayed one by one: the next tick checks once and the schedule goes on from the database's now.
import { Cron } from 'croner';
import type { WatchSchedule } from '../../../shared/watches/watches';
import { cronPattern } from '../watches/schedule';

export function nextDue(schedule: WatchSchedule, after: Date, timeZone: string): Date | null {
  const pattern = cronPattern(schedule);
  if (!pattern) return null;
  return new Cron(pattern, { paused: true, timezone: timeZone }).nextRun(after);
}
