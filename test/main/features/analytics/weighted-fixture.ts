// A weighted portfolio of 200 companies and a benchmark list of 150 (100 shared), with stored scores
// for most of them, on a real workspace; each company as plain data so a test can compute the
// expected numbers itself, without the production code. Deterministic (seeded).
import { randomUUID } from 'node:crypto';
import { EsgRunStore } from '../../../../src/main/features/esg-runs/store';
import type { ListsFeature } from '../../../../src/main/features/lists/feature';
import type { FeatureDeps } from '../../../../src/main/platform/ports/feature-deps';

export interface FixtureCompany {
  id: string;
  name: string;
  country: { code: string; name: string } | null;
  /** Two-digit NACE division, or null (no industry code). */
  division: string | null;
  scores: { overall: number; environmental: number; social: number | null; governance: number } | null;
  /** As given: null none, 0 not held. */
  weight: number | null;
}

const COUNTRIES = [{ code: 'DE', name: 'Germany' }, { code: 'FR', name: 'France' }, { code: 'US', name: 'United States' }, { code: 'IT', name: 'Italy' }, null];
const INDUSTRIES = ['62.01', '10.11', '35.11', '64.19', null];

/** mulberry32: the same companies every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function makeCompany(i: number, rnd: () => number): FixtureCompany {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const industry = pick(INDUSTRIES);
  const score = () => Math.round(rnd() * 1000) / 10;
  const scored = rnd() < 0.85;
  const r = rnd();
  return {
    id: randomUUID(),
    name: `Company ${String(i).padStart(3, '0')}`,
    country: pick(COUNTRIES),
    division: industry ? industry.slice(0, 2) : null,
    scores: scored ? { overall: score(), environmental: score(), social: rnd() < 0.1 ? null : score(), governance: score() } : null,
    // Mostly 0.01–5 %, some 0 (not held), some none, one very large position.
    weight: r < 0.05 ? null : r < 0.08 ? 0 : i === 7 ? 25 : Math.round(rnd() * 500) / 100 + 0.01,
  };
}

function industryCode(c: FixtureCompany): string | undefined {
  return c.division ? INDUSTRIES.find((x) => x?.startsWith(c.division!)) ?? undefined : undefined;
}

const member = (c: FixtureCompany) => ({
  companyId: c.id,
  record: {
    company_id: c.id,
    name: c.name,
    ...(c.country ? { country: c.country.code, country_name: c.country.name } : {}),
    ...(industryCode(c) ? { industry_code: industryCode(c), industry_label: 'x' } : {}),
  },
});

export function storeScores(deps: FeatureDeps, companies: readonly FixtureCompany[], at: number): void {
  const store = new EsgRunStore(deps.workspace.forProfile('p1'));
  for (const c of companies) {
    if (!c.scores) continue;
    const { social, ...rest } = c.scores;
    store.saveResult({ companyId: c.id, companyName: c.name, module: 'scores', fetchedAt: at, runId: null, items: [{ ...rest, ...(social === null ? {} : { social }), rating: 'BBB' }] });
  }
}

/**
 * "Portfolio" (200, its weights imported with the companies, as a bulk match's weight column does)
 * and "Benchmark" (150: 100 of the portfolio's and 50 others, weights typed through setWeights).
 * `names`: other names for some portfolio companies, by index (the numbers stay the same).
 */
export function buildWeightedLists(deps: FeatureDeps, lists: ListsFeature, now: number, names: Record<number, string> = {}) {
  const rnd = seeded(38);
  const portfolio = Array.from({ length: 200 }, (_, i) => ({ ...makeCompany(i, rnd), ...(names[i] === undefined ? {} : { name: names[i] }) }));
  const others = Array.from({ length: 50 }, (_, i) => makeCompany(200 + i, rnd));
  const benchmark = [...portfolio.slice(50, 150).map((c) => ({ ...c, weight: Math.round(rnd() * 300) / 100 + 0.5 })), ...others];
  storeScores(deps, [...portfolio, ...others], now - 3600_000);
  const s = lists.activeStore();
  const p = s.createList({ name: 'Portfolio', companies: portfolio.map((c) => ({ ...member(c), ...(c.weight === null ? {} : { weight: c.weight }) })) }).list;
  const b = s.createList({ name: 'Benchmark', companies: benchmark.map(member) }).list;
  s.setWeights(b.id, { weighting: 'given', weights: benchmark.map((c) => ({ companyId: c.id, weight: c.weight })) });
  s.setBenchmark(p.id, { kind: 'list', listId: b.id });
  return { portfolio, benchmark, portfolioId: p.id, benchmarkId: b.id };
}
