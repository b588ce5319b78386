// The name an export offers: what was searched and when, e.g.
// companies-DE-employees-gt-1000-2026-11-23-1405.csv (never `companies-all (2).csv`); and the one
// cleaning of a name into a file name every export path uses (`safeFileName`, `fileNameText`).

const RELATION_WORDS: Record<string, string> = {
  equals: '',
  not_equals: 'not',
  greater_than: 'gt',
  less_than: 'lt',
  between: 'between',
  contains: 'contains',
  starts_with: 'starts',
  in: '',
  not_in: 'not',
};

const slug = (v: unknown) =>
  String(v)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 24);

const shortAttribute = (a: string) => a.replace(/_count$/, 's').replace(/_/g, '-');

/** `companies-` + one short part per condition (a code value stands alone: `DE`), at most ~80 characters. */
export function queryFileStem(body: unknown, base = 'companies'): string {
  const filters = (body as { filters?: { and?: unknown[]; or?: unknown[] } } | null)?.filters;
  const list = filters?.and ?? filters?.or ?? [];
  const parts: string[] = [];
  for (const f of list as Array<{ attribute?: unknown; relation?: unknown; value?: unknown }>) {
    if (typeof f?.attribute !== 'string') continue;
    const values = (Array.isArray(f.value) ? f.value : [f.value]).map(slug).filter(Boolean).join('-');
    const rel = RELATION_WORDS[String(f.relation)] ?? slug(f.relation);
    // `country equals DE` reads best as just `DE`.
    const bare = rel === '' && (f.attribute === 'country' || f.attribute === 'country_code');
    parts.push([bare ? '' : shortAttribute(f.attribute), rel, values].filter(Boolean).join('-'));
  }
  const joiner = filters?.or ? '-or-' : '-';
  let stem = [base, parts.join(joiner)].filter(Boolean).join('-');
  if (stem.length > 80) stem = stem.slice(0, 80).replace(/-[^-]*$/, '');
  return stem;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Local time as 2026-11-23-1405: the analyst's clock, sortable, safe in every file system. */
export function fileTimestamp(now: Date): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}`;
}

/** The search in words, for the XLSX "About" sheet: `country equals DE AND employee_count greater_than 1000`. */
export function queryText(body: unknown): string {
  const filters = (body as { filters?: { and?: unknown[]; or?: unknown[] } } | null)?.filters;
  const list = (filters?.and ?? filters?.or ?? []) as Array<{ attribute?: unknown; relation?: unknown; value?: unknown }>;
  if (!list.length) return '';
  return list.map((f) => `${String(f.attribute)} ${String(f.relation)} ${JSON.stringify(f.value)}`).join(filters?.or ? ' OR ' : ' AND ');
}

/**
 * Longest file name the common file systems take, in bytes of UTF-8 (ext4, XFS, Btrfs, APFS: 255).
 * A name cut by characters passes it with any script of 2-4 bytes a character (CJK, emoji).
 */
export const FILE_NAME_MAX_BYTES = 255;
/**
 * Room left after a chosen name for what is added to it later: ` (12)` (browser mode's next free
 * name), `.about.json` + `.partial` (the sidecar while written) and `.rewrite.partial`.
 */
export const FILE_NAME_SUFFIX_ROOM = 40;
/** The most a name offered for an export may take, in bytes of UTF-8. */
export const FILE_NAME_BUDGET = FILE_NAME_MAX_BYTES - FILE_NAME_SUFFIX_ROOM;

/** Bytes of `text` in UTF-8 (a lone surrogate counts as the 3 bytes of U+FFFD, as encoders write it). */
export function utf8Bytes(text: string): number {
  let n = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
}

/** The longest start of `text` that takes at most `maxBytes` of UTF-8, never splitting a character. */
export function cutToBytes(text: string, maxBytes: number): string {
  let n = 0;
  let end = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (n > maxBytes) break;
    end += ch.length;
  }
  return text.slice(0, end);
}

/**
 * Text made safe as (part of) a file name on every OS: no folder separators, control, bidi or
 * reserved characters (each run becomes one space), no leading dots, no trailing dots or spaces
 * (Windows drops them). May be empty.
 */
export function fileNameText(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069<>:"/\\|?*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[. ]+|[. ]+$/g, '');
}

/**
 * One safe file name from `name`: cleaned (fileNameText) and cut, by UTF-8 bytes, to `maxBytes`
 * (the budget leaves room for every suffix added later), keeping a short extension.
 */
export function safeFileName(name: string, fallback = 'export', maxBytes = FILE_NAME_BUDGET): string {
  const cleaned = fileNameText(name) || fallback;
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 && cleaned.length - dot <= 8 ? cleaned.slice(dot) : '';
  const stem = cutToBytes(cleaned.slice(0, cleaned.length - ext.length), maxBytes - utf8Bytes(ext)).replace(/[. ]+$/, '');
  return (stem || fallback) + ext;
}
