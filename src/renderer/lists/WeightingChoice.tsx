// How a list is weighted (issue 38): equal weights, or each company's own (typed in the Weight
// column, or imported from a file's weight column). Switching to equal keeps the typed weights.
import type { ListInfo } from '../../shared/lists/lists';
import type { Weighting } from '../../shared/lists/weights';
import { useSetWeights } from '../data/lists';
import { ErrorMessage } from '../ui/ErrorMessage';

export function WeightingChoice({ list }: { list: ListInfo }) {
  const save = useSetWeights();
  const choose = (weighting: Weighting) => {
    if (weighting !== list.weighting) save.mutateAsync({ id: list.id, weighting }).catch(() => {}); // the error shows below
  };
  return (
    <fieldset className="weighting-choice" disabled={save.isPending}>
      <legend className="field__label">Portfolio weights</legend>
      <label>
        <input type="radio" name={`weighting-${list.id}`} checked={list.weighting === 'equal'} onChange={() => choose('equal')} /> Equal
      </label>
      <label>
        <input type="radio" name={`weighting-${list.id}`} checked={list.weighting === 'given'} onChange={() => choose('given')} /> Per company (Weight column)
      </label>
      {save.error ? <ErrorMessage error={save.error} title="Could not change the weighting" /> : null}
    </fieldset>
  );
}
