import { z } from 'zod';
import { event, fn, group } from '../define';
import { ROW_CAP_DEFAULT, ROW_CAP_MAX, SnapshotViewSchema, type FacetCount, type FacetId, type LoadEstimate, type SnapshotInfo } from '../../snapshots/snapshot';
import type { CompanyRecord, SearchFilter } from '../../service/schemas';

const Id = z.number().int().positive();

export interface SnapshotPage {
  snapshot: SnapshotInfo;
  /** Rows in the view (after text and facet filters). */
  total: number;
  offset: number;
  rows: CompanyRecord[];
}

export const snapshotsGroup = group({
  fns: {
    /**
     * Starts walking every page of `body` into a new snapshot of the active profile's workspace;
     * answers at once with the snapshot (status 'loading'), then `progress` events until it ends.
     */
    load: fn(z.object({ body: z.unknown(), rowCap: z.number().int().min(1).max(ROW_CAP_MAX).default(ROW_CAP_DEFAULT) })).returns<SnapshotInfo>(),
    /** What loading `rows` rows costs (pages, time at the last load's rate, disk), said before Load all. */
    estimate: fn(z.object({ rows: z.number().int().min(0).max(ROW_CAP_MAX) })).returns<LoadEstimate>(),
    cancel: fn(z.object({ id: Id })).returns<void>(),
    /** Snapshots of the active profile, newest first. */
    list: fn(z.void()).returns<SnapshotInfo[]>(),
    page: fn(z.object({ id: Id, view: SnapshotViewSchema, offset: z.number().int().min(0), limit: z.number().int().min(1).max(1000) })).returns<SnapshotPage>(),
    facets: fn(z.object({ id: Id, view: SnapshotViewSchema })).returns<Record<FacetId, FacetCount[]>>(),
    /** The facet choices as service conditions meaning the same companies (added to the filter builder). */
    facetConditions: fn(z.object({ id: Id, facets: SnapshotViewSchema.shape.facets })).returns<SearchFilter[]>(),
    /** Distinct values of one field in the snapshot, most frequent first (value suggestions). */
    values: fn(z.object({ id: Id, field: z.string().min(1).max(300), prefix: z.string().max(200).optional() })).returns<FacetCount[]>(),
    remove: fn(z.object({ id: Id })).returns<void>(),
  },
  events: {
    progress: event<SnapshotInfo>(),
  },
});
