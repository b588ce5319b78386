// "Add accepted to list": the companies of accepted rows (auto-accepted, accepted, picked) join a
// new or an existing list of the profile. Rejected rows and rows still waiting for review stay out.
import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BulkAddToListResult, BulkJobView } from '../../shared/bridge/groups/match';
import { useBridgeEvent } from '../data/useBridgeEvent';
import { SelectField, TextField } from '../ui/Field';
import { ErrorMessage } from '../ui/ErrorMessage';
import { errorField, toDisplayError } from '../ui/errors';
import { ListNameSchema } from '../../shared/lists/lists';
import { listsCalls } from '../data/lists';
import { matchCalls } from '../data/match';
import { formatCount } from '../ui/format';

const NEW = 'new';

export function AddAcceptedToList({ job }: { job: BulkJobView }) {
  const qc = useQueryClient();
  const key = ['match', 'review-lists'] as const;
  const lists = useQuery({ queryKey: key, queryFn: () => listsCalls.all(), staleTime: 30_000 });
  useBridgeEvent('lists', 'changed', () => void qc.invalidateQueries({ queryKey: key }));
  const [target, setTarget] = useState(NEW);
  const [name, setName] = useState(() => `${(job.fileName ?? 'Bulk match').replace(/\.[^.]+$/, '')} (accepted)`);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<BulkAddToListResult | null>(null);
  const r = job.review;
  const accepted = r.auto + r.accepted + r.picked;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    const checked = ListNameSchema.safeParse(name);
    if (target === NEW && !checked.success) {
      setError({ code: 'invalid_input', message: checked.error.issues[0]?.message ?? checked.error.message, retryable: false, details: { field: 'name' } });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await matchCalls.bulkAddToList({ id: job.id, target: target === NEW ? { newName: name.trim() } : { listId: Number(target) } });
      setDone(res);
      setTarget(String(res.list.id));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const nameError = target === NEW && error && errorField(error) === 'name' ? toDisplayError(error).message : undefined;

  return (
    <form className="match-review__to-list" aria-label="Add accepted rows to a list" onSubmit={(e) => void submit(e)}>
      <h3>Add accepted to a list</h3>
      <p className="match-review__note">
        {formatCount(accepted)} accepted row{accepted === 1 ? '' : 's'} (auto-accepted, accepted or picked) will join the list;{' '}
        {formatCount(r.rejected)} rejected and {formatCount(r.pending)} still waiting stay out.
      </p>
      <div className="match-review__to-list-fields">
        <SelectField label="List" value={target} onChange={(e) => setTarget(e.target.value)}>
          <option value={NEW}>New list…</option>
          {(lists.data ?? []).map((l) => (
            <option key={l.id} value={String(l.id)}>
              {l.name} ({formatCount(l.memberCount)})
            </option>
          ))}
        </SelectField>
        {target === NEW ? <TextField label="New list name" value={name} onChange={(e) => setName(e.target.value)} error={nameError} maxLength={120} /> : null}
        <button type="submit" className="button" disabled={busy || accepted === 0 || job.state === 'running'}>
          Add {formatCount(accepted)} accepted to list
        </button>
      </div>
      {done ? (
        <p role="status" className="match-review__added">
          {formatCount(done.added)} compan{done.added === 1 ? 'y' : 'ies'} added to “{done.list.name}”
          {done.alreadyIn ? ` (${formatCount(done.alreadyIn)} already in it)` : ''}; it now holds {formatCount(done.list.memberCount)}.
          {done.list.weighting === 'given' ? ' Weights were read from the file’s weight column.' : ''}
        </p>
      ) : null}
      {done?.weightProblems.length ? (
        <div className="match-review__weight-problems" role="alert">
          <p>{formatCount(done.weightProblems.length)} weight{done.weightProblems.length === 1 ? '' : 's'} could not be read; type them in the list view:</p>
          <ul>
            {done.weightProblems.slice(0, 20).map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {error && !nameError ? <ErrorMessage error={error} /> : null}
      {lists.error ? <ErrorMessage error={lists.error} title="Could not read the lists" /> : null}
    </form>
  );
}
