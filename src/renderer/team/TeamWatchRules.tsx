// A team watch's alert rules, changed after it was made (issue 38): the same fields as when it was
// made, what they do in words, and the server's answer (only the watch's maker or an admin may).
import { useState } from 'react';
import type { TeamWatchSummary } from '../../shared/team/watches';
import { mutateThen } from '../data/mutate-then';
import { useSetTeamWatchRules } from '../data/team';
import { ErrorMessage } from '../ui/ErrorMessage';
import { checkRulesForm, rulesFormOf } from '../watches/watch-rules-form';
import { TeamRulesFields } from './TeamWatchFields';

export function TeamWatchRules({ watch, onClose }: { watch: TeamWatchSummary; onClose(): void }) {
  const save = useSetTeamWatchRules();
  const [rules, setRules] = useState(() => rulesFormOf(watch.rules ?? undefined));
  const [tried, setTried] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const submit = () => {
    setTried(true);
    const checked = checkRulesForm(rules, watch.item.kind);
    if (!checked.ok) return;
    setDone(null);
    mutateThen(save, { watchId: watch.id, rules: checked.rules ?? null }, { onSuccess: (w) => setDone(`The rules of ‘${w.name}’ are saved on the team server; they apply from its next check.`) });
  };
  return (
    <form
      className="profile-editor team-connection"
      aria-labelledby="team-watch-rules-title"
      noValidate
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h2 id="team-watch-rules-title" className="section-title">
        Alert rules of ‘{watch.name}’
      </h2>
      <TeamRulesFields value={rules} onChange={setRules} tried={tried} target={watch.item.kind} />
      <div className="action-bar">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          Save the rules
        </button>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
        {done ? <span role="status">{done}</span> : null}
      </div>
      {save.error ? <ErrorMessage error={save.error} /> : null}
    </form>
  );
}
