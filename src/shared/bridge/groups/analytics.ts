// Bridge group `analytics`: portfolio analytics of a list and one company's peer benchmark, computed
// in main from the stored ESG results (docs/esg.md, "Analytics").
import { z } from 'zod';
import { fn, group } from '../define';
import type { PeerBenchmark, PortfolioAnalytics } from '../../analytics/analytics';
import type { WeightedAnalytics } from '../../analytics/weighted';
import { CompanyIdSchema, ListIdSchema } from '../../esg-runs/schemas';
import { SnapshotViewSchema } from '../../snapshots/snapshot';

export const analyticsGroup = group({
  fns: {
    /** Distributions, rating breakdown, the same per country and industry division, top movers and coverage of a list. */
    list: fn(z.object({ listId: ListIdSchema })).returns<PortfolioAnalytics>(),
    /** Weighted averages, contributions and coverage by weight of a list, against the benchmark stored with it (issue 38). */
    weighted: fn(z.object({ listId: ListIdSchema })).returns<WeightedAnalytics>(),
    /** The same for the rows of a snapshot view (its text filter and facets; the sort does not matter). */
    snapshot: fn(z.object({ snapshotId: z.number().int().positive(), view: SnapshotViewSchema })).returns<PortfolioAnalytics>(),
    /**
     * A company's overall-score percentile among the list it was opened from (`listId`; without
     * one, each list holding it; `snapshotId`: the loaded search results it was opened from, ranked among all their rows) and among its peers in the workspace (same division, same country).
     * `country`: the ISO code the screen knows, for a company in no list.
     */
    peers: fn(
      z.object({ companyId: CompanyIdSchema, listId: ListIdSchema.optional(), snapshotId: z.number().int().positive().optional(), country: z.string().trim().max(8).optional() }),
    ).returns<PeerBenchmark>(),
  },
  events: {},
});
