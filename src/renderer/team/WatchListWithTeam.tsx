// Share a list with the team and watch its companies' ESG on the server in one step: the server
// keeps a copy of the list's companies the analyst owns there, and refreshes the chosen modules on
// the schedule chosen here (score moves of at least the threshold, rating moves, new news and
// commitments, as a list watch in this app finds them). Nothing costly is preselected: the modules
// are chosen, and the requests a check costs are said before the button is pressed.
import { useState } from 'react';
import { useLists } from '../data/lists';
import { mutateThen } from '../data/mutate-then';
import { useWatchListWithTeam } from '../data/team';
import { ErrorMessage } from '../ui/ErrorMessage';
import { SelectField } from '../ui/Field';
import { formatCount } from '../ui/format';
import { checkEsgChoice, DEFAULT_ESG_CHOICE, DEFAULT_SCHEDULE, EsgFields, listCostInWords, ScheduleFields, scheduleOf, TeamRulesFields } from './TeamWatchFields';
import { checkRulesForm, EMPTY_RULES_FORM } from '../watches/watch-rules-form';

export function WatchListWithTeam() {
  const lists = useLists();
  const watch = useWatchListWithTeam();
  const [listId, setListId] = useState<number | null>(null);
  const [esg, setEsg] = useState(DEFAULT_ESG_CHOICE);
  const [tried, setTried] = useState(false);
  const [schedule, setSchedule] = useState(DEFAULT_SCHEDULE);
  const [rules, setRules] = useState(EMPTY_RULES_FORM);
  const [done, setDone] = useState<string | null>(null);
  const all = lists.data ?? [];
  const chosen = all.find((l) => l.id === listId) ?? all[0];
  const submit = () => {
    setTried(true);
    const { points, modulesError, thresholdError } = checkEsgChoice(esg);
    const checked = checkRulesForm(rules, 'list');
    if (!chosen || thresholdError || modulesError || !checked.ok) return;
    setDone(null);
    mutateThen(watch, { listId: chosen.id, modules: esg.modules, scoreThreshold: points, schedule: scheduleOf(schedule), ...(checked.rules ? { rules: checked.rules } : {}) }, { onSuccess: (w) => setDone(`‘${w.name}’ is shared with the team and its ESG watched on the server.`) });
  };
  return (
    <section className="profile-editor team-connection" aria-labelledby="watch-list-with-team-title">
      <h2 id="watch-list-with-team-title" className="section-title">
        Watch a list with the team
      </h2>
      {all.length === 0 ? (
        <p>Make a list on the Lists screen first; then its companies&apos; ESG can be watched here.</p>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <SelectField label="List" value={chosen?.id ?? ''} onChange={(e) => setListId(Number(e.target.value))}>
            {all.map((l) => (
              <option key={l.id} value={l.id}>
                {`${l.name} (${formatCount(l.memberCount)} ${l.memberCount === 1 ? 'company' : 'companies'})`}
              </option>
            ))}
          </SelectField>
          <EsgFields value={esg} onChange={setEsg} tried={tried} />
          <TeamRulesFields value={rules} onChange={setRules} tried={tried} target="list" />
          <ScheduleFields value={schedule} onChange={setSchedule} label="When the server checks the list" timeLabel="Check time (the server's time zone)" />
          <p data-testid="team-list-cost">{listCostInWords(chosen?.memberCount ?? 0, esg.modules.length, schedule.every)}</p>
          <div className="action-bar">
            <button type="submit" className="button button--primary" disabled={watch.isPending}>
              Share and watch the list with the team
            </button>
            {done ? <span role="status">{done}</span> : null}
          </div>
          {watch.error ? <ErrorMessage error={watch.error} /> : null}
        </form>
      )}
    </section>
  );
}
