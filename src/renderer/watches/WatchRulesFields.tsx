// The Watch dialog's alert rules (issue 38): for a search, rules per field (a percent or absolute
// change, crossing a value, or ignore; other fields alert on any change); for a list, a score
// threshold per pillar, rating downgrades only, news with a keyword. What they do is said in words
// as they are typed; a problem is said under the rules, with the rule's number.
import { useId } from 'react';
import { ATTRIBUTES, fieldLabel, RECORD_FIELD_NAMES } from '../../shared/service/catalogue';
import { PILLARS, rulesInWords, type FieldRule } from '../../shared/watches/rules';
import { SelectField, TextField } from '../ui/Field';
import { rulesOfForm, type RuleRowForm, type RulesForm } from './watch-rules-form';

const KIND_LABEL: Record<FieldRule['kind'], string> = { percent: 'changes by at least (%)', absolute: 'changes by at least', crosses: 'crosses the value', ignore: 'is ignored' };
const NUMERIC = ATTRIBUTES.filter((a) => a.valueType !== 'string');
/** Any field can be ignored: the attributes and the record's other fields (phone, street…). */
const ANY = RECORD_FIELD_NAMES.map((name) => ({ name, label: fieldLabel(name) }));

function RuleRow({ row, index, onChange, onRemove }: { row: RuleRowForm; index: number; onChange(r: RuleRowForm): void; onRemove(): void }) {
  const fields = row.kind === 'ignore' ? ANY : NUMERIC;
  return (
    <div className="watch-rules__row" role="group" aria-label={`Rule ${index + 1}`}>
      <SelectField label={`Field of rule ${index + 1}`} value={row.field} onChange={(e) => onChange({ ...row, field: e.target.value })}>
        {fields.map((a) => (
          <option key={a.name} value={a.name}>
            {a.label}
          </option>
        ))}
      </SelectField>
      <SelectField label={`Rule ${index + 1}: alert when it`} value={row.kind} onChange={(e) => onChange({ ...row, kind: e.target.value as FieldRule['kind'], field: e.target.value !== 'ignore' && !NUMERIC.some((a) => a.name === row.field) ? NUMERIC[0]!.name : row.field })}>
        {(Object.keys(KIND_LABEL) as Array<FieldRule['kind']>).map((k) => (
          <option key={k} value={k}>
            {KIND_LABEL[k]}
          </option>
        ))}
      </SelectField>
      {row.kind !== 'ignore' ? <TextField label={`Value of rule ${index + 1}`} value={row.value} inputMode="decimal" onChange={(e) => onChange({ ...row, value: e.target.value })} /> : null}
      <button type="button" className="button button--ghost button--small" onClick={onRemove}>
        Remove rule {index + 1}
      </button>
    </div>
  );
}

export interface WatchRulesFieldsProps {
  value: RulesForm;
  onChange(rules: RulesForm): void;
  /** The rules' problem, with its place ("Rule 2: …"). */
  error?: string;
  target: 'search' | 'list';
}

/** The rules of a watch (the Watch dialog's, a team watch's), what they do in words, their problem. */
export function WatchRulesFields({ value: rules, onChange, error, target }: WatchRulesFieldsProps) {
  const errorId = useId();
  const put = (patch: Partial<RulesForm>) => onChange({ ...rules, ...patch });
  const words = rulesInWords(rulesOfForm(rules, target).rules, target);
  return (
    <fieldset className="watch-rules" aria-describedby={error ? errorId : undefined}>
      <legend>Alert rules</legend>
      {target === 'search' ? (
        <>
          {rules.fields.map((r, i) => (
            <RuleRow key={i} row={r} index={i} onChange={(next) => put({ fields: rules.fields.map((x, j) => (j === i ? next : x)) })} onRemove={() => put({ fields: rules.fields.filter((_, j) => j !== i) })} />
          ))}
          <button type="button" className="button button--small" onClick={() => put({ fields: [...rules.fields, { field: NUMERIC[0]!.name, kind: 'percent', value: '10' }] })}>
            Add a rule
          </button>
        </>
      ) : (
        <>
          {PILLARS.map((p) => (
            <TextField key={p} label={`${p[0]!.toUpperCase()}${p.slice(1)} score: points that count`} value={rules.pillars[p]} inputMode="decimal" hint={p === 'overall' ? 'Empty: the score change above.' : undefined} onChange={(e) => put({ pillars: { ...rules.pillars, [p]: e.target.value } })} />
          ))}
          <SelectField label="Rating changes" value={rules.ratings} onChange={(e) => put({ ratings: e.target.value as RulesForm['ratings'] })}>
            <option value="any">Every upgrade and downgrade</option>
            <option value="downgrades">Downgrades only</option>
          </SelectField>
          <TextField label="News: only titles with" value={rules.newsKeyword} maxLength={100} hint="Empty: every new item." onChange={(e) => put({ newsKeyword: e.target.value })} />
          <SelectField label="Commitment changes" value={rules.commitments} onChange={(e) => put({ commitments: e.target.value as RulesForm['commitments'] })}>
            <option value="any">Every new or changed commitment</option>
            <option value="status">New ones and status changes only</option>
          </SelectField>
        </>
      )}
      <p className="field__hint" data-testid="watch-rules-words">
        {words.length ? words.join('. ') + '.' : 'Every change a check finds alerts.'}
      </p>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
