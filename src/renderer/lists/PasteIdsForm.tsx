// A new list from pasted company ids. Malformed ids are listed by line before anything is sent;
// the analyst fixes them or goes on with the valid ones. Names come from the service's search by
// id; ids it does not return stay in the list and are said to have unknown names.
import { useState, type FormEvent } from 'react';
import { LIST_BATCH_MAX } from '../../shared/lists/lists';
import { parsePastedIds, type PastedIds } from '../../shared/lists/paste-ids';
import { errorField, toDisplayError } from '../ui/errors';
import { TextAreaField, TextField } from '../ui/Field';
import { useCreateList } from '../data/lists';
import { formatCount } from '../ui/format';

const MAX_SHOWN = 20;

export function PasteIdsForm({ onCreated }: { onCreated(listId: number): void }) {
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<PastedIds | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const create = useCreateList();
  const nameError = create.error && errorField(create.error) === 'name' ? toDisplayError(create.error).message : undefined;
  const otherError = create.error && !nameError ? toDisplayError(create.error).message : null;

  const send = async (ids: string[]) => {
    create.reset();
    setOutcome(null);
    try {
      const r = await create.mutateAsync({ name, source: { kind: 'ids', ids } });
      const lines = [`Created “${r.list.name}” with ${formatCount(r.list.memberCount)} ${r.list.memberCount === 1 ? 'company' : 'companies'}.`];
      if (r.lookupError) lines.push(`Names could not be looked up (${r.lookupError}); the companies are listed by id, names unknown.`);
      else if (r.namesUnknown.length) lines.push(`The service returned no company for ${formatCount(r.namesUnknown.length)} ${r.namesUnknown.length === 1 ? 'id' : 'ids'}: kept in the list by id, name unknown.`);
      setOutcome(lines.join(' '));
      setText('');
      setName('');
      setChecked(null);
      onCreated(r.list.id);
    } catch {
      // shown next to the name or under the form; the pasted text stays
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parsePastedIds(text);
    setChecked(parsed);
    if (parsed.malformed.length === 0 && parsed.ids.length > 0 && parsed.ids.length <= LIST_BATCH_MAX) void send(parsed.ids);
  };

  const idsError = !checked
    ? undefined
    : checked.ids.length === 0 && checked.malformed.length === 0
      ? 'Paste at least one company id.'
      : checked.ids.length > LIST_BATCH_MAX
        ? `At most ${formatCount(LIST_BATCH_MAX)} ids at once.`
        : checked.malformed.length
          ? `${formatCount(checked.malformed.length)} ${checked.malformed.length === 1 ? 'entry is' : 'entries are'} not a company id (a UUID).`
          : undefined;

  return (
    <form className="paste-ids" onSubmit={submit} aria-labelledby="paste-ids-title">
      <h2 id="paste-ids-title">New list from pasted ids</h2>
      <TextField label="List name" value={name} maxLength={120} required onChange={(e) => setName(e.target.value)} error={nameError} />
      <TextAreaField
        label="Company ids"
        hint="One or more per line, separated by commas, spaces or tabs."
        rows={5}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setChecked(null);
        }}
        error={idsError}
        spellCheck={false}
      />
      {checked && checked.malformed.length ? (
        <div className="paste-ids__problems" role="alert">
          <ul>
            {checked.malformed.slice(0, MAX_SHOWN).map((m, i) => (
              <li key={i}>
                Line {m.line}: “{m.text}” is not a company id.
              </li>
            ))}
          </ul>
          {checked.malformed.length > MAX_SHOWN ? <p>…and {formatCount(checked.malformed.length - MAX_SHOWN)} more.</p> : null}
          {checked.ids.length ? (
            <button type="button" className="button button--small" onClick={() => void send(checked.ids)} disabled={create.isPending}>
              Create with the {formatCount(checked.ids.length)} valid {checked.ids.length === 1 ? 'id' : 'ids'}, skip the others
            </button>
          ) : null}
        </div>
      ) : null}
      <button type="submit" className="button button--primary" disabled={create.isPending}>
        {create.isPending ? 'Looking up names…' : 'Create list'}
      </button>
      {otherError ? (
        <p role="alert" className="field__error">
          {otherError}
        </p>
      ) : null}
      <p role="status" className="notice-text">
        {outcome}
      </p>
    </form>
  );
}
