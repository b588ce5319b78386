// The fields of a list's watch in the watch dialog (WatchDialog.tsx): which ESG modules a check
// runs, and the score change that counts. Apart from the dialog so each group of fields reads alone.
import { MODULE_LABELS } from '../../shared/esg/count-semantics';
import { ESG_MODULES } from '../../shared/service/schemas';
import { TextField } from '../ui/Field';
import { n } from './watch-format';
import type { WatchFieldsProps } from './WatchScheduleFields';

export interface WatchListFieldsProps extends WatchFieldsProps {
  /** Companies in the list (0: unknown or empty, left out of the legend). */
  memberCount: number;
  /** Id of the modules' error message (the dialog's, so its ids stay as they were). */
  modulesErrorId: string;
}

export function WatchListFields({ form, errors, set, memberCount, modulesErrorId }: WatchListFieldsProps) {
  return (
    <>
      <fieldset className="watch-dialog__modules" aria-describedby={errors.modules ? modulesErrorId : undefined}>
        <legend>{memberCount > 0 ? `ESG modules to check for ${n(memberCount)} ${memberCount === 1 ? 'company' : 'companies'}` : 'ESG modules to check'}</legend>
        {ESG_MODULES.map((m) => (
          <label key={m} className="watch-dialog__module">
            <input
              type="checkbox"
              checked={form.modules.includes(m)}
              aria-invalid={errors.modules ? true : undefined}
              onChange={(e) => set({ modules: e.target.checked ? ESG_MODULES.filter((x) => x === m || form.modules.includes(x)) : form.modules.filter((x) => x !== m) })}
            />
            {MODULE_LABELS[m]}
          </label>
        ))}
        {errors.modules ? (
          <p id={modulesErrorId} className="field__error">
            {errors.modules}
          </p>
        ) : null}
      </fieldset>
      <TextField
        label="Score change that counts (points)"
        value={form.threshold}
        inputMode="decimal"
        error={errors.threshold}
        hint="A score that moves by at least this many points (0–100 scale) is a change; smaller moves are not reported."
        onChange={(e) => set({ threshold: e.target.value })}
      />
    </>
  );
}
