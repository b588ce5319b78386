// The CSV options of every export dialog (search, list, ESG): a preset chosen by name (remembered
// per profile in main), what it writes in words, Custom's four choices, and how many cells the
// formula prefix touches, with Excel (XLSX) offered as the exact choice for Excel.
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
import { formatCount } from '../ui/format';

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
  /** Cells of the rows at hand the formula prefix would touch (null: not known before the export). */
  neutralised?: { cells: number; of: string } | null;
  /** Switches the dialog to Excel (XLSX), offered when the file is for Excel. */
  onUseXlsx?: () => void;
}

export function CsvOptions({ csv, neutralised = null, onUseXlsx }: CsvOptionsProps) {
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
      {options.formulaPrefix ? <PrefixNote neutralised={neutralised} onUseXlsx={onUseXlsx} /> : null}
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

function PrefixNote({ neutralised, onUseXlsx }: { neutralised: CsvOptionsProps['neutralised']; onUseXlsx: (() => void) | undefined }) {
  const n = neutralised?.cells ?? null;
  return (
    <div className="export-form__prefix-note" role="status">
      <p>
        {n === null
          ? 'Formula protection puts an apostrophe before every cell that starts with = + - @ (such as +49 phone numbers); the finished export says how many.'
          : n === 0
            ? `Formula protection touches no cell of ${neutralised!.of}.`
            : `Formula protection puts an apostrophe before ${formatCount(n)} cell${n === 1 ? '' : 's'} of ${neutralised!.of} (such as +49 phone numbers); Excel shows it.`}{' '}
        An Excel workbook (XLSX) keeps every value exactly and needs no apostrophe: the better choice for Excel.
      </p>
      {onUseXlsx ? (
        <button type="button" className="button button--small" onClick={onUseXlsx}>
          Use Excel (XLSX) instead
        </button>
      ) : null}
    </div>
  );
}
