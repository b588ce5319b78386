// What can be done with one shared item besides copying it: watch it with the team (anyone), and the
// owner's edit (a new name, the content again from one of their saved searches or lists).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TeamItemSummary } from '../../shared/team/items';
import { SAVED_KEY, searchCalls } from '../data/search';
import { useLists } from '../data/lists';
import { mutateThen } from '../data/mutate-then';
import { useUpdateTeamItem, useWatchTeamItem } from '../data/team-items';
import { ErrorMessage } from '../ui/ErrorMessage';
import { SelectField, TextField } from '../ui/Field';
import { checkEsgChoice, DEFAULT_ESG_CHOICE, DEFAULT_SCHEDULE, EsgFields, listCostInWords, ScheduleFields, scheduleOf, TeamRulesFields } from './TeamWatchFields';
import { checkRulesForm, EMPTY_RULES_FORM } from '../watches/watch-rules-form';

interface PanelProps {
  item: TeamItemSummary;
  onDone(message: string): void;
  onClose(): void;
}

export function WatchTeamItem({ item, onDone, onClose }: PanelProps) {
  const watch = useWatchTeamItem();
  const [schedule, setSchedule] = useState(DEFAULT_SCHEDULE);
  const [esg, setEsg] = useState(DEFAULT_ESG_CHOICE);
  const [rules, setRules] = useState(EMPTY_RULES_FORM);
  const [tried, setTried] = useState(false);
  const list = item.kind === 'list';
  const submit = () => {
    setTried(true);
    const { points, modulesError, thresholdError } = checkEsgChoice(esg);
    const checked = checkRulesForm(rules, item.kind);
    if ((list && (modulesError || thresholdError)) || !checked.ok) return;
    const input = { itemId: item.id, schedule: scheduleOf(schedule), ...(list ? { modules: esg.modules, scoreThreshold: points } : {}), ...(checked.rules ? { rules: checked.rules } : {}) };
    mutateThen(watch, input, { onSuccess: (w) => onDone(`‘${w.name}’ is watched on the team server.`) });
  };
  return (
    <form
      className="profile-editor team-connection"
      aria-label={`Watch ‘${item.name}’ with the team`}
      noValidate
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3 className="section-title">Watch ‘{item.name}’ with the team</h3>
      {list ? <EsgFields value={esg} onChange={setEsg} tried={tried} /> : null}
      <ScheduleFields value={schedule} onChange={setSchedule} label="When the server checks it" timeLabel="Check time (the server's time zone)" />
      <TeamRulesFields value={rules} onChange={setRules} tried={tried} target={item.kind} />
      {list ? <p data-testid="team-item-cost">{listCostInWords(item.size, esg.modules.length, schedule.every)}</p> : null}
      <div className="action-bar">
        <button type="submit" className="button button--primary" disabled={watch.isPending}>
          Watch with the team
        </button>
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
      </div>
      {watch.error ? <ErrorMessage error={watch.error} /> : null}
    </form>
  );
}

export function EditTeamItem({ item, onDone, onClose }: PanelProps) {
  const update = useUpdateTeamItem();
  const saved = useQuery({ queryKey: SAVED_KEY, queryFn: () => searchCalls.listSaved(), enabled: item.kind === 'search' });
  const lists = useLists();
  const [name, setName] = useState(item.name);
  const [from, setFrom] = useState('');
  const sources = item.kind === 'search' ? (saved.data ?? []).map((s) => ({ value: `s:${s.id}`, label: s.name })) : (lists.data ?? []).map((l) => ({ value: `l:${l.id}`, label: l.name }));
  const submit = () => {
    const source = from.startsWith('s:') ? { savedSearchId: from.slice(2) } : from.startsWith('l:') ? { listId: Number(from.slice(2)) } : undefined;
    mutateThen(update, { itemId: item.id, version: item.version, name: name.trim(), ...(source ? { from: source } : {}) }, { onSuccess: (i) => onDone(`‘${i.name}’ is updated for the team.`) });
  };
  return (
    <form
      className="profile-editor team-connection"
      aria-label={`Edit ‘${item.name}’ for the team`}
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3 className="section-title">Edit ‘{item.name}’ for the team</h3>
      <TextField label="Name on the team server" value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} />
      <SelectField label={item.kind === 'search' ? 'Filters from' : 'Companies from'} value={from} onChange={(e) => setFrom(e.target.value)}>
        <option value="">Keep them as they are</option>
        {sources.map((s) => (
          <option key={s.value} value={s.value}>
            {item.kind === 'search' ? `Your saved search ‘${s.label}’` : `Your list ‘${s.label}’`}
          </option>
        ))}
      </SelectField>
      <div className="action-bar">
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          Save for the team
        </button>
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
      </div>
      {update.error ? <ErrorMessage error={update.error} /> : null}
    </form>
  );
}
