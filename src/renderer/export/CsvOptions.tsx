// The CSV options of every export dialog (search, ESG): delimiter, byte-order mark, and the formula
// prefix with its risk spelled out when it is turned off.
import { PREFIX_OFF_RISK } from '../../shared/export/cell-rules';
import { CheckboxField, SelectField } from '../ui/Field';

export type Delimiter = ',' | ';' | '\t' | '|';
export const DELIMITERS: Array<{ value: Delimiter; label: string }> = [
  { value: ',', label: 'Comma (,)' },
  { value: ';', label: 'Semicolon (;)' },
  { value: '\t', label: 'Tab' },
  { value: '|', label: 'Pipe (|)' },
];

export interface CsvOptionsValue {
  delimiter: Delimiter;
  bom: boolean;
  formulaPrefix: boolean;
}

export const DEFAULT_CSV_OPTIONS: CsvOptionsValue = { delimiter: ',', bom: false, formulaPrefix: true };

export function CsvOptions({ value, onChange }: { value: CsvOptionsValue; onChange(v: CsvOptionsValue): void }) {
  const set = (patch: Partial<CsvOptionsValue>) => onChange({ ...value, ...patch });
  return (
    <fieldset>
      <legend>CSV options</legend>
      <SelectField label="Delimiter" value={value.delimiter} onChange={(e) => set({ delimiter: e.target.value as Delimiter })}>
        {DELIMITERS.map((d) => (
          <option key={d.label} value={d.value}>
            {d.label}
          </option>
        ))}
      </SelectField>
      <CheckboxField label="Add a byte-order mark (helps Excel on Windows read UTF-8)" checked={value.bom} onChange={(e) => set({ bom: e.target.checked })} />
      <CheckboxField
        label="Protect against formulas (put ' before cells that start with = + - @)"
        checked={value.formulaPrefix}
        onChange={(e) => set({ formulaPrefix: e.target.checked })}
        hint={PREFIX_OFF_RISK}
      />
      {!value.formulaPrefix ? (
        <p className="export-form__warning" role="alert">
          Formula protection is off: open this file only in tools that do not run formulas.
        </p>
      ) : null}
    </fieldset>
  );
}
