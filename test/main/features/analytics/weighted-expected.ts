// The expected weighted numbers of a fixture portfolio, computed the plain way from its data: weights
// over the positive ones, sums and divisions; no production code, so the tests compare two ways.
import type { FixtureCompany } from './weighted-fixture';

const PARTS = ['overall', 'environmental', 'social', 'governance'] as const;

/** The expected numbers, computed the plain way: weights over the positive ones, sums and divisions. */
export function expected(companies: readonly FixtureCompany[], equal = false) {
  const held = companies.filter((c) => equal || (c.weight ?? 0) > 0);
  const total = held.reduce((s, c) => s + (equal ? 1 : c.weight!), 0);
  const weight = new Map(held.map((c) => [c.id, ((equal ? 1 : c.weight!) / total) * 100]));
  const averages: Record<string, { average: number; coverage: number; companies: number }> = {};
  for (const part of PARTS) {
    let w = 0;
    let ws = 0;
    let n = 0;
    for (const c of held) {
      const s = c.scores?.[part];
      if (s === undefined || s === null) continue;
      w += weight.get(c.id)!;
      ws += weight.get(c.id)! * s;
      n++;
    }
    averages[part] = { average: ws / w, coverage: w, companies: n };
  }
  const scoredWeight = averages.overall!.coverage;
  const contribution = new Map(held.filter((c) => c.scores).map((c) => [c.id, (weight.get(c.id)! / scoredWeight) * c.scores!.overall]));
  const byGroup = (key: (c: FixtureCompany) => string) => {
    const m = new Map<string, number>();
    for (const c of held) m.set(key(c), (m.get(key(c)) ?? 0) + weight.get(c.id)!);
    return m;
  };
  return {
    held,
    weight,
    averages,
    contribution,
    byCountry: byGroup((c) => c.country?.code ?? 'unknown'),
    byDivision: byGroup((c) => c.division ?? 'unknown'),
  };
}

