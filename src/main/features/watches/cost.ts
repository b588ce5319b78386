// What a watch costs, said before it is created and beside every watch: requests per check and per
// day at its schedule, with the basis of the estimate in words. A search check reads every page
// of its search (200 rows a page); a list check refreshes companies x modules through ESG runs.
import { LEAVER_LOOKUPS_MAX } from './leaver-reasons';
import { PAGE_SIZE_MAX } from '../../../shared/service/schemas';
import { TYPICAL_REQUESTS_PER_CELL, type WatchCost, type WatchSchedule } from '../../../shared/watches/watches';
import { checksPerDay } from './schedule';
import { sentenceCount } from '../../../shared/sentence-numbers';

export { TYPICAL_REQUESTS_PER_CELL };
/** A search watch compares at most this many companies (the default row cap of a loaded snapshot). */
export const WATCH_ROW_CAP = 100_000;

const n = (v: number) => sentenceCount(Math.round(v));
const plural = (k: number, one: string, many = `${one}s`) => `${n(k)} ${k === 1 ? one : many}`;

/** What the estimate can be made from. */
export type CostBasis =
  /** The search's size: from its last check, a loaded result set, or a count request just now. */
  | { kind: 'search'; rows: number | null; from: 'last check' | 'loaded result set' | 'count now' | 'unknown' }
  /** The list's size; `measured`: requests the watch's last check sent. */
  | { kind: 'list'; companies: number | null; modules: number; measured: number | null };

export function requestsPerDay(perCheck: number | null, schedule: WatchSchedule): number | null {
  if (perCheck === null || schedule.kind === 'manual') return null;
  return Math.ceil(perCheck * checksPerDay(schedule));
}

export function watchCost(basis: CostBasis, schedule: WatchSchedule): WatchCost {
  let perCheck: number | null;
  let words: string;
  if (basis.kind === 'search') {
    if (basis.rows === null) {
      perCheck = null;
      words = 'Not known yet: the first check counts the pages of the search.';
    } else {
      const rows = Math.min(basis.rows, WATCH_ROW_CAP);
      perCheck = Math.max(1, Math.ceil(rows / PAGE_SIZE_MAX));
      const source = basis.from === 'last check' ? 'at the last check' : basis.from === 'loaded result set' ? 'in the last loaded result set' : 'now';
      const capped = basis.rows > WATCH_ROW_CAP ? ` (a watch compares the first ${n(WATCH_ROW_CAP)})` : '';
      // Leavers are looked up one by one (leaver-reasons.ts): not known before the check, so said, not counted.
      words = `${plural(basis.rows, 'company', 'companies')} ${source}${capped}: ${plural(perCheck, 'page')} of ${PAGE_SIZE_MAX}, plus one request for each company that left (at most ${n(LEAVER_LOOKUPS_MAX)}).`;
    }
  } else if (basis.companies === null) {
    perCheck = null;
    words = 'Not known: the list no longer exists.';
  } else if (basis.measured !== null) {
    perCheck = basis.measured;
    words = `The last check of ${plural(basis.companies, 'company', 'companies')} x ${plural(basis.modules, 'module')} sent ${plural(basis.measured, 'request')}.`;
  } else {
    perCheck = basis.companies * basis.modules * TYPICAL_REQUESTS_PER_CELL;
    words = `${plural(basis.companies, 'company', 'companies')} x ${plural(basis.modules, 'module')} x about ${TYPICAL_REQUESTS_PER_CELL} requests each (module request, status polls, data read).`;
  }
  const perDay = requestsPerDay(perCheck, schedule);
  if (perDay !== null && schedule.kind === 'weekly') words += ' Weekly: a seventh of a check per day on average.';
  return { requestsPerCheck: perCheck, requestsPerDay: perDay, basis: words };
}

