// How watches read: target, schedule, cost, last and next check, budget, and a change's values, in
// words with formatted numbers and names (never ids). Pure, so the wording is unit-tested.
import { MODULE_LABELS } from '../../shared/esg/count-semantics';
import { ESG_MODULES, type EsgModule } from '../../shared/service/schemas';
import { shownText } from '../../shared/service-text';
import type { CheckInfo, WatchBudget, WatchChange, WatchCost, WatchInfo, WatchSchedule } from '../../shared/watches/watches';
import { formatCount, formatNumber, formatWhen, numberFormat, pageTimeZone } from '../ui/format';

const points = numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' });

export const n = formatCount;
export const fmtWhen = (at: number): string => formatWhen(at);
const plural = (v: number, one: string, many: string) => `${n(v)} ${v === 1 ? one : many}`;
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Modules in the service's order, lower case: "news, scores". */
export function modulesList(modules: readonly EsgModule[]): string {
  return ESG_MODULES.filter((m) => modules.includes(m))
    .map((m) => MODULE_LABELS[m].toLowerCase())
    .join(', ');
}

/** "Saved search ‘DE manufacturing’", "List ‘Portfolio A’ (scores, news)"; a deleted target says so. */
export function targetInWords(w: Pick<WatchInfo, 'target' | 'targetName'>): string {
  const t = w.target;
  const kind = t.kind === 'search' ? 'Saved search' : 'List';
  const name = w.targetName === null ? `${kind} (deleted: this watch cannot check)` : `${kind} ‘${w.targetName}’`;
  return t.kind === 'list' ? `${name} (${modulesList(t.modules)})` : name;
}

/** "Only when you click Check now", "Every hour", "Daily at 08:00", "Weekly on Monday at 08:00". */
export function scheduleInWords(s: WatchSchedule, checkAtStart = false): string {
  // A time set in another zone says so; one set here reads as this page's own time.
  const zone = (s.kind === 'daily' || s.kind === 'weekly') && s.timeZone && s.timeZone !== pageTimeZone() ? ` (${s.timeZone})` : '';
  const base =
    s.kind === 'manual' ? 'Only when you click Check now' : s.kind === 'hourly' ? 'Every hour' : s.kind === 'daily' ? `Daily at ${s.at}${zone}` : `Weekly on ${WEEKDAYS[s.day]} at ${s.at}${zone}`;
  return checkAtStart ? `${base}, and when the app starts` : base;
}

/** "about 5 requests per check, 120 per day"; without a schedule only the check's cost. */
export function costInWords(c: WatchCost): string {
  if (c.requestsPerCheck === null) return lowerFirst(c.basis.replace(/\.$/, ''));
  const perCheck = `about ${plural(c.requestsPerCheck, 'request', 'requests')} per check`;
  return c.requestsPerDay === null ? perCheck : `${perCheck}, ${n(c.requestsPerDay)} per day`;
}

/** The label that names the cost of Check now before the click: "Check now: about 2,751 requests". */
export function checkNowCost(c: WatchCost): string {
  return c.requestsPerCheck === null ? 'Check now: cost not known yet' : `Check now: about ${plural(c.requestsPerCheck, 'request', 'requests')}`;
}

/** What the last check did, in words (a waiting check says why, a failed one the error). */
export function checkInWords(c: CheckInfo | null): string {
  if (!c) return 'Not checked yet';
  const at = fmtWhen(c.finishedAt ?? c.startedAt);
  switch (c.status) {
    case 'running':
      return `Checking since ${fmtWhen(c.startedAt)} (${plural(c.requests, 'request', 'requests')} so far)`;
    case 'waiting':
      return c.note ?? "Waiting for tomorrow's budget";
    case 'failed':
      return `Check of ${at} failed: ${c.error?.message ?? 'no reason given'}`;
    case 'interrupted':
      return `Check of ${at} was interrupted when the app closed; it goes on at the next start`;
    case 'done':
      return c.baseline
        ? `Checked ${at}: baseline recorded (${plural(c.requests, 'request', 'requests')}); later checks report changes against it`
        : `Checked ${at}: ${c.changes === 0 ? 'no changes' : plural(c.changes, 'change', 'changes')} (${plural(c.requests, 'request', 'requests')})`;
  }
}

