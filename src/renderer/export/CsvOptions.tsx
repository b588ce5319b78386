// The CSV options of every export dialog (search, list, ESG): a preset chosen by name (remembered
// per profile in main), what it writes in words, Custom's four choices, and what a double-click
// would change in the rows at hand (OpenedNote), with Excel (XLSX) offered as the exact choice.
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PREFIX_OFF_RISK } from '../../shared/export/cell-rules';
import type { CsvOptionsInput } from '../../shared/export/csv-options';
import {
  CSV_PRESET_LABEL,
  CSV_PRESET_PURPOSE,
  CSV_PRESETS,
  DEFAULT_CSV_PREFERENCE,
  describeCsvOptions,
  presetCsvOptions,
  type CsvPreference,
  type CustomCsv,
} from '../../shared/export/csv-presets';
import type { CsvPreferenceView } from '../../shared/bridge/groups/export';
import { CheckboxField, SelectField } from '../ui/Field';
import { exportCalls } from '../data/export';
import { OpenedNote, type CsvSample } from './OpenedNote';

export type Delimiter = CustomCsv['delimiter'];
export const DELIMITERS: Array<{ value: Delimiter; label: string }> = [
  { value: ',', label: 'Comma (,)' },
  { value: ';', label: 'Semicolon (;)' },
  { value: '\t', label: 'Tab' },
  { value: '|', label: 'Pipe (|)' },
];

const FALLBACK: CsvPreferenceView = { separators: { locale: 'en-US', decimal: '.', list: ',' }, preference: DEFAULT_CSV_PREFERENCE };

/**
 * The profile's CSV preset (asked from main while `enabled`), the choice in force in this dialog, and
 * the options it writes with. A choice made here is remembered for the profile at once.
 */
export function useCsvChoice(enabled: boolean) {
  const remembered = useQuery({ queryKey: ['export', 'csvPreference'], queryFn: () => exportCalls.csvPreference(), enabled, staleTime: Infinity });
  const [choice, setChoice] = useState<CsvPreference | null>(null);
  const view = remembered.data ?? FALLBACK;
  const current = choice ?? view.preference;
  const change = (next: CsvPreference) => {
    setChoice(next);
    // Remembering is a convenience: a failure must not stop the export.
    void exportCalls
      .rememberCsvPreference(next)
      .catch(() => undefined);
  };
  const options: CsvOptionsInput = presetCsvOptions(current.preset, view.separators, current.custom);
  return { choice: current, change, options, separators: view.separators, ready: !enabled || remembered.isFetched };
}
export type CsvChoice = ReturnType<typeof useCsvChoice>;

export interface CsvOptionsProps {
  csv: CsvChoice;
  /** The rows at hand, to say what a double-click would change in them (null: none known before the export). */
  sample?: CsvSample | null;
  /** Switches the dialog to Excel (XLSX), offered when the file is for Excel. */
  onUseXlsx?: () => void;
}

export function CsvOptions({ csv, sample = null, onUseXlsx }: CsvOptionsProps) {
  const { choice, change, options, separators } = csv;
  const id = useId();
  const setCustom = (patch: Partial<CustomCsv>) => change({ preset: 'custom', custom: { ...choice.custom, ...patch } });
  return (
    <fieldset>
      <legend>CSV options</legend>
      {CSV_PRESETS.map((p) => (
        <div key={p} className="export-form__preset">
          <label className="export-form__choice">
            <input type="radio" name={`${id}-preset`} value={p} checked={choice.preset === p} aria-describedby={`${id}-${p}`} onChange={() => change({ ...choice, preset: p })} />
            {CSV_PRESET_LABEL[p]}
          </label>
          <p id={`${id}-${p}`} className="field__hint">
            {CSV_PRESET_PURPOSE[p]}
          </p>
        </div>
      ))}
      <p className="export-form__csv-summary" data-testid="csv-summary">
        This file: {describeCsvOptions(options)}
        {choice.preset === 'excel' ? ` (from this computer's locale, ${separators.locale})` : ''}.
      </p>
      {choice.preset === 'custom' ? <CustomFields custom={choice.custom} set={setCustom} /> : null}
      <OpenedNote options={options} separators={separators} sample={sample} onUseXlsx={onUseXlsx} />
    </fieldset>
  );
}

function CustomFields({ custom, set }: { custom: CustomCsv; set(patch: Partial<CustomCsv>): void }) {
  return (
    <>
      <SelectField label="Delimiter" value={custom.delimiter} onChange={(e) => set({ delimiter: e.target.value as Delimiter })}>
        {DELIMITERS.map((d) => (
          <option key={d.label} value={d.value}>
            {d.label}
          </option>
        ))}
      </SelectField>
      <SelectField label="Line ends" value={custom.lineEnding} onChange={(e) => set({ lineEnding: e.target.value as CustomCsv['lineEnding'] })}>
        <option value="crlf">Windows (CRLF)</option>
        <option value="lf">Unix, macOS (LF)</option>
      </SelectField>
      <CheckboxField label="Add a byte-order mark (helps Excel on Windows read UTF-8)" checked={custom.bom} onChange={(e) => set({ bom: e.target.checked })} />
      <CheckboxField
        label="Protect against formulas (put ' before cells that start with = + - @)"
        checked={custom.formulaPrefix}
        onChange={(e) => set({ formulaPrefix: e.target.checked })}
        hint={PREFIX_OFF_RISK}
      />
      {!custom.formulaPrefix ? (
        <p className="export-form__warning" role="alert">
          Formula protection is off: open this file only in tools that do not run formulas.
        </p>
      ) : null}
    </>
  );
}
