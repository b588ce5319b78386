// A check's own view of the profile's API client: every call counted (the check's requests and the
// daily budget), and sent in the check's lane of the rate limiter (automatic checks: low, behind
// the analyst's own work; Check now: the caller's own lane, normal by default).
import type { RequestPriority } from '../../platform/api/rate-limiter';
import type { ApiClient, CallOptions } from '../../platform/api/types';

export interface Meter {
  /** `inner` with each call counted here and sent in this meter's lane. */
  wrap(inner: ApiClient): ApiClient;
  /** Calls sent so far through every wrapped client. */
  readonly count: number;
  /** Calls counted since the last take (for progressive budget writes). */
  take(): number;
}

/** `lane`: the limiter lane every call goes in; null keeps each caller's own. */
export function createMeter(lane: RequestPriority | null): Meter {
  let count = 0;
  let taken = 0;
  const opts = (co?: CallOptions): CallOptions => {
    count++;
    return lane ? { ...co, priority: lane } : (co ?? {});
  };
  return {
    wrap: (inner) => ({
      search: (req, co) => inner.search(req, opts(co)),
      esgModule: (req, co) => inner.esgModule(req, opts(co)),
      processingStatus: (id, co) => inner.processingStatus(id, opts(co)),
      match: (body, co) => inner.match(body, opts(co)),
    }),
    get count() {
      return count;
    },
    take() {
      const d = count - taken;
      taken = count;
      return d;
    },
  };
}
