// What an ESG run will cost, said before it starts: module requests (exact), all requests with the
// status checks and data reads that follow (an estimate), and the time at the profile's request
// rate. Pure, so the wording is unit-tested.
import type { EsgModule } from '../../shared/service/schemas';
import { ESG_MODULES } from '../../shared/service/schemas';
import { formatCount, formatNumber } from '../ui/format';

/**
 * Requests one cell makes, typically: the module request, about two status checks while its session
 * runs, and one data read (the portfolio bench measured 4.2 per cell: 12,700 requests for 3,000
 * cells with 2 s sessions). Data already fresh answers at once (1 request); long sessions poll more.
 */
export const REQUESTS_PER_CELL = 4;

/**
 * Above this many module requests a run counts as costly: its dialog starts with no module ticked,
 * so the analyst chooses what to spend (a few ticked companies may start with all three).
 */
export const COSTLY_MODULE_REQUESTS = 100;

export interface RunEstimate {
  moduleRequests: number;
  /** All requests, rounded to two significant digits ("about 7,300"). */
  requests: number;
  /** At the profile's rate; null when the profile sets none (the service's pace decides). */
  seconds: number | null;
}

/** Two significant digits above 100, so an estimate does not look exact. */
export function roundAbout(v: number): number {
  if (v < 100) return Math.round(v);
  const step = 10 ** (Math.floor(Math.log10(v)) - 1);
  return Math.round(v / step) * step;
}

export function estimateRun(companies: number, modules: number, requestsPerSecond: number | null | undefined): RunEstimate {
  const moduleRequests = companies * modules;
  const all = moduleRequests * REQUESTS_PER_CELL;
  return { moduleRequests, requests: roundAbout(all), seconds: requestsPerSecond ? all / requestsPerSecond : null };
}

/** Whether ticking every module would make the run costly (then none is ticked to begin with). */
export const isCostly = (companies: number): boolean => companies * ESG_MODULES.length > COSTLY_MODULE_REQUESTS;

/** "~45 s", "~3 min", "~1 h 20 min". */
export function formatDuration(seconds: number): string {
  if (seconds < 90) return `~${Math.max(1, Math.round(seconds))} s`;
  const min = Math.round(seconds / 60);
  if (min < 90) return `~${min} min`;
  return `~${Math.floor(min / 60)} h ${min % 60} min`;
}

/** "news", "news and scores", "news, commitments and scores" (in the service's module order). */
export function modulesPhrase(modules: readonly EsgModule[]): string {
  const names = ESG_MODULES.filter((m) => modules.includes(m));
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

const plural = (v: number, one: string, many: string) => `${formatCount(v)} ${v === 1 ? one : many}`;

/** The request count with its estimate, e.g. "1,834 module requests, about 7,300 requests with status checks and data reads". */
export function costText(e: RunEstimate): string {
  return `${plural(e.moduleRequests, 'module request', 'module requests')}, about ${plural(e.requests, 'request', 'requests')} with status checks and data reads`;
}

/** How long, at the profile's rate, or why that cannot be said. */
export function timeText(e: RunEstimate, requestsPerSecond: number | null | undefined): string {
  if (e.seconds === null || !requestsPerSecond) return "how long it takes depends on the service's pace (this profile sets no request rate)";
  return `${formatDuration(e.seconds)} at ${formatNumber(requestsPerSecond, 3)} requests/s`;
}

/**
 * The confirmation sentence: "Refresh news and scores for “Portfolio A” (917 companies): 1,834 module
 * requests, about 7,300 requests with status checks and data reads, ~12 min at 10 requests/s."
 */
export function confirmText(label: string, companies: number, modules: readonly EsgModule[], requestsPerSecond: number | null | undefined): string {
  const e = estimateRun(companies, modules.length, requestsPerSecond);
  const sep = e.seconds === null ? '; ' : ', ';
  return `Refresh ${modulesPhrase(modules)} for “${label}” (${plural(companies, 'company', 'companies')}): ${costText(e)}${sep}${timeText(e, requestsPerSecond)}.`;
}
