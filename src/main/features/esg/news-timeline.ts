// Articles per month for a company's news: every held article, read in pages of the spec's maximum
// (200), so the chart shows the whole history and not just the page on screen.
import type { NewsMonths } from '../../../shared/bridge/groups/esg';
import type { ApiClient } from '../../platform/api/types';
import { explainModuleError } from './status-errors';

/** Pages read at most (40,000 articles); a longer history is marked as cut short. */
const MAX_PAGES = 200;

/** "2025-03" for an ISO date, or null when the item has no readable date. */
export function monthOf(item: Record<string, unknown>): string | null {
  const raw = item.published_at ?? item.date ?? item.published;
  if (typeof raw !== 'string') return null;
  const t = Date.parse(raw);
  if (Number.isNaN(t)) return null;
  return new Date(t).toISOString().slice(0, 7);
}

export async function newsMonths(api: ApiClient, companyId: string, signal?: AbortSignal): Promise<NewsMonths | null> {
  const counts = new Map<string, number>();
  let undated = 0;
  let total = 0;
  let token: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    let res;
    try {
      res = await api.esgModule({ companyId, module: 'news', pageSize: 200, paginationToken: token }, { signal });
    } catch (e) {
      throw explainModuleError(e);
    }
    // Only finished data has a history; a session in flight or an unknown company has none.
    if (res.status !== 'complete') return null;
    for (const item of res.result as Record<string, unknown>[]) {
      total++;
      const m = monthOf(item);
      if (m) counts.set(m, (counts.get(m) ?? 0) + 1);
      else undated++;
    }
    token = res.pagination.next ?? undefined;
    if (!token) return { months: [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([month, count]) => ({ month, count })), total, undated, complete: true };
  }
  return { months: [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([month, count]) => ({ month, count })), total, undated, complete: false };
}
