// How list cells read: numbers grouped, revenue compact with the exact figure in the tooltip, "—"
// for no value (ESG columns until a run has stored data).
import type { EsgSummary } from '../../shared/lists/lists';
import { formatCompact, formatCount, formatNumber, formatSigned, formatWhen } from '../ui/format';

export const DASH = '—';

const has = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

export const fmtCount = (v: number | null | undefined) => (has(v) ? formatCount(v) : DASH);
export const fmtMoney = (v: number | null | undefined) => (has(v) ? `$${formatCompact(v)}` : DASH);
export const fmtMoneyExact = (v: number | null | undefined) => (has(v) ? `$${formatCount(v)}` : undefined);
export const fmtChange = (v: number | null | undefined) => (has(v) ? formatSigned(v) : DASH);
export const fmtWhen = (v: number | null | undefined) => (has(v) ? formatWhen(v) : DASH);

/** "61.5 · BB": the score with its rating where there is one. */
export function scoreWithRating(s: number | null | undefined, r: string | null | undefined): string {
  if (!has(s) && !r) return DASH;
  return [has(s) ? formatNumber(s, 1) : null, r || null].filter(Boolean).join(' · ');
}

export const esgPillars: ReadonlyArray<{ label: string; score: keyof EsgSummary; rating: keyof EsgSummary; sort: 'overallScore' | 'environmentalScore' | 'socialScore' | 'governanceScore' }> = [
  { label: 'ESG overall', score: 'overallScore', rating: 'overallRating', sort: 'overallScore' },
  { label: 'Environmental', score: 'environmentalScore', rating: 'environmentalRating', sort: 'environmentalScore' },
  { label: 'Social', score: 'socialScore', rating: 'socialRating', sort: 'socialScore' },
  { label: 'Governance', score: 'governanceScore', rating: 'governanceRating', sort: 'governanceScore' },
];
