// How list cells read: numbers grouped, revenue compact with the exact figure in the tooltip, "—"
// for no value (ESG columns until a run has stored data).
import type { EsgSummary } from '../../shared/lists/lists';

export const DASH = '—';
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const score = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const change = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const has = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

export const fmtCount = (v: number | null | undefined) => (has(v) ? whole.format(v) : DASH);
export const fmtMoney = (v: number | null | undefined) => (has(v) ? `$${compact.format(v)}` : DASH);
export const fmtMoneyExact = (v: number | null | undefined) => (has(v) ? `$${whole.format(v)}` : undefined);
export const fmtChange = (v: number | null | undefined) => (has(v) ? change.format(v) : DASH);
export const fmtWhen = (v: number | null | undefined) => (has(v) ? when.format(v) : DASH);

/** "61.5 · BB": the score with its rating where there is one. */
export function scoreWithRating(s: number | null | undefined, r: string | null | undefined): string {
  if (!has(s) && !r) return DASH;
  return [has(s) ? score.format(s) : null, r || null].filter(Boolean).join(' · ');
}

export const esgPillars: ReadonlyArray<{ label: string; score: keyof EsgSummary; rating: keyof EsgSummary; sort: 'overallScore' | 'environmentalScore' | 'socialScore' | 'governanceScore' }> = [
  { label: 'ESG overall', score: 'overallScore', rating: 'overallRating', sort: 'overallScore' },
  { label: 'Environmental', score: 'environmentalScore', rating: 'environmentalRating', sort: 'environmentalScore' },
  { label: 'Social', score: 'socialScore', rating: 'socialRating', sort: 'socialScore' },
  { label: 'Governance', score: 'governanceScore', rating: 'governanceRating', sort: 'governanceScore' },
];
