// One company's weight in the list view (issue 38): typed in the analyst's number format, saved on
// Enter or when the field is left. Bad input (negative, not a number) is said beside the field and
// the text stays as typed, nothing sent; Escape goes back to the stored weight.
import { useId, useState } from 'react';
import type { ListMember } from '../../shared/lists/lists';
import { parseWeight } from '../../shared/lists/weights';
import { oneLineText } from '../../shared/service-text';
import { useSetWeights } from '../data/lists';
import { mutateThen } from '../data/mutate-then';
import { toDisplayError } from '../ui/errors';
import { decimalMark, formatEditable } from '../ui/format';

/** The stored weight as the analyst types it (their decimal mark, no grouping, up to 6 decimals). */
export const weightText = (w: number | null) => (w === null ? '' : formatEditable(w));

export function WeightInput({ listId, member }: { listId: number; member: ListMember }) {
  const stored = weightText(member.weight);
  const [text, setText] = useState(stored);
  const [dirty, setDirty] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [seen, setSeen] = useState(stored);
  const save = useSetWeights();
  const errorId = useId();
  // A weight stored meanwhile (saved here, or by an import) shows, unless the analyst is typing.
  if (seen !== stored) {
    setSeen(stored);
    if (!dirty) setText(stored);
  }

  const commit = () => {
    if (!dirty) return;
    const parsed = parseWeight(text, decimalMark());
    if (!parsed.ok) return setError(parsed.message);
    setError(null);
    if (parsed.value === member.weight) return setDirty(false);
    mutateThen(save, { id: listId, weights: [{ companyId: member.companyId, weight: parsed.value }] }, {
      onSuccess: () => setDirty(false),
      onError: (e) => setError(toDisplayError(e).message),
    });
  };

  return (
    <div className="weight-input">
      <input
        className="field__input weight-input__field"
        inputMode="decimal"
        aria-label={`Weight of ${oneLineText(member.name ?? member.companyId)}`}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setDirty(true);
          setError(null);
        }}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') {
            setText(stored);
            setDirty(false);
            setError(null);
          }
        }}
      />
      {error ? (
        <p id={errorId} className="field__error weight-input__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
