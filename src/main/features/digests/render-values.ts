// How a change's values read in a digest, and the escaping of each output format. Everything that
// comes from the service or a member (company names, news titles, field values, watch names) passes
// through `clean` (control and bidi characters out, cut to a length) before a renderer escapes it for
// its format: HTML, Slack mrkdwn. A service may send a 30 MB news title: texts are cut first.

const ELLIPSIS = '…';
/** Longest company name, field or value text shown. */
export const TEXT_CHARS = 200;
/** Fields of a record that name it, in the order a short summary takes them. */
const SUMMARY_FIELDS = ['name', 'title', 'country', 'country_code', 'address.city', 'city', 'industry', 'status', 'overall', 'rating'];
const SUMMARY_PARTS = 3;

// C0/C1 controls (newlines, tabs, escapes) and bidi overrides, which could make a name read backwards.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]+/g;

/** One line of at most `max` characters, no control characters; a cut text ends in an ellipsis. */
export function clean(text: string, max = TEXT_CHARS): string {
  const start = text.length > max * 2 ? text.slice(0, max * 2) : text;
  const one = start.replace(UNSAFE, ' ').replace(/\s{2,}/g, ' ').trim();
  if (one.length <= max && start.length === text.length) return one;
  return `${one.slice(0, max - 1).trimEnd()}${ELLIPSIS}`;
}

const numbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
export const formatCount = (n: number): string => n.toLocaleString('en-US');

const isPrimitive = (v: unknown): v is string | number | boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

function primitive(v: string | number | boolean): string {
  if (typeof v === 'number') return Number.isFinite(v) ? numbers.format(v) : String(v);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return v;
}

/** A record's field by dotted path (`address.city`), when it is a plain value. */
function pick(record: Record<string, unknown>, path: string): string | number | boolean | null {
  let v: unknown = record;
  for (const part of path.split('.')) v = v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>)[part] : undefined;
  return isPrimitive(v) && v !== '' ? v : null;
}

/** A record in a few words: its name, country, city... or its first plain fields. */
function summary(record: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const f of SUMMARY_FIELDS) {
    const v = pick(record, f);
    if (v !== null && parts.length < SUMMARY_PARTS) parts.push(primitive(v));
  }
  if (parts.length) return parts.join(', ');
  let shown = 0;
  for (const key in record) {
    const v = record[key];
    if (!isPrimitive(v)) continue;
    parts.push(`${key}: ${primitive(v)}`);
    if (++shown === SUMMARY_PARTS) break;
  }
  return parts.length ? parts.join(', ') : '(record)';
}

/** A change's old or new value as words: numbers in en-US, records shortened to name/country/city, lists joined. */
export function formatValue(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (isPrimitive(v)) return clean(primitive(v));
  if (Array.isArray(v)) {
    const items = v.slice(0, 10).map((x) => (isPrimitive(x) ? primitive(x) : x && typeof x === 'object' ? summary(x as Record<string, unknown>) : ''));
    return clean(v.length > 10 ? `${items.join(', ')}, and ${formatCount(v.length - 10)} more` : items.join(', '));
  }
  return typeof v === 'object' ? clean(summary(v as Record<string, unknown>)) : null;
}

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text and attribute values alike (every attribute is written in double quotes). */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => HTML[c]!);

const MRKDWN: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
/** Slack's three control characters (api.slack.com "Formatting text": escaping). */
export const escapeMrkdwn = (s: string): string => s.replace(/[&<>]/g, (c) => MRKDWN[c]!);

/** A Slack link `<url|label>`; the URL is escaped too and may not hold `|`. */
export function mrkdwnLink(url: string, label: string): string {
  return `<${escapeMrkdwn(url).replace(/\|/g, '%7C')}|${escapeMrkdwn(label)}>`;
}

/** "2026-11-28 09:00 UTC": the member's time zone is not known to the server. */
export function formatWhen(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
