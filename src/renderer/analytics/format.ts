// Numbers as analysts read them: counts with separators, scores with at most one decimal, shares in percent.
const count = new Intl.NumberFormat('en-US');
const score = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const share = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });
const signed = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });

export const fmtCount = (n: number) => count.format(n);
export const fmtScore = (n: number | null) => (n === null ? '—' : score.format(n));
/** "42 %" of a total (0 % of none). */
export const fmtShare = (n: number, total: number) => share.format(total ? n / total : 0).replace('%', ' %');
export const fmtChange = (n: number) => signed.format(n).replace('-', '−');
export const fmtPercentile = (p: number) => `${Math.round(p)}${ordinalSuffix(Math.round(p))}`;

function ordinalSuffix(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
}
