// Share a saved search with the team and watch it on the server in one step: the server keeps a
// copy the analyst owns there, and checks it on the schedule chosen here.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SAVED_KEY, searchCalls } from '../data/search';
import { useWatchSavedSearchWithTeam } from '../data/team';
import { mutateThen } from '../data/mutate-then';
import { ErrorMessage } from '../ui/ErrorMessage';
import { SelectField } from '../ui/Field';
import { DEFAULT_SCHEDULE, ScheduleFields, scheduleOf, TeamRulesFields } from './TeamWatchFields';
import { checkRulesForm, EMPTY_RULES_FORM } from '../watches/watch-rules-form';

export function WatchWithTeam() {
  const saved = useQuery({ queryKey: SAVED_KEY, queryFn: () => searchCalls.listSaved() });
  const watch = useWatchSavedSearchWithTeam();
  const [savedSearchId, setSavedSearchId] = useState('');
  const [schedule, setSchedule] = useState(DEFAULT_SCHEDULE);
  const [rules, setRules] = useState(EMPTY_RULES_FORM);
  const [tried, setTried] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const searches = saved.data ?? [];
  const chosen = searches.find((s) => s.id === savedSearchId) ?? searches[0];
  const submit = () => {
    setTried(true);
    const checked = checkRulesForm(rules, 'search');
    if (!chosen || !checked.ok) return;
    setDone(null);
    mutateThen(watch, { savedSearchId: chosen.id, schedule: scheduleOf(schedule), ...(checked.rules ? { rules: checked.rules } : {}) }, { onSuccess: (w) => setDone(`‘${w.name}’ is shared with the team and watched on the server.`) });
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
          <ScheduleFields value={schedule} onChange={setSchedule} label="When the server checks" timeLabel="Time (the server's time zone)" />
          <TeamRulesFields value={rules} onChange={setRules} tried={tried} target="search" />
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
