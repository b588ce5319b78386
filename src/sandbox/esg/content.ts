// Deterministic ESG items: news articles, commitments and scores for a company.
import type { EsgModule } from '../../shared/service/schemas';
import { chance, intBetween, pick, rngUuid, type Rng } from '../random';

const NEWS_TOPICS = ['emissions', 'renewables', 'supply chain', 'diversity', 'governance', 'water', 'biodiversity', 'labour', 'packaging', 'safety', 'data privacy', 'executive pay'];
const NEWS_SOURCES = ['Reuters', 'Financial Times', 'Bloomberg', 'Le Monde', 'Handelsblatt', 'Nikkei', 'The Guardian', 'Trade Journal', 'Local Herald', 'ESG Today', 'Wall Street Journal', 'El País'];
const NEWS_TEMPLATES: { sentiment: -1 | 0 | 1; make: (n: string, t: string) => string }[] = [
  { sentiment: 1, make: (n, t) => `${n} announces new ${t} programme` },
  { sentiment: -1, make: (n, t) => `${n} criticised over ${t} record` },
  { sentiment: 0, make: (n, t) => `Investors press ${n} on ${t}` },
  { sentiment: 1, make: (n, t) => `${n} publishes ${t} report, "ahead of plan"` },
  { sentiment: -1, make: (n, t) => `Regulator opens review of ${n}'s ${t} claims` },
  { sentiment: 1, make: (n, t) => `${n} wins industry award for ${t} work` },
  { sentiment: -1, make: (n, t) => `NGO report names ${n} among laggards on ${t}` },
  { sentiment: 0, make: (n, t) => `${n} appoints new head of ${t}` },
  { sentiment: 0, make: (n, t) => `What ${n}'s shareholders asked about ${t} at the AGM` },
  { sentiment: -1, make: (n, t) => `${n} fined after ${t} audit` },
];
const COMMITMENTS: { category: string; what: (pct: number) => string; unit: string }[] = [
  { category: 'emissions', what: (p) => `Cut scope 1 and 2 greenhouse gas emissions by ${p}%`, unit: 'percent' },
  { category: 'emissions', what: () => 'Reach net zero across the value chain', unit: 'net zero' },
  { category: 'renewable_energy', what: (p) => `Source ${p}% of electricity from renewables`, unit: 'percent' },
  { category: 'diversity', what: (p) => `Raise women in leadership to ${Math.min(50, p)}%`, unit: 'percent' },
  { category: 'water', what: (p) => `Reduce water withdrawal by ${p}% at high-stress sites`, unit: 'percent' },
  { category: 'waste', what: (p) => `Send ${p}% less waste to landfill`, unit: 'percent' },
  { category: 'supply_chain', what: (p) => `Audit ${p}% of tier-1 suppliers against the code of conduct`, unit: 'percent' },
  { category: 'biodiversity', what: () => 'No net deforestation in sourcing', unit: 'zero deforestation' },
];
const COMMITMENT_STATUSES = ['announced', 'on_track', 'behind', 'achieved', 'withdrawn'];
const COMMITMENT_SOURCES = ['Annual report', 'Sustainability report', 'CDP disclosure', 'Press release', 'SBTi target validation', 'Capital markets day'];
export const RATINGS = ['AAA', 'AA', 'A', 'BBB', 'BB', 'B', 'CCC'];
export const SCORE_METHODOLOGY = 'Sandbox ESG Risk Rating';
export const SCORE_METHODOLOGY_VERSION = '2.1';

export type EsgItem = Record<string, unknown>;

function slugify(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'item';
}

function sentimentLabel(value: number): 'positive' | 'neutral' | 'negative' {
  return value >= 0.2 ? 'positive' : value <= -0.2 ? 'negative' : 'neutral';
}

