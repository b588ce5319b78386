// Deterministic ESG items: news articles, commitments and scores for a company.
import type { EsgModule } from '../../shared/service/schemas';
import { chance, intBetween, pick, rngUuid, type Rng } from '../random';

const NEWS_TOPICS = ['emissions', 'renewables', 'supply chain', 'diversity', 'governance', 'water', 'biodiversity', 'labour', 'packaging', 'safety'];
const NEWS_SOURCES = ['Reuters', 'Financial Times', 'Bloomberg', 'Le Monde', 'Handelsblatt', 'Nikkei', 'The Guardian', 'Trade Journal', 'Local Herald'];
const NEWS_TEMPLATES = [
  (n: string, t: string) => `${n} announces new ${t} programme`,
  (n: string, t: string) => `${n} criticised over ${t} record`,
  (n: string, t: string) => `Investors press ${n} on ${t}`,
  (n: string, t: string) => `${n} publishes ${t} report, "ahead of plan"`,
  (n: string, t: string) => `Regulator opens review of ${n}'s ${t} claims`,
];
const COMMITMENT_CATEGORIES = ['emissions', 'renewable_energy', 'diversity', 'water', 'waste', 'supply_chain', 'biodiversity'];
const COMMITMENT_STATUSES = ['announced', 'on_track', 'behind', 'achieved', 'withdrawn'];
const RATINGS = ['AAA', 'AA', 'A', 'BBB', 'BB', 'B', 'CCC'];

export type EsgItem = Record<string, unknown>;

function slugify(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'item';
}

export function newsArticle(rng: Rng, companyName: string, publishedAt: number): EsgItem {
  const topic = pick(rng, NEWS_TOPICS);
  const title = pick(rng, NEWS_TEMPLATES)(companyName, topic);
  const source = pick(rng, NEWS_SOURCES);
  return {
    article_id: rngUuid(rng),
    title,
    summary: `${source} reports on ${companyName} and ${topic}. ${chance(rng, 0.5) ? 'The company declined to comment.' : 'A spokesperson confirmed the figures.'}`,
    source,
    url: `https://news.example.org/${slugify(title)}-${intBetween(rng, 1000, 9999)}`,
    published_at: new Date(publishedAt).toISOString(),
    language: pick(rng, ['en', 'en', 'en', 'de', 'fr', 'ja']),
    sentiment: Math.round((rng() * 2 - 1) * 100) / 100,
    topics: [topic],
  };
}

export function commitment(rng: Rng, companyName: string, announcedAt: number): EsgItem {
  const category = pick(rng, COMMITMENT_CATEGORIES);
  const baseline = intBetween(rng, 2015, 2022);
  const target = intBetween(rng, 2025, 2050);
  const pct = intBetween(rng, 10, 100);
  return {
    commitment_id: rngUuid(rng),
    category,
    title: `${pct}% ${category.replace(/_/g, ' ')} target by ${target}`,
    description: `${companyName} commits to a ${pct}% improvement in ${category.replace(/_/g, ' ')} against ${baseline}.`,
    baseline_year: baseline,
    target_year: target,
    target_value: pct,
    unit: 'percent',
    status: pick(rng, COMMITMENT_STATUSES),
    announced_at: new Date(announcedAt).toISOString(),
    source_url: `https://disclosures.example.org/${slugify(companyName)}/${category}`,
  };
}

export function score(rng: Rng, computedAt: number): EsgItem {
  const e = intBetween(rng, 5, 95);
  const s = intBetween(rng, 5, 95);
  const g = intBetween(rng, 5, 95);
  const overall = Math.round((e + s + g) / 3);
  return {
    score_id: rngUuid(rng),
    overall,
    environmental: e,
    social: s,
    governance: g,
    rating: RATINGS[Math.min(RATINGS.length - 1, Math.floor((100 - overall) / 14))],
    methodology_version: '2.1',
    computed_at: new Date(computedAt).toISOString(),
  };
}

/** How many items one session produces for a module ("may have produced items or none"). */
export function sessionItemCount(rng: Rng, module: EsgModule, itemsPerSession: number): number {
  if (module === 'scores') return 1;
  if (chance(rng, 0.08)) return 0;
  const max = module === 'news' ? itemsPerSession : Math.max(1, Math.ceil(itemsPerSession / 2));
  return intBetween(rng, Math.max(1, Math.ceil(max / 3)), max);
}

/**
 * Arrival offsets (ms after the session start) for `n` items: no fixed rate, and a pause
 * where nothing arrives, so a client cannot infer completion from a count that stopped moving.
 */
export function arrivalOffsets(rng: Rng, n: number, durationMs: number): number[] {
  const pauseStart = 0.2 + rng() * 0.4;
  const pauseLen = 0.15 + rng() * 0.15;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    // Draw from [0.02, 0.9] minus the pause window, then map back to ms.
    let f = 0.02 + rng() * (0.88 - pauseLen);
    if (f >= pauseStart) f += pauseLen;
    out.push(Math.floor(f * durationMs));
  }
  return out.sort((a, b) => a - b);
}
