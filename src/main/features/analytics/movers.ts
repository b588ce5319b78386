// Top movers: the companies whose overall score changed most since the previous refresh (the stored
// scores result before the latest, as the list view's "Change since previous refresh").
import type { Mover } from '../../../shared/analytics/analytics';
import type { AnalyticsCompany } from './company-facts';

export const MOVERS_SHOWN = 10;

export function topMovers(companies: readonly AnalyticsCompany[], n = MOVERS_SHOWN): { compared: number; up: Mover[]; down: Mover[] } {
  const moved: Mover[] = [];
  let compared = 0;
  for (const c of companies) {
    if (c.overall === null || c.overallChange === null) continue;
    compared++;
    if (c.overallChange === 0) continue;
    moved.push({
      companyId: c.companyId,
      name: c.name,
      previous: c.overall - c.overallChange,
      latest: c.overall,
      change: c.overallChange,
      previousRating: c.previousRating,
      rating: c.rating,
    });
  }
  // Largest change first; names break ties so the order is stable.
  const byName = (a: Mover, b: Mover) => (a.name ?? a.companyId).localeCompare(b.name ?? b.companyId);
  const up = moved.filter((m) => m.change > 0).sort((a, b) => b.change - a.change || byName(a, b));
  const down = moved.filter((m) => m.change < 0).sort((a, b) => a.change - b.change || byName(a, b));
  return { compared, up: up.slice(0, n), down: down.slice(0, n) };
}
