// The peer benchmark's sentence for a score among values, computed the way the app says it
// (mid-rank percentile, rank 1 = highest), for E2E checks of the ESG view.
export function percentileText(value: number, values: number[]): string {
  const below = values.filter((v) => v < value).length;
  const equal = values.filter((v) => v === value).length;
  const p = Math.round(((below + equal / 2) / values.length) * 100);
  const suffix = p % 100 >= 11 && p % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][p % 10] ?? 'th');
  return `${p}${suffix} percentile of ${values.length} companies with scores (rank ${values.filter((v) => v > value).length + 1})`;
}