export function nextCheckInWords(w: Pick<WatchInfo, 'paused' | 'nextDueAt' | 'schedule'>): string | null {
  if (w.paused) return 'Paused: no scheduled checks until you resume';
  if (w.schedule.kind === 'manual' || w.nextDueAt === null) return null;
  return `Next check ${fmtWhen(w.nextDueAt)}`;
}

/**
 * "Checks used 340 of the 2,000-request daily budget today": every check counts (Check now too),
 * only scheduled ones wait for it (docs/watches.md).
 */
export function budgetInWords(b: WatchBudget): string {
  return `Checks used ${n(b.usedToday)} of the ${n(b.dailyBudget)}-request daily budget today; only scheduled checks wait when it is spent`;
}

/** A field path as words: "employee_count" -> "employee count", "address.city" -> "address city". */
export function fieldInWords(field: string): string {
  return shownText(field).replace(/[._]+/g, ' ').trim();
}

/** One value of a change as text: numbers grouped, a news item or commitment by its title. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'number') return Number.isFinite(v) ? formatNumber(v) : String(v);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'string') return shownText(v);
  if (Array.isArray(v)) return v.map(valueText).join(', ');
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    for (const k of ['title', 'headline', 'name', 'label', 'text', 'description']) if (typeof o[k] === 'string' && o[k]) return shownText(o[k]);
    const text = shownText(JSON.stringify(v));
    return text.length > 120 ? `${text.slice(0, 119)}…` : text;
  }
  return String(v);
}

/** A piece of a change's values: our words (a string) or a service value, which the row isolates in <bdi>. */
export type ChangePart = string | { value: string };

const val = (text: string): ChangePart => ({ value: text });

/**
 * The values of a change: "61.5 → 68.7 (+7.2 points)" for a score, "A → BB (downgrade)" for a
 * rating, the title for news, "Net zero by 2040 (status: planned → achieved)" for a commitment,
 * "old → new" for a field; nothing for entered/left (the kind says it all). Every service value is
 * its own part, so "dissolved → active" cannot read as "active → dissolved".
 */
export function changeParts(c: Pick<WatchChange, 'kind' | 'field' | 'oldValue' | 'newValue' | 'detail'>): ChangePart[] {
  const { oldValue: o, newValue: v } = c;
  const detail = c.detail ?? null;
  const moved = o === null || o === undefined ? [val(valueText(v))] : [val(valueText(o)), ' → ', val(valueText(v))];
  switch (c.kind) {
    case 'entered':
      return [];
    case 'left':
      // Why it left (main looked it up): gone from the service, or the condition it now fails.
      return detail !== null ? [val(shownText(detail))] : [];
    case 'score':
      return typeof o === 'number' && typeof v === 'number' ? [`${formatNumber(o)} → ${formatNumber(v)} (${points.format(v - o)} points)`] : moved;
    case 'news':
      return [val(detail !== null ? shownText(detail) : valueText(v))];
    case 'commitment':
      if (o === null || o === undefined) return [val(detail !== null ? shownText(detail) : valueText(v))];
      return [detail !== null ? val(shownText(detail)) : 'A commitment', ' (', ...(c.field ? [val(fieldInWords(c.field)), ': '] : []), ...moved, ')'];
    default:
      return detail !== null ? [...moved, ' (', val(shownText(detail)), ')'] : moved;
  }
}

/** changeParts as one string (the row's accessible text and tests). */
export function changeValues(c: Pick<WatchChange, 'kind' | 'field' | 'oldValue' | 'newValue' | 'detail'>): string {
  return changeParts(c)
    .map((p) => (typeof p === 'string' ? p : p.value))
    .join('');
}

/** What changed, before the values: "employee count" for a field, "Overall score" for a score; else nothing. */
export function changeSubject(c: Pick<WatchChange, 'kind' | 'field'>): string {
  if (c.kind === 'field') return c.field ? fieldInWords(c.field) : 'a field';
  if (c.kind === 'score') return c.field ? `${c.field.charAt(0).toUpperCase()}${fieldInWords(c.field).slice(1)} score` : 'Score';
  return '';
}
