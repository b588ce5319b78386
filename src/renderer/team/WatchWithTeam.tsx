// Share a saved search with the team and watch it on the server in one step: the server keeps a
// copy the analyst owns there, and checks it on the schedule chosen here.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SAVED_KEY, searchCalls } from '../data/search';
import { useWatchSavedSearchWithTeam } from '../data/team';
import { mutateThen } from '../data/mutate-then';
import { ErrorMessage } from '../ui/ErrorMessage';
import { SelectField, TextField } from '../ui/Field';

type Every = 'hourly' | 'daily';

export function WatchWithTeam() {
  const saved = useQuery({ queryKey: SAVED_KEY, queryFn: () => searchCalls.listSaved() });
  const watch = useWatchSavedSearchWithTeam();
  const [savedSearchId, setSavedSearchId] = useState('');
  const [every, setEvery] = useState<Every>('daily');
  const [at, setAt] = useState('07:00');
  const [done, setDone] = useState<string | null>(null);
  const searches = saved.data ?? [];
  const chosen = searches.find((s) => s.id === savedSearchId) ?? searches[0];
  const submit = () => {
    if (!chosen) return;
    setDone(null);
    mutateThen(watch, { savedSearchId: chosen.id, schedule: every === 'hourly' ? { kind: 'hourly' } : { kind: 'daily', at } }, { onSuccess: (w) => setDone(`‘${w.name}’ is shared with the team and watched on the server.`) });
  };
  return (
    <section className="profile-editor team-connection" aria-labelledby="watch-with-team-title">
      <h2 id="watch-with-team-title" className="section-title">
        Watch a saved search with the team
      </h2>
      {searches.length === 0 ? (
        <p>Save a search on the Search screen first; then it can be shared and watched here.</p>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <SelectField label="Saved search" value={chosen?.id ?? ''} onChange={(e) => setSavedSearchId(e.target.value)}>
            {searches.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="When the server checks" value={every} onChange={(e) => setEvery(e.target.value as Every)}>
            <option value="hourly">Hourly</option>
            <option value="daily">Daily at a time</option>
          </SelectField>
          {every === 'daily' ? <TextField label="Time (the server's time zone)" type="time" value={at} onChange={(e) => setAt(e.target.value)} required /> : null}
          <div className="action-bar">
            <button type="submit" className="button button--primary" disabled={watch.isPending}>
              Share and watch with the team
            </button>
            {done ? <span role="status">{done}</span> : null}
          </div>
          {watch.error ? <ErrorMessage error={watch.error} /> : null}
        </form>
      )}
    </section>
  );
}
