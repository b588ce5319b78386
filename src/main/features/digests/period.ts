// Which digest a change belongs to: one per check for "immediately", one per UTC day or ISO week
// for daily and weekly (the member's time zone is not known to the server yet). The key is part of
// the digest's unique key, so however many nodes enqueue a period, it is one digest.
import type { Cadence } from './digest-model';

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO 8601 week of a UTC date: the week with the year's first Thursday is week 1. */
export function isoWeek(at: Date): { year: number; week: number } {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day); // the Thursday of this week decides its year
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  return { year: d.getUTCFullYear(), week: Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7) };
}

/** `check:<id>`, `day:2026-11-28` or `week:2026-W48`. */
export function periodKey(cadence: Cadence, at: Date, checkId?: string): string {
  if (cadence === 'immediate') {
    if (!checkId) throw new Error('An immediate digest is one check: its id is needed.');
    return `check:${checkId}`;
  }
  if (cadence === 'daily') return `day:${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
  const w = isoWeek(at);
  return `week:${w.year}-W${pad(w.week)}`;
}
