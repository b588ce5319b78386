// Company records for the snapshot benches, made a page at a time so a 1,000,000-row run never
// holds a million records (which would swamp the RSS it measures). The first 100,000 are the
// sandbox's own (seed 7, generated once, before any baseline); row i beyond is row i mod 100,000
// with its own id and slightly shifted numbers, so facets keep the sandbox's distribution and
// sorts do not meet long runs of equal values.
import { generateCompanies } from '../../src/sandbox/dataset';

export const POOL_SIZE = 100_000;

export function benchCompanies(rows: number): { page(from: number, size: number): Record<string, unknown>[] } {
  const pool = generateCompanies(7, Math.min(rows, POOL_SIZE));
  const at = (i: number): Record<string, unknown> => {
    const base = pool[i % pool.length] as unknown as Record<string, unknown>;
    const round = Math.floor(i / pool.length);
    if (round === 0) return { ...base };
    const out: Record<string, unknown> = { ...base, company_id: `${String(base.company_id)}-${round}` };
    if (typeof base.employee_count === 'number') out.employee_count = base.employee_count + round;
    if (typeof base.revenue === 'number') out.revenue = base.revenue + round * 1000;
    return out;
  };
  return {
    page(from, size) {
      const out: Record<string, unknown>[] = [];
      for (let i = from; i < Math.min(rows, from + size); i++) out.push(at(i));
      return out;
    },
  };
}
