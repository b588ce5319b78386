// What one data epoch does to ESG data: scores drift (a quarter of the drifts by more than 5
// points), some ratings move one step (with the scores that make them), news arrive, commitments
// are added or change status. Only live companies known to the ESG sources change.
import type { SandboxCompany } from '../dataset';
import { RATINGS, commitment, newsArticle, overallOf, ratingOf, type EsgItem, type ScoreValues } from '../esg/content';
import { intBetween, pick, rngUuid, type Rng } from '../random';
import { drawCount, drawIndexes, epochRng, type DataChange } from './changes';
import type { EsgEvent, EsgTruth } from './esg-truth';
import { DAY_MS, type EvolutionRates } from './settings';

export interface EsgEpochInput {
  seed: number;
  epoch: number;
  at: number;
  epochMs: number;
  /** Live companies after this epoch's record changes. */
  companies: readonly SandboxCompany[];
  rates: EvolutionRates;
  truth: EsgTruth;
  known(companyId: string): boolean;
}

type Values = Omit<ScoreValues, 'score_id'>;
const SCORE_FIELDS = ['environmental', 'social', 'governance'] as const;
const clamp = (x: number) => Math.max(0, Math.min(100, x));
const shifted = (v: Values, d: number): Values => ({ environmental: clamp(v.environmental + d), social: clamp(v.social + d), governance: clamp(v.governance + d) });
const ratingIndex = (v: Values) => RATINGS.indexOf(ratingOf(overallOf(v)));

/** Small moves of each of E, S, G, or (big) all three 6 to 12 points the same way. */
function drift(rng: Rng, old: Values): Values {
  const overall = overallOf(old);
  const big = rng() < 0.25;
  const dir = overall >= 80 ? -1 : overall <= 20 ? 1 : rng() < 0.5 ? -1 : 1;
  const next = { ...old };
  for (const f of SCORE_FIELDS) next[f] = clamp(old[f] + (big ? dir * intBetween(rng, 6, 12) : intBetween(rng, -3, 3)));
  if (SCORE_FIELDS.every((f) => next[f] === old[f])) next.environmental = clamp(old.environmental + (old.environmental < 50 ? 1 : -1));
  return next;
}

/** E, S and G moved together until the rating is one step up or down, then up to 3 points further within it. */
function rerate(rng: Rng, old: Values): Values {
  const from = ratingIndex(old);
  let to = rng() < 0.5 ? from - 1 : from + 1;
  if (to < 0) to = 1;
  if (to >= RATINGS.length) to = RATINGS.length - 2;
  const sign = to < from ? 1 : -1; // a better rating needs a higher overall
  let k = 1;
  while (k < 100 && ratingIndex(shifted(old, sign * k)) !== to) k++;
  const extra = intBetween(rng, 0, 3);
  for (let j = 0; j < extra && ratingIndex(shifted(old, sign * (k + 1))) === to; j++) k++;
  return shifted(old, sign * k);
}

const NEXT_STATUS: Record<string, string[]> = { announced: ['on_track', 'behind', 'withdrawn'], on_track: ['behind', 'achieved'], behind: ['on_track', 'withdrawn'], achieved: [], withdrawn: [] };
const summary = (c: EsgItem) => ({ commitment_id: c.commitment_id, title: c.title, status: c.status });

export function evolveEsg(input: EsgEpochInput): { events: Array<[string, EsgEvent]>; changes: DataChange[] } {
  const { seed, epoch, at, companies, rates, truth } = input;
  const n = companies.length;
  const events: Array<[string, EsgEvent]> = [];
  const changes: DataChange[] = [];
  const base = (c: SandboxCompany, kind: DataChange['kind'], module: DataChange['module']): DataChange => ({ epoch, at, kind, company_id: c.company_id, name: c.name, module });
  // Indexes are drawn below n = companies.length.
  const company = (i: number) => companies[i]!;
  const draw = (rng: Rng, rate: number, except?: Set<number>) =>
    drawIndexes(rng, n, drawCount(rng, rate, n), (i) => !except?.has(i) && input.known(company(i).company_id)).sort((a, b) => a - b);

  // Scores: drifts, then rating moves on other companies; each logs the fields that moved.
  const scoreRng = epochRng(seed, epoch, 'scores');
  const drifting = draw(scoreRng, rates.score);
  const rerated = draw(scoreRng, rates.rating, new Set(drifting));
  const moves: Array<[number, (rng: Rng, v: Values) => Values]> = [...drifting.map((i) => [i, drift] as [number, typeof drift]), ...rerated.map((i) => [i, rerate] as [number, typeof rerate])];
  for (const [i, move] of moves.sort((a, b) => a[0] - b[0])) {
    const c = company(i);
    const old = truth.scoreAt(c.company_id, epoch - 1);
    const next: ScoreValues = { ...move(scoreRng, old), score_id: rngUuid(scoreRng) };
    events.push([c.company_id, { epoch, module: 'scores', values: next }]);
    const pairs: Array<[string, number, number]> = [['overall', overallOf(old), overallOf(next)], ...SCORE_FIELDS.map((f) => [f, old[f], next[f]] as [string, number, number])];
    for (const [field, a, b] of pairs) if (a !== b) changes.push({ ...base(c, 'score', 'scores'), field, old: a, new: b });
    const [ra, rb] = [ratingOf(overallOf(old)), ratingOf(overallOf(next))];
    if (ra !== rb) changes.push({ ...base(c, 'rating', 'scores'), field: 'rating', old: ra, new: rb });
  }

  // News: one to three articles, published in the day before the epoch began.
  const newsRng = epochRng(seed, epoch, 'news');
  for (const i of draw(newsRng, rates.news)) {
    const c = company(i);
    const count = intBetween(newsRng, 1, 3);
    for (let k = 0; k < count; k++) {
      const item = newsArticle(newsRng, c.name, at - Math.floor(newsRng() * Math.min(input.epochMs, DAY_MS)));
      events.push([c.company_id, { epoch, module: 'news', item }]);
      changes.push({ ...base(c, 'news', 'news'), item_id: String(item.article_id), new: { article_id: item.article_id, title: item.title } });
    }
  }

  // Commitments: half of the time a held one moves on (if one can), else a new one is announced.
  const comRng = epochRng(seed, epoch, 'commitments');
  for (const i of draw(comRng, rates.commitment)) {
    const c = company(i);
    const movable = truth.commitmentsAt(c.company_id, epoch - 1).filter((x) => NEXT_STATUS[String(x.status)]?.length);
    if (movable.length > 0 && comRng() < 0.5) {
      const held = pick(comRng, movable);
      const item: EsgItem = { ...held, status: pick(comRng, NEXT_STATUS[String(held.status)] ?? []) };
      events.push([c.company_id, { epoch, module: 'commitments', item }]);
      changes.push({ ...base(c, 'commitment', 'commitments'), field: 'status', item_id: String(item.commitment_id), old: summary(held), new: summary(item) });
    } else {
      const item = commitment(comRng, c.name, at - intBetween(comRng, 0, 30) * DAY_MS);
      events.push([c.company_id, { epoch, module: 'commitments', item }]);
      changes.push({ ...base(c, 'commitment', 'commitments'), item_id: String(item.commitment_id), new: summary(item) });
    }
  }
  return { events, changes };
}
