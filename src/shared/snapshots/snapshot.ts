// Loaded result sets ("snapshots") as the renderer sees them: what was loaded, when, and how a
// local view (sort, text filter, facet choices) over it is described.
import { z } from 'zod';

export const ROW_CAP_DEFAULT = 100_000;
export const ROW_CAP_MAX = 1_000_000;

export const FACET_IDS = ['country', 'industry_division', 'industry_class', 'legal_form', 'employee_band', 'revenue_band', 'founding_decade'] as const;
export type FacetId = (typeof FACET_IDS)[number];

export type SnapshotStatus = 'loading' | 'complete' | 'capped' | 'cancelled' | 'failed';

export interface SnapshotInfo {
  id: number;
  profileId: string;
  /** The applied search body the snapshot was loaded for. */
  query: unknown;
  pageSize: number;
  rowCap: number;
  /** `count` the service reported for the query. */
  serviceCount: number | null;
  rowCount: number;
  status: SnapshotStatus;
  error: string | null;
  startedAt: number;
  finishedAt: number | null;
}

export interface FacetCount {
  key: string | number;
  count: number;
}

const FacetKey = z.union([z.string().max(300), z.number()]);

export const SnapshotViewSchema = z.object({
  sort: z.object({ field: z.string().min(1).max(300), direction: z.enum(['asc', 'desc']) }).optional(),
  text: z.string().max(500).optional(),
  facets: z.partialRecord(z.enum(FACET_IDS), z.array(FacetKey).max(500)).optional(),
});
export type SnapshotView = z.infer<typeof SnapshotViewSchema>;

/** What a load of `rows` rows costs, told before the analyst starts it (snapshots.estimate). */
export interface LoadEstimate {
  rows: number;
  /** Requests of PAGE_SIZE_MAX rows. */
  pages: number;
  /** At the rate of this profile's last finished load; null before its first (measured then). */
  seconds: number | null;
  /** Workspace disk space the rows take. */
  bytes: number;
  basis: {
    /** The load the rate comes from (rows and rows per second), or null. */
    rate: { rows: number; rowsPerSecond: number; finishedAt: number } | null;
    /** 'workspace': bytes per row measured in this workspace; 'typical': the benched constant. */
    disk: 'workspace' | 'typical';
    bytesPerRow: number;
  };
}