export function newsArticle(rng: Rng, companyName: string, publishedAt: number): EsgItem {
  const topic = pick(rng, NEWS_TOPICS);
  const template = pick(rng, NEWS_TEMPLATES);
  const title = template.make(companyName, topic);
  const source = pick(rng, NEWS_SOURCES);
  // Sentiment leans the way the headline does, with noise: a score in [-1, 1] and its label.
  const sentiment = Math.max(-1, Math.min(1, Math.round((template.sentiment * 0.55 + (rng() * 2 - 1) * 0.45) * 100) / 100));
  return {
    article_id: rngUuid(rng),
    title,
    summary: `${source} reports on ${companyName} and ${topic}. ${chance(rng, 0.5) ? 'The company declined to comment.' : 'A spokesperson confirmed the figures.'}`,
    source,
    url: `https://news.example.org/${slugify(title)}-${intBetween(rng, 1000, 9999)}`,
    published_at: new Date(publishedAt).toISOString(),
    language: pick(rng, ['en', 'en', 'en', 'de', 'fr', 'ja']),
    sentiment,
    sentiment_label: sentimentLabel(sentiment),
    topics: [topic],
  };
}

export function commitment(rng: Rng, companyName: string, announcedAt: number): EsgItem {
  const kind = pick(rng, COMMITMENTS);
  const announcedYear = new Date(announcedAt).getUTCFullYear();
  const baseline = intBetween(rng, announcedYear - 8, announcedYear - 2);
  const target = intBetween(rng, announcedYear + 1, announcedYear + 25);
  const pct = 5 * intBetween(rng, 2, 20);
  const what = kind.what(pct);
  const source = pick(rng, COMMITMENT_SOURCES);
  return {
    commitment_id: rngUuid(rng),
    category: kind.category,
    title: `${what} by ${target}`,
    description: `${companyName} commits to: ${what.charAt(0).toLowerCase()}${what.slice(1)}, against a ${baseline} baseline, by ${target}.`,
    target: kind.unit === 'percent' ? `${pct}% vs ${baseline}` : kind.unit,
    baseline_year: baseline,
    target_year: target,
    target_value: kind.unit === 'percent' ? pct : null,
    unit: kind.unit,
    status: pick(rng, COMMITMENT_STATUSES),
    announced_at: new Date(announcedAt).toISOString(),
    source,
    source_url: `https://disclosures.example.org/${slugify(companyName)}/${kind.category}-${announcedYear}`,
  };
}

/** E, S and G of one score computation; overall and rating follow from them. */
export interface ScoreValues {
  score_id: string;
  environmental: number;
  social: number;
  governance: number;
}

export const overallOf = (v: Pick<ScoreValues, 'environmental' | 'social' | 'governance'>): number => Math.round(v.environmental * 0.4 + v.social * 0.3 + v.governance * 0.3);
export const ratingOf = (overall: number): string => RATINGS[Math.min(RATINGS.length - 1, Math.max(0, Math.floor((100 - overall) / 14)))]!; // clamped into RATINGS

/** Draw order (E, S, G, then the id) is the one sessions always used, so seeds keep their scores. */
export function scoreValues(rng: Rng): ScoreValues {
  const environmental = intBetween(rng, 5, 95);
  const social = intBetween(rng, 5, 95);
  const governance = intBetween(rng, 5, 95);
  return { score_id: rngUuid(rng), environmental, social, governance };
}

export function score(rng: Rng, computedAt: number): EsgItem {
  return scoreItem(scoreValues(rng), computedAt);
}

export function scoreItem(v: ScoreValues, computedAt: number): EsgItem {
  const overall = overallOf(v);
  return {
    score_id: v.score_id,
    overall,
    environmental: v.environmental,
    social: v.social,
    governance: v.governance,
    scale: '0-100, higher is better',
    rating: ratingOf(overall),
    methodology: SCORE_METHODOLOGY,
    methodology_version: SCORE_METHODOLOGY_VERSION,
    weights: { environmental: 0.4, social: 0.3, governance: 0.3 },
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
