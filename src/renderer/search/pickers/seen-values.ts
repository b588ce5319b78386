// Values of an attribute seen in the loaded snapshot (src/main/platform/workspace: snapshots.values), for the pickers.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FacetCount } from '../../../shared/snapshots/snapshot';
import { findAttribute } from '../../../shared/service/catalogue';
import { LOCAL_MATCH_FIELDS } from './value-options';
import { snapshotCalls } from '../../data/snapshots';

const NONE: readonly FacetCount[] = [];

/** Seen values matching `typed`: by prefix in the database, or all (top 50) where names are matched here. */
export function useSeenValues(snapshotId: number | null, attribute: string, typed: string): readonly FacetCount[] {
  const attr = findAttribute(attribute);
  const enabled = snapshotId !== null && attr !== undefined && attr.valueType === 'string';
  const prefix = LOCAL_MATCH_FIELDS.has(attribute) ? '' : typed.trim().slice(0, 200);
  const q = useQuery({
    queryKey: ['snapshots', 'values', snapshotId, attribute, prefix],
    queryFn: () => snapshotCalls.values({ id: snapshotId!, field: attribute, prefix: prefix || undefined }),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  return enabled ? (q.data ?? NONE) : NONE;
}
