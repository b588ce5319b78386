// "Add to list…" / "Save as list…": puts companies (selected grid rows, or a whole loaded result
// set) into a new or an existing list. The outcome is said in place, with a way to open the list.
import { useId, useState, type FormEvent } from 'react';
import type { ListSource } from '../../shared/lists/lists';
import { useNavigation } from '../state/navigation';
import { errorField, toDisplayError } from '../ui/errors';
import { SelectField, TextField } from '../ui/Field';
import { useAddMembers, useCreateList, useLists } from '../data/lists';
import { formatCount } from '../ui/format';

const NEW = 'new';
const companies = (v: number) => `${formatCount(v)} ${v === 1 ? 'company' : 'companies'}`;

export interface AddToListProps {
  /** Button text, e.g. "Add 3 selected to a list…" or "Save as list…". */
  label: string;
  /** Called when the analyst confirms (the current selection at that moment). */
  source(): ListSource;
  /** Proposed name for a new list. */
  suggestedName?: string;
  disabled?: boolean;
}

export function AddToList({ label, source, suggestedName = '', disabled }: AddToListProps) {
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState(NEW);
  // The suggested name follows the source (a snapshot view changes under an open form) until the
  // analyst types a name of their own.
  const [typed, setTyped] = useState<string | null>(null);
  const name = typed ?? suggestedName;
  const [outcome, setOutcome] = useState<{ listId: number; text: string } | null>(null);
  const lists = useLists(open);
  const create = useCreateList();
  const add = useAddMembers();
  const { navigate } = useNavigation();
  const headingId = useId();
  const busy = create.isPending || add.isPending;
  const error = create.error ?? add.error;
  const nameError = target === NEW && error && errorField(error) === 'name' ? toDisplayError(error).message : undefined;
  const otherError = error && !nameError ? toDisplayError(error).message : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    create.reset();
    add.reset();
    try {
      const r =
        target === NEW
          ? await create.mutateAsync({ name, source: source() })
          : await add.mutateAsync({ id: Number(target), source: source() });
      const parts = [`${target === NEW ? 'Created' : 'Added to'} “${r.list.name}”: ${companies(r.added)} added`];
      if (r.alreadyIn) parts.push(`${companies(r.alreadyIn)} already in it`);
      setOutcome({ listId: r.list.id, text: `${parts.join(', ')}. The list has ${companies(r.list.memberCount)}.` });
      setOpen(false);
    } catch {
      // shown next to the field it concerns (name) or under the form
    }
  };

  return (
    <div className="add-to-list">
      <button
        type="button"
        className="button button--small"
        aria-expanded={open}
        disabled={disabled}
        onClick={() => {
          setOpen((o) => !o);
          setOutcome(null);
          setTyped((v) => (v === '' ? null : v));
        }}
      >
        {label}
      </button>
      {open ? (
        <form className="add-to-list__form" aria-labelledby={headingId} onSubmit={(e) => void submit(e)} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
          <p id={headingId} className="add-to-list__title">
            {label.replace(/…$/, '')}
          </p>
          <SelectField label="List" value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value={NEW}>New list…</option>
            {(lists.data ?? []).map((l) => (
              <option key={l.id} value={String(l.id)}>
                {l.name} ({companies(l.memberCount)})
              </option>
            ))}
          </SelectField>
          {target === NEW ? (
            <TextField label="Name of the new list" value={name} maxLength={120} required onChange={(e) => setTyped(e.target.value)} error={nameError} autoFocus />
          ) : null}
          <div className="add-to-list__actions">
            <button type="submit" className="button button--primary button--small" disabled={busy}>
              {busy ? 'Saving…' : target === NEW ? 'Create list' : 'Add to list'}
            </button>
            <button type="button" className="button button--small" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
          {otherError ? (
            <p role="alert" className="field__error">
              {otherError}
            </p>
          ) : null}
        </form>
      ) : null}
      <span role="status" className="add-to-list__outcome">
        {outcome ? (
          <>
            {outcome.text}{' '}
            <button type="button" className="button button--ghost button--small" onClick={() => navigate({ screen: 'lists', listId: outcome.listId })}>
              Open list
            </button>
          </>
        ) : null}
      </span>
    </div>
  );
}
