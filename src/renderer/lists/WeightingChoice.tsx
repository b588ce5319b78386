// How a list is weighted (issue 38): equal weights, or each company's own (typed in the Weight
// column, or imported from a file's weight column). Switching to equal keeps the typed weights.
// The choice shows as soon as it is made, while it is saved (the list re-read after), not after.
import { useState } from 'react';
import type { ListInfo } from '../../shared/lists/lists';
import type { Weighting } from '../../shared/lists/weights';
import { useSetWeights } from '../data/lists';
import { ErrorMessage } from '../ui/ErrorMessage';

export function WeightingChoice({ list }: { list: ListInfo }) {
  const save = useSetWeights();
  // The analyst's pick and the stored weighting it was made over: shown until the stored one changes.
  const [pick, setPick] = useState<{ weighting: Weighting; over: Weighting } | null>(null);
  if (pick && pick.over !== list.weighting) setPick(null);
  const shown = pick?.weighting ?? list.weighting;
  const choose = (weighting: Weighting) => {
    if (weighting === shown) return;
    setPick({ weighting, over: list.weighting });
    save.mutateAsync({ id: list.id, weighting }).catch(() => setPick(null)); // the error shows below
  };
  return (
    <fieldset className="weighting-choice" disabled={save.isPending}>
      <legend className="field__label">Portfolio weights</legend>
      <label>
        <input type="radio" name={`weighting-${list.id}`} checked={shown === 'equal'} onChange={() => choose('equal')} /> Equal
      </label>
      <label>
        <input type="radio" name={`weighting-${list.id}`} checked={shown === 'given'} onChange={() => choose('given')} /> Per company (Weight column)
      </label>
      {save.error ? <ErrorMessage error={save.error} title="Could not change the weighting" /> : null}
    </fieldset>
  );
}
