// "Turn these facet choices into service conditions": main writes them (it knows the snapshot's
// codes and values, which several divisions or bands apart need to mean the same companies).
import { useMutation } from '@tanstack/react-query';
import type { SearchFilter } from '../../shared/service/schemas';
import { snapshotCalls } from '../data/snapshots';
import { ErrorMessage } from '../ui/ErrorMessage';
import type { FacetChoices } from './FacetsPanel';

export interface FacetConditionsButtonProps {
  snapshotId: number;
  choices: FacetChoices;
  /** Adds conditions to the filter builder; null when the builder cannot take them (an "or" search). */
  onAdd: ((filters: SearchFilter[]) => void) | null;
}

export function FacetConditionsButton({ snapshotId, choices, onAdd }: FacetConditionsButtonProps) {
  const turn = useMutation({
    mutationFn: () => snapshotCalls.facetConditions({ id: snapshotId, facets: choices }),
    onSuccess: (filters) => onAdd?.(filters),
  });
  return (
    <>
      <button
        type="button"
        className="button button--small"
        disabled={!onAdd || turn.isPending}
        title={onAdd ? undefined : 'The builder combines its conditions with "or"; switch it to "and" first.'}
        onClick={() => turn.mutate()}
      >
        Turn these facet choices into service conditions
      </button>
      {turn.error ? <ErrorMessage error={turn.error} title="Could not write the conditions" /> : null}
    </>
  );
}
