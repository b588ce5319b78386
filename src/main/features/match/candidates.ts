// Match candidates as the service returns them, made ready to keep: ranked best first (single and bulk
// match) and compacted to the scalar fields a bulk row holds in memory.
import type { MatchCandidate } from '../../../shared/service/schemas';

/** Best candidate first; stable for equal confidence (service order kept). */
export function rankCandidates(candidates: MatchCandidate[]): MatchCandidate[] {
  return candidates
    .map((c, i) => ({ c, i }))
    .sort((a, b) => b.c.confidence - a.c.confidence || a.i - b.i)
    .map((x) => x.c);
}

/** Most company fields a bulk row keeps (the export's `company.*` columns). */
export const MAX_KEPT_FIELDS = 40;

/**
 * A bulk row keeps the best candidate's top-level scalar fields only (id, name, country, website...):
 * enough for the table, the export and the detail view, without holding every nested record of a
 * large file in memory.
 */
export function compactCandidate(c: MatchCandidate): MatchCandidate {
  const company: Record<string, unknown> = { company_id: c.company.company_id };
  let kept = 1;
  for (const [k, v] of Object.entries(c.company)) {
    if (kept >= MAX_KEPT_FIELDS) break;
    if (k === 'company_id' || k === '__proto__') continue;
    if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
      company[k] = v;
      kept++;
    }
  }
  return { confidence: c.confidence, company: company as MatchCandidate['company'] };
}
