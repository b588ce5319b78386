// Share a list with the team and watch its companies' ESG on the server in one step: the server
// keeps a copy of the list's companies the analyst owns there, and refreshes the chosen modules on
// the schedule chosen here (score moves of at least the threshold, rating moves, new news and
// commitments, as a list watch in this app finds them). Nothing costly is preselected: the modules
// are chosen, and the requests a check costs are said before the button is pressed.
import { useState } from 'react';
import { MODULE_LABELS } from '../../shared/esg/count-semantics';
import { ESG_MODULES, type EsgModule } from '../../shared/service/schemas';
import { SCORE_THRESHOLD_DEFAULT, TYPICAL_REQUESTS_PER_CELL } from '../../shared/watches/watches';
import { useLists } from '../data/lists';
import { mutateThen } from '../data/mutate-then';
import { useWatchListWithTeam } from '../data/team';
import { ErrorMessage } from '../ui/ErrorMessage';
import { SelectField, TextField } from '../ui/Field';
import { formatCount } from '../ui/format';

type Every = 'hourly' | 'daily';

export function WatchListWithTeam() {
  const lists = useLists();
  const watch = useWatchListWithTeam();
  const [listId, setListId] = useState<number | null>(null);
  const [modules, setModules] = useState<EsgModule[]>([]);
  const [tried, setTried] = useState(false);
  const [threshold, setThreshold] = useState(String(SCORE_THRESHOLD_DEFAULT));
  const [every, setEvery] = useState<Every>('daily');
  const [at, setAt] = useState('07:00');
  const [done, setDone] = useState<string | null>(null);
  const all = lists.data ?? [];
  const chosen = all.find((l) => l.id === listId) ?? all[0];
  const points = Number(threshold.replace(',', '.'));
  const thresholdError = threshold.trim() === '' || !Number.isFinite(points) || points < 0.1 || points > 100 ? 'Enter a number of points from 0.1 to 100.' : undefined;
  const modulesError = modules.length === 0 ? 'Choose at least one ESG module.' : undefined;
  const submit = () => {
    setTried(true);
    if (!chosen || thresholdError || modulesError) return;
    setDone(null);
    const schedule = every === 'hourly' ? ({ kind: 'hourly' } as const) : ({ kind: 'daily', at } as const);
    mutateThen(watch, { listId: chosen.id, modules, scoreThreshold: points, schedule }, { onSuccess: (w) => setDone(`‘${w.name}’ is shared with the team and its ESG watched on the server.`) });
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
          <fieldset className="watch-dialog__modules">
            <legend>ESG modules the server refreshes</legend>
            {ESG_MODULES.map((m) => (
              <label key={m} className="watch-dialog__module">
                <input type="checkbox" checked={modules.includes(m)} onChange={(e) => setModules(e.target.checked ? ESG_MODULES.filter((x) => x === m || modules.includes(x)) : modules.filter((x) => x !== m))} />
                {MODULE_LABELS[m]}
              </label>
            ))}
            {tried && modulesError ? <p className="field__error">{modulesError}</p> : null}
          </fieldset>
          <TextField label="Score change that counts (points)" value={threshold} inputMode="decimal" error={thresholdError} onChange={(e) => setThreshold(e.target.value)} />
          <SelectField label="When the server checks the list" value={every} onChange={(e) => setEvery(e.target.value as Every)}>
            <option value="hourly">Hourly</option>
            <option value="daily">Daily at a time</option>
          </SelectField>
          {every === 'daily' ? <TextField label="Check time (the server's time zone)" type="time" value={at} onChange={(e) => setAt(e.target.value)} required /> : null}
          <p data-testid="team-list-cost">{costInWords(chosen?.memberCount ?? 0, modules.length, every)}</p>
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

/** What a check costs the team's daily budget, said before anything is shared. */
function costInWords(companies: number, modules: number, every: Every): string {
  if (modules === 0) return 'Choose the ESG modules to see what a check costs.';
  const perCheck = companies * modules * TYPICAL_REQUESTS_PER_CELL;
  const perDay = every === 'hourly' ? perCheck * 24 : perCheck;
  return `About ${formatCount(perCheck)} requests per check (${formatCount(companies)} ${companies === 1 ? "company" : "companies"} x ${modules} ${modules === 1 ? 'module' : 'modules'} x about ${TYPICAL_REQUESTS_PER_CELL}), ${formatCount(perDay)} a day from the team's daily budget.`;
}
