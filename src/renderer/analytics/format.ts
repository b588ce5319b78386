// Numbers as analysts read them: counts with separators, scores with at most one decimal, shares in percent.
import { formatCount, formatNumber, formatPercent, formatSigned, formatSignedPercent } from '../ui/format';

export const fmtCount = formatCount;
export const fmtScore = (n: number | null) => (n === null ? '—' : formatNumber(n, 1));
/** "42 %" of a total (0 % of none). */
export const fmtShare = (n: number, total: number) => formatPercent(total ? n / total : 0).replace('%', ' %');
export const fmtChange = (n: number) => formatSigned(n).replace('-', '−');
export const fmtPercentile = (p: number) => `${Math.round(p)}${ordinalSuffix(Math.round(p))}`;

function ordinalSuffix(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
}

/** "12.35 %": a weight or a share given in percent (0–100), in the analyst's locale. */
export const fmtWeight = (pct: number | null) => (pct === null ? '—' : formatPercent(pct / 100, 2));
/** "+1.25 %", "−0.4 %": an active weight (percentage points). */
export const fmtActive = (pp: number) => formatSignedPercent(pp / 100, 2).replace('-', '−');
/** "3.08": points of a score (a contribution). */
export const fmtPoints = (n: number | null) => (n === null ? '—' : formatNumber(n, 2));
/**
 * Axis ticks through the app's formatter (ui/format.ts), never Plot's own: d3's default writes
 * en-US whatever the analyst's locale, and a scale of one value as "0.000000".
 */
export const fmtTick = (n: number) => formatNumber(n, 2);
/** Ticks of a change: signed, as the movers' table writes them. */
export const fmtChangeTick = (n: number) => fmtChange(n);
