// A search service in memory for scheduler tests: pages of the current records (tokens `p<offset>`),
// each call's limiter lane recorded, and pages that can be held until released.
import type { RequestPriority } from '../../../../../src/main/platform/api/rate-limiter';
import type { ApiClient } from '../../../../../src/main/platform/api/types';
import { AppError } from '../../../../../src/shared/errors';
import type { CompanyRecord } from '../../../../../src/shared/service/schemas';

export const companies = (n: number, from = 0): CompanyRecord[] =>
  Array.from({ length: n }, (_, i) => ({ company_id: `c${String(from + i).padStart(5, '0')}`, name: `Company ${from + i}`, country: 'DE', employee_count: 10 + i }));

export function fakeSearch(initial: CompanyRecord[]) {
  const state = {
    records: initial,
    calls: [] as Array<{ pageSize: number; token?: string; priority?: RequestPriority }>,
    /** While set, every page waits for release(). */
    hold: false,
  };
  let waiting: Array<() => void> = [];
  const api: ApiClient = {
    async search(req, o) {
      state.calls.push({ pageSize: req.pageSize, token: req.paginationToken, priority: o?.priority });
      if (state.hold) {
        await new Promise<void>((resolve, reject) => {
          waiting.push(resolve);
          o?.signal?.addEventListener('abort', () => reject(new AppError('cancelled', 'Cancelled.')), { once: true });
        });
      }
      const start = req.paginationToken ? Number(req.paginationToken.slice(1)) : 0;
      const end = Math.min(state.records.length, start + req.pageSize);
      return {
        pagination: { next: end < state.records.length ? `p${end}` : null, previous: null },
        count: state.records.length,
        result: state.records.slice(start, end).map((r) => structuredClone(r)),
      };
    },
    esgModule: () => Promise.reject(new Error('not used')),
    processingStatus: () => Promise.reject(new Error('not used')),
    match: () => Promise.reject(new Error('not used')),
  };
  return {
    api,
    state,
    release() {
      state.hold = false;
      const w = waiting;
      waiting = [];
      for (const go of w) go();
    },
    /** Page requests (page_size 200) with the lanes they were sent in. */
    pageLanes: () => state.calls.filter((c) => c.pageSize === 200).map((c) => c.priority ?? 'normal'),
  };
}
