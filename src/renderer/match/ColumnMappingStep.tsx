// Bulk step 2, shown once the CSV was read: which column holds which match field, the key column
// repeated rows are found by, how many requests run at once, and what the check found (sample,
// problem lines, repeats). A changed mapping or key column asks for the check again (onRecheck).
import type { CsvInspectView } from '../../shared/bridge/groups/match';
import { MAPPABLE_FIELDS, MATCH_FIELD_LABELS, type ColumnMapping } from '../../shared/match/fields';
import { SelectField, TextField } from '../ui/Field';
import { Spinner } from '../ui/Spinner';
import { FileCheck, RepeatsCheck, SamplePreview } from './BulkCheck';

export interface ColumnMappingStepProps {
  inspect: CsvInspectView;
  mapping: ColumnMapping;
  keyColumn: string | null;
  checking: boolean;
  onRecheck(next: { mapping: ColumnMapping; keyColumn: string | null }): void;
  concurrency: string;
  concError: string | undefined;
  onConcurrency(value: string): void;
  starting: boolean;
}

export function ColumnMappingStep({ inspect, mapping, keyColumn, checking, onRecheck, concurrency, concError, onConcurrency, starting }: ColumnMappingStepProps) {
  const headerOptions = inspect.headers.map((h) => (
    <option key={h} value={h}>{h}</option>
  ));
  return (
    <fieldset>
      <legend>2. Which column holds what</legend>
      {inspect.suggestedFromLast ? <p className="muted">Chosen as in your last bulk match of a file with these columns.</p> : null}
      <div className="form-grid">
        {MAPPABLE_FIELDS.map((f) => (
          <SelectField key={f} label={MATCH_FIELD_LABELS[f]} value={mapping[f] ?? ''} onChange={(e) => onRecheck({ mapping: { ...mapping, [f]: e.target.value || undefined }, keyColumn })}>
            <option value="">(not used)</option>
            {headerOptions}
          </SelectField>
        ))}
        <SelectField
          label="Key column"
          value={keyColumn ?? ''}
          onChange={(e) => onRecheck({ mapping, keyColumn: e.target.value || null })}
          hint="Your own id of each row (ref, customer number…). Rows with the same value here, or the same company name and country, are flagged and matched once."
        >
          <option value="">(none)</option>
          {headerOptions}
        </SelectField>
        <TextField label="Parallel requests" inputMode="numeric" value={concurrency} onChange={(e) => onConcurrency(e.target.value)} error={concError} hint="1–16. More is faster until the service slows down." />
      </div>
      <SamplePreview inspect={inspect} />
      <FileCheck inspect={inspect} />
      <RepeatsCheck inspect={inspect} checking={checking} />
      {checking ? <Spinner label="Checking the file again…" /> : null}
      <div className="action-bar">
        <button type="submit" className="button button--primary" disabled={starting || !!concError}>
          Match all rows
        </button>
        {starting ? <Spinner label="Starting…" /> : null}
      </div>
    </fieldset>
  );
}
