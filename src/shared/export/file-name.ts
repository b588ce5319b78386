// The name an export offers: what was searched and when, e.g.
// companies-DE-employees-gt-1000-2026-11-23-1405.csv (never `companies-all (2).csv`).

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
