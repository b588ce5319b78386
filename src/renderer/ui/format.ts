// The one place the renderer turns numbers and dates into text: every figure and date on screen is
// in the analyst's locale (the setting in Settings, by default this computer's: the one main's
// sentences use too, issue 39 #5); times in the page's own time zone. Lint refuses Intl formats and
// toLocaleString anywhere else in src/renderer, so a screen cannot drift into a second locale.

let locale: string = (typeof navigator !== 'undefined' && navigator.language) || 'en-US';

/** What every number, date and country name on screen is written in. */
export const analystLocale = (): string => locale;

/** Set once before the first paint (main.tsx), from the setting; a change reloads the page. */
export function setAnalystLocale(tag: string): void {
  locale = tag;
}

/** The page's own time zone: every time on screen is shown in it ("Europe/Berlin"). */
export const pageTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** An Intl.NumberFormat in the analyst's locale (or `locale`), built once per options. */
export function numberFormat(options: Intl.NumberFormatOptions = {}, tag = analystLocale()): Intl.NumberFormat {
  const locale = tag;
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) numberFormats.set(key, (f = new Intl.NumberFormat(locale, options)));
  return f;
}

function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}

/** "12,345": a count, grouped, no decimals. */
export const formatCount = (n: number): string => numberFormat({ maximumFractionDigits: 0 }).format(n);

/** "1,234.57": a measured value, grouped, at most `digits` decimals. */
export const formatNumber = (n: number, digits = 2): string => numberFormat({ maximumFractionDigits: digits }).format(n);

/** "+7.2", "-3", "0": a change, signed unless zero. */
export const formatSigned = (n: number, digits = 1): string => numberFormat({ maximumFractionDigits: digits, signDisplay: 'exceptZero' }).format(n);

/** "1.2M", "45K": a large figure at a glance (the exact one belongs in a tooltip). */
export const formatCompact = (n: number, digits = 1): string => numberFormat({ notation: 'compact', maximumFractionDigits: digits }).format(n);

/** "42%" of a share between 0 and 1. */
export const formatPercent = (share: number, digits = 0): string => numberFormat({ style: 'percent', maximumFractionDigits: digits }).format(share);

/** "1234.5" (en), "1234,5" (de): a value the analyst edits, without grouping, so it reads back as typed. */
export const formatEditable = (n: number, digits = 6): string => numberFormat({ maximumFractionDigits: digits, useGrouping: false }).format(n);

/** The analyst's decimal mark, for reading back what they type ('.' where the locale has another). */
export function decimalMark(): '.' | ',' {
  return numberFormat().formatToParts(1.5).find((p) => p.type === 'decimal')?.value === ',' ? ',' : '.';
}

/** "+1.25%", "-0.4%", "0%": a difference of shares (a share between -1 and 1), signed unless zero. */
export const formatSignedPercent = (share: number, digits = 2): string => numberFormat({ style: 'percent', maximumFractionDigits: digits, signDisplay: 'exceptZero' }).format(share);

/** "3 minutes", "14.2 kB": a measure with its unit (an Intl unit identifier). */
export function formatUnit(n: number, unit: string, o: { display?: 'long' | 'short'; digits?: number } = {}): string {
  return numberFormat({ style: 'unit', unit, unitDisplay: o.display ?? 'long', maximumFractionDigits: o.digits ?? 0 }).format(n);
}

/** "Nov 28, 2026, 11:40 AM": when something happened. */
export const formatWhen = (at: number | Date): string => dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(at);

/** "Nov 28, 2026": a day. */
export const formatDay = (at: number | Date): string => dateFormat({ year: 'numeric', month: 'short', day: 'numeric' }).format(at);

/** "Nov 28, 2026, 11:40 AM" with a two-digit hour: an item's date and time (ESG items). */
export const formatDayTime = (at: number | Date): string =>
  dateFormat({ year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(at);

/** "Nov 28, 11:40 AM": a recent moment, the year implied (run history). */
export const formatRecent = (at: number | Date): string => dateFormat({ month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(at);

/** "Nov 2026": a calendar month of a UTC date (monthly charts bucket by UTC). */
export const formatMonth = (at: number | Date): string => dateFormat({ month: 'short', year: 'numeric', timeZone: 'UTC' }).format(at);

/** "812 ms", "2.35 s": a duration measured by the app (request log, connection test). */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '–';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const digits = ms < 10_000 ? 2 : 1;
  return `${numberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits }).format(ms / 1000)} s`;
}

/** "14:03:07.215": a log line's clock time, to the millisecond. */
export function formatClock(epochMs: number): string {
  const d = new Date(epochMs);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}
