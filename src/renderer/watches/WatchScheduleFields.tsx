// The "when to check" fields of the watch dialog (WatchDialog.tsx): the schedule, and for a weekly
// or daily one the day and the time. Apart from the dialog so each group of fields reads alone.
import { SelectField, TextField } from '../ui/Field';
import type { FieldErrors, WatchFormState } from './watch-form';
import { WEEKDAYS } from './watch-format';
import { pageTimeZone } from '../ui/format';

const SCHEDULE_LABELS = {
  manual: 'Only when I click Check now',
  hourly: 'Hourly',
  daily: 'Daily at a time',
  weekly: 'Weekly on a day at a time',
} as const;

export interface WatchFieldsProps {
  form: WatchFormState;
  errors: FieldErrors;
  /** Changes fields of the form (and clears their errors). */
  set(patch: Partial<WatchFormState>): void;
}

export function WatchScheduleFields({ form, errors, set }: WatchFieldsProps) {
  const timed = form.schedule === 'daily' || form.schedule === 'weekly';
  return (
    <>
      <SelectField label="When to check" value={form.schedule} onChange={(e) => set({ schedule: e.target.value as WatchFormState['schedule'] })}>
        {Object.entries(SCHEDULE_LABELS).map(([k, label]) => (
          <option key={k} value={k}>
            {label}
          </option>
        ))}
      </SelectField>
      {form.schedule === 'weekly' ? (
        <SelectField label="Day" value={String(form.day)} error={errors.day} onChange={(e) => set({ day: Number(e.target.value) })}>
          {WEEKDAYS.map((d, i) => (
            <option key={d} value={i}>
              {d}
            </option>
          ))}
        </SelectField>
      ) : null}
      {timed ? (
        <TextField label={`Time (HH:MM, 24-hour clock, ${pageTimeZone()} time)`} value={form.at} inputMode="numeric" maxLength={5} error={errors.at} onChange={(e) => set({ at: e.target.value.trim() })} />
      ) : null}
    </>
  );
}
