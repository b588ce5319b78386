// The cost of a Load all in words, from main's estimate (snapshots.estimate): requests, time at the
// profile's last measured pace, disk space. Numbers through Intl, in the analyst's locale.
import { ROW_CAP_DEFAULT, type LoadEstimate } from '../../shared/snapshots/snapshot';

const count = new Intl.NumberFormat();
const unit = (u: string, max = 0) => new Intl.NumberFormat(undefined, { style: 'unit', unit: u, unitDisplay: 'long', maximumFractionDigits: max });

/** "about 9 minutes", "about 1 hour 20 minutes", "under a minute" (an estimate needs no seconds). */
export function aboutDuration(seconds: number): string {
  if (seconds < 60) return 'under a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${unit('minute').format(minutes)}`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `about ${unit('hour').format(h)}${m ? ` ${unit('minute').format(m)}` : ''}`;
}

/** Decimal units, as file managers show them: "about 150 megabytes", "about 1.5 gigabytes". */
export function aboutBytes(bytes: number): string {
  if (bytes < 1e6) return 'under a megabyte';
  return bytes < 1e9 ? `about ${unit('megabyte').format(bytes / 1e6)}` : `about ${unit('gigabyte', 1).format(bytes / 1e9)}`;
}

export function loadCostText(e: LoadEstimate): string {
  const requests = `${count.format(e.pages)} ${e.pages === 1 ? 'request' : 'requests'}`;
  const rate = e.basis.rate;
  const time =
    e.seconds !== null && rate
      ? `${aboutDuration(e.seconds)} at this profile's last load (${count.format(Math.round(rate.rowsPerSecond))} rows a second)`
      : `time measured on the first load of ${count.format(1_000)} rows or more`;
  const where = e.basis.disk === 'workspace' ? 'as in this workspace' : 'typical';
  const disk = `${aboutBytes(e.bytes)} of disk (${count.format(e.basis.bytesPerRow)} bytes a row, ${where})`;
  return `${count.format(e.rows)} rows: ${requests}, ${time}, ${disk}.`;
}

/** A cap above the default loads more than a usual load: said before it starts. */
export const isLargeLoad = (rows: number) => rows > ROW_CAP_DEFAULT;
