// Reading ESG items whose fields the spec does not fix: a few common names per meaning, so the
// sandbox's items and a real service's look the same on screen; anything else falls back to a list.
// Text is read without bidi overrides (src/shared/service-text.ts); screens also isolate it (<bdi>).
import { shownText } from '../../shared/service-text';
import { formatDay, formatDayTime } from './format';

export { shownText };

export type Item = Record<string, unknown>;

const str = (v: unknown): string | null => {
  const text = typeof v === 'string' ? shownText(v) : '';
  return text.trim() ? text : null;
};
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const firstOf = (item: Item, keys: string[]): unknown => keys.map((k) => item[k]).find((v) => v !== undefined && v !== null);

export function dateOf(v: unknown): Date | null {
  if (typeof v !== 'string') return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : new Date(t);
}

export const formatDate = (d: Date | null): string => (d ? formatDay(d) : '–');
export const formatDateTime = (d: Date | null): string => (d ? formatDayTime(d) : '–');

/** Only http(s) links are offered, and they open through the OS (main validates again). */
export function safeLink(v: unknown): string | null {
  const s = str(v);
  if (!s) return null;
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}

/** The item's stable id (what the stores compare across refreshes), when it has one. */
export function itemId(item: Item, keys: string[]): string | null {
  for (const k of keys) {
    const v = item[k];
    if (typeof v === 'string' || typeof v === 'number') return String(v);
  }
  return null;
}

export interface Article {
  /** article_id (or id): marks "new since last refresh". */
  id: string | null;
  title: string;
  source: string | null;
  published: Date | null;
  sentiment: number | null;
  sentimentLabel: string | null;
  topics: string[];
  url: string | null;
}

export function asArticle(item: Item): Article | null {
  const title = str(firstOf(item, ['title', 'headline']));
  const published = dateOf(firstOf(item, ['published_at', 'date', 'published']));
  if (!title || !published) return null;
  const sentiment = num(item.sentiment);
  const label = str(item.sentiment_label) ?? (sentiment === null ? str(item.sentiment) : sentiment >= 0.2 ? 'positive' : sentiment <= -0.2 ? 'negative' : 'neutral');
  const topics = Array.isArray(item.topics) ? item.topics.filter((t): t is string => typeof t === 'string') : str(item.topic) ? [item.topic as string] : [];
  return { id: itemId(item, ['article_id', 'id']), title, source: str(firstOf(item, ['source', 'publisher'])), published, sentiment, sentimentLabel: label, topics, url: safeLink(firstOf(item, ['url', 'link'])) };
}

export interface Commitment {
  /** commitment_id (or id): tells a replaced commitment from a kept one. */
  id: string | null;
  what: string;
  target: string | null;
  year: number | null;
  status: string | null;
  source: string | null;
  sourceUrl: string | null;
}

export function asCommitment(item: Item): Commitment | null {
  const what = str(firstOf(item, ['title', 'commitment', 'description', 'name']));
  if (!what) return null;
  const target = str(item.target) ?? (num(item.target_value) !== null ? `${item.target_value}${item.unit === 'percent' ? '%' : ` ${str(item.unit) ?? ''}`.trimEnd()}` : null);
  return {
    id: itemId(item, ['commitment_id', 'id']),
    what,
    target,
    year: num(firstOf(item, ['target_year', 'year'])),
    status: str(item.status),
    source: str(item.source) ?? str(item.source_name),
    sourceUrl: safeLink(firstOf(item, ['source_url', 'url'])),
  };
}

export const humanize = (s: string): string => (s.charAt(0).toUpperCase() + s.slice(1)).replace(/_/g, ' ');

export interface Score {
  overall: number;
  environmental: number | null;
  social: number | null;
  governance: number | null;
  rating: string | null;
  methodology: string | null;
  computed: Date | null;
  /** Top of the scale (100 unless the values say otherwise). */
  max: number;
}

/** A score as its card shows it: the overall may be missing (a non-finite or absent value shows as –). */
export type ShownScore = Omit<Score, 'overall'> & { overall: number | null };
const SCORE_FIELDS = ['overall', 'score', 'total', 'environmental', 'social', 'governance', 'rating'];

/** The card's view of a score item: any score field is enough, so a broken overall still shows the rest. */
export function asShownScore(item: Item): ShownScore | null {
  const full = asScore(item);
  if (full) return full;
  if (!SCORE_FIELDS.some((k) => k in item)) return null;
  return { ...asScore({ ...item, overall: 0 })!, overall: null };
}

export function asScore(item: Item): Score | null {
  const overall = num(firstOf(item, ['overall', 'score', 'total']));
  if (overall === null) return null;
  const e = num(firstOf(item, ['environmental', 'e', 'environment']));
  const s = num(firstOf(item, ['social', 's']));
  const g = num(firstOf(item, ['governance', 'g']));
  const methodology = [str(item.methodology), str(item.methodology_version) ? `version ${item.methodology_version}` : null].filter(Boolean).join(', ') || null;
  const max = Math.max(100, overall, e ?? 0, s ?? 0, g ?? 0);
  return { overall, environmental: e, social: s, governance: g, rating: str(item.rating), methodology, computed: dateOf(firstOf(item, ['computed_at', 'updated_at', 'date'])), max };
}

/** Articles per month, oldest first, with the empty months in between (so gaps show). */
export function fillMonths(months: { month: string; count: number }[]): { month: string; count: number }[] {
  const first = months[0];
  const last = months.at(-1);
  if (!first || !last) return [];
  const byMonth = new Map(months.map((m) => [m.month, m.count]));
  const [y0 = NaN, m0 = NaN] = first.month.split('-').map(Number);
  const [y1 = NaN, m1 = NaN] = last.month.split('-').map(Number);
  const out: { month: string; count: number }[] = [];
  for (let y = y0, m = m0; y < y1 || (y === y1 && m <= m1); m === 12 ? ((m = 1), y++) : m++) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    out.push({ month: key, count: byMonth.get(key) ?? 0 });
  }
  return out;
}

/** One stored refresh's score, for the scores-over-refreshes chart. */
export interface ScorePoint {
  /** Epoch ms the refresh stored the score. */
  at: number;
  score: Score;
}
