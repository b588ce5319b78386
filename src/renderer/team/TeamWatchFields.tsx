// The fields of a team watch, written once for every form that makes one (a saved search or list
// shared and watched, a team item watched): when the server checks, and for a list the ESG modules
// (none preselected), the score move that counts, and what a check costs, said before it is made;
// and the watch's alert rules, as the Watch dialog takes them (watches/WatchRulesFields.tsx).
import { MODULE_LABELS } from '../../shared/esg/count-semantics';
import { ESG_MODULES, type EsgModule } from '../../shared/service/schemas';
import { SCORE_THRESHOLD_DEFAULT, TYPICAL_REQUESTS_PER_CELL, type WatchSchedule } from '../../shared/watches/watches';
import { SelectField, TextField } from '../ui/Field';
import { formatCount } from '../ui/format';
import { WatchRulesFields } from '../watches/WatchRulesFields';
import { checkRulesForm, type RulesForm } from '../watches/watch-rules-form';

export type Every = 'hourly' | 'daily';

export interface ScheduleChoice {
  every: Every;
  at: string;
}
export const DEFAULT_SCHEDULE: ScheduleChoice = { every: 'daily', at: '07:00' };
export const scheduleOf = (s: ScheduleChoice): WatchSchedule => (s.every === 'hourly' ? { kind: 'hourly' } : { kind: 'daily', at: s.at });

export function ScheduleFields({ value, onChange, label, timeLabel }: { value: ScheduleChoice; onChange(v: ScheduleChoice): void; label: string; timeLabel: string }) {
  return (
    <>
      <SelectField label={label} value={value.every} onChange={(e) => onChange({ ...value, every: e.target.value as Every })}>
        <option value="hourly">Hourly</option>
        <option value="daily">Daily at a time</option>
      </SelectField>
      {value.every === 'daily' ? <TextField label={timeLabel} type="time" value={value.at} onChange={(e) => onChange({ ...value, at: e.target.value })} required /> : null}
    </>
  );
}

export interface EsgChoice {
  modules: EsgModule[];
  threshold: string;
}
export const DEFAULT_ESG_CHOICE: EsgChoice = { modules: [], threshold: String(SCORE_THRESHOLD_DEFAULT) };

/** The choice's problems, in the words shown next to the fields; the threshold as a number when valid. */
export function checkEsgChoice(c: EsgChoice): { modulesError?: string; thresholdError?: string; points: number } {
  const points = Number(c.threshold.replace(',', '.'));
  return {
    points,
    ...(c.modules.length === 0 ? { modulesError: 'Choose at least one ESG module.' } : {}),
    ...(c.threshold.trim() === '' || !Number.isFinite(points) || points < 0.1 || points > 100 ? { thresholdError: 'Enter a number of points from 0.1 to 100.' } : {}),
  };
}

export function EsgFields({ value, onChange, tried }: { value: EsgChoice; onChange(v: EsgChoice): void; tried: boolean }) {
  const { modulesError, thresholdError } = checkEsgChoice(value);
  const { modules } = value;
  return (
    <>
      <fieldset className="watch-dialog__modules">
        <legend>ESG modules the server refreshes</legend>
        {ESG_MODULES.map((m) => (
          <label key={m} className="watch-dialog__module">
            <input
              type="checkbox"
              checked={modules.includes(m)}
              onChange={(e) => onChange({ ...value, modules: e.target.checked ? ESG_MODULES.filter((x) => x === m || modules.includes(x)) : modules.filter((x) => x !== m) })}
            />
            {MODULE_LABELS[m]}
          </label>
        ))}
        {tried && modulesError ? <p className="field__error">{modulesError}</p> : null}
      </fieldset>
      <TextField label="Score change that counts (points)" value={value.threshold} inputMode="decimal" error={thresholdError} onChange={(e) => onChange({ ...value, threshold: e.target.value })} />
    </>
  );
}

/** What a list check costs the team's daily budget, said before anything is made. */
export function listCostInWords(companies: number, modules: number, every: Every): string {
  if (modules === 0) return 'Choose the ESG modules to see what a check costs.';
  const perCheck = companies * modules * TYPICAL_REQUESTS_PER_CELL;
  const perDay = every === 'hourly' ? perCheck * 24 : perCheck;
  return `About ${formatCount(perCheck)} requests per check (${formatCount(companies)} ${companies === 1 ? 'company' : 'companies'} x ${modules} ${modules === 1 ? 'module' : 'modules'} x about ${TYPICAL_REQUESTS_PER_CELL}), ${formatCount(perDay)} a day from the team's daily budget.`;
}

/** A team watch's alert rules; their problem is shown once the form was sent. */
export function TeamRulesFields({ value, onChange, tried, target }: { value: RulesForm; onChange(v: RulesForm): void; tried: boolean; target: 'search' | 'list' }) {
  const checked = checkRulesForm(value, target);
  return <WatchRulesFields value={value} onChange={onChange} error={tried && !checked.ok ? checked.error : undefined} target={target} />;
}
