// The cost of a Load all in words, from main's estimate (snapshots.estimate): requests, time at the
// profile's last measured pace, disk space. Numbers through Intl, in the analyst's locale.
import { ROW_CAP_DEFAULT, type LoadEstimate } from '../../shared/snapshots/snapshot';
import { formatCount, formatUnit } from '../ui/format';

/** "about 9 minutes", "about 1 hour 20 minutes", "under a minute" (an estimate needs no seconds). */
export function aboutDuration(seconds: number): string {
  if (seconds < 60) return 'under a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${formatUnit(minutes, 'minute')}`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `about ${formatUnit(h, 'hour')}${m ? ` ${formatUnit(m, 'minute')}` : ''}`;
}

/** Decimal units, as file managers show them: "about 150 megabytes", "about 1.5 gigabytes". */
export function aboutBytes(bytes: number): string {
  if (bytes < 1e6) return 'under a megabyte';
  return bytes < 1e9 ? `about ${formatUnit(bytes / 1e6, 'megabyte')}` : `about ${formatUnit(bytes / 1e9, 'gigabyte', { digits: 1 })}`;
}

export function loadCostText(e: LoadEstimate): string {
  const requests = `${formatCount(e.pages)} ${e.pages === 1 ? 'request' : 'requests'}`;
  const rate = e.basis.rate;
  const time =
    e.seconds !== null && rate
      ? `${aboutDuration(e.seconds)} at this profile's last load (${formatCount(Math.round(rate.rowsPerSecond))} rows a second)`
      : `time measured on the first load of ${formatCount(1_000)} rows or more`;
  const where = e.basis.disk === 'workspace' ? 'as in this workspace' : 'typical';
  const disk = `${aboutBytes(e.bytes)} of disk (${formatCount(e.basis.bytesPerRow)} bytes a row, ${where})`;
  return `${formatCount(e.rows)} rows: ${requests}, ${time}, ${disk}.`;
}

/** A cap above the default loads more than a usual load: said before it starts. */
export const isLargeLoad = (rows: number) => rows > ROW_CAP_DEFAULT;
