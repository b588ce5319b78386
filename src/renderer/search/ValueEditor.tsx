// The value control that fits the condition: a picker with catalogue and snapshot suggestions for text,
// a number input for numeric attributes, chips for lists, two bounds for between, raw JSON otherwise.
import { useState } from 'react';
import type { Condition } from '../state/filter-model';
import { ChipsInput } from './pickers/ChipsInput';
import { Combobox } from './pickers/Combobox';
import { useSeenValues } from './pickers/seen-values';
import { findSection, sectionCondition, sectionNote } from './pickers/nace-sections';
import { countryName, resolveCountry } from '../ui/value-catalogue';
import { autoSelects, valueLabel, valueOptions } from './pickers/value-options';

export interface ValueEditorProps {
  condition: Condition;
  index: number;
  /** Marks the value invalid (a problem found here or named by the service). */
  invalid?: boolean;
  /** Ids of the messages that describe the value's problems. */
  describedBy?: string;
  /** The loaded snapshot whose values are offered as suggestions. */
  snapshotId: number | null;
  onChange(patch: Partial<Condition>): void;
  /** Tells the row why the condition changed shape (a NACE section picked for a one-value relation). */
  onNote?(note: string, items: string): void;
}

export function ValueEditor({ condition: c, index, invalid, describedBy, snapshotId, onChange, onNote }: ValueEditorProps) {
  const n = index + 1;
  const inv = invalid ? true : undefined;
  switch (c.kind) {
    case 'text':
      return <TextValue c={c} n={n} invalid={invalid} describedBy={describedBy} snapshotId={snapshotId} onChange={onChange} onNote={onNote} />;
    case 'number':
      return (
        <input
          className="field__input value-editor__number"
          type="number"
          step="any"
          inputMode="decimal"
          aria-label={`Value of condition ${n} (number)`}
          value={c.input}
          aria-invalid={inv}
          aria-describedby={describedBy}
          onChange={(e) => onChange({ input: e.target.value })}
        />
      );
    case 'list':
      return (
        <div className="value-editor__list">
          <ChipsInput condition={c} index={index} invalid={invalid} describedBy={describedBy} snapshotId={snapshotId} onChange={onChange} />
          <NumericToggle c={c} n={n} onChange={onChange} />
        </div>
      );
    case 'range':
      return (
        <div className="value-editor__range">
          <input
            className="field__input"
            type={c.numeric ? 'number' : 'text'}
            step={c.numeric ? 'any' : undefined}
            aria-label={`From (lower bound) of condition ${n}`}
            value={c.low}
            inputMode={c.numeric ? 'decimal' : undefined}
            aria-invalid={inv}
            aria-describedby={describedBy}
            onChange={(e) => onChange({ low: e.target.value })}
          />
          <span aria-hidden="true">–</span>
          <input
            className="field__input"
            type={c.numeric ? 'number' : 'text'}
            step={c.numeric ? 'any' : undefined}
            aria-label={`To (upper bound) of condition ${n}`}
            value={c.high}
            inputMode={c.numeric ? 'decimal' : undefined}
            aria-invalid={inv}
            aria-describedby={describedBy}
            onChange={(e) => onChange({ high: e.target.value })}
          />
          <NumericToggle c={c} n={n} onChange={onChange} />
        </div>
      );
    case 'json':
      return (
        <input
          className="field__input field__input--mono"
          aria-label={`Value of condition ${n} (JSON)`}
          placeholder='e.g. "text", 12, [1, 2], null'
          value={c.input}
          spellCheck={false}
          aria-invalid={inv}
          aria-describedby={describedBy}
          onChange={(e) => onChange({ input: e.target.value })}
        />
      );
  }
}

interface TextValueProps {
  c: Condition;
  n: number;
  invalid?: boolean;
  describedBy?: string;
  snapshotId: number | null;
  onChange(patch: Partial<Condition>): void;
  onNote?(note: string, items: string): void;
}

/** One text value with suggestions; a country is shown by name beside the code that is sent. */
function TextValue({ c, n, invalid, describedBy, snapshotId, onChange, onNote }: TextValueProps) {
  const [typing, setTyping] = useState(false);
  const query = typing ? c.input : '';
  const seen = useSeenValues(snapshotId, c.attribute, query);
  const groups = valueOptions({ attribute: c.attribute, relation: c.relation, query, seen });
  const nameId = `value-name-${c.id}`;
  const name = c.attribute === 'country' ? countryName(c.input) : undefined;
  const label = c.attribute === 'industry_code' && c.input ? valueLabel('industry_code', c.input) : undefined;
  const note = name ?? (label && label !== c.input ? label.slice(c.input.length + 1) : undefined);
  return (
    <div className="value-editor__text">
      <Combobox
        label={`Value of condition ${n}`}
        listLabel={`Suggested values, condition ${n}`}
        value={c.input}
        groups={groups}
        autoSelect={autoSelects(c.attribute)}
        invalid={invalid}
        describedBy={[note ? nameId : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined}
        placeholder={c.attribute === 'country' ? 'country name or code' : undefined}
        onInput={(text) => {
          setTyping(true);
          onChange({ input: text });
        }}
        onPick={(o) => {
          setTyping(false);
          const section = o.values ? findSection(o.value) : undefined;
          if (!section || !o.values) return onChange({ input: o.value });
          // No single code names a section: the condition becomes a list of its classes, and says so.
          const sent = sectionCondition(section, c.relation);
          const items = o.values.join('\n');
          onChange({ relation: sent.relation, items });
          onNote?.(sectionNote(section.letter, c.relation, sent.relation, o.values.length), items);
        }}
        onBlur={() => {
          setTyping(false);
          // A country typed by its exact name becomes its code (what the service expects).
          if (c.attribute !== 'country') return;
          const code = resolveCountry(c.input);
          if (code && code !== c.input) onChange({ input: code });
        }}
      />
      {note ? (
        <span id={nameId} className="value-editor__note">
          {note}
        </span>
      ) : null}
    </div>
  );
}

function NumericToggle({ c, n, onChange }: { c: Condition; n: number; onChange(p: Partial<Condition>): void }) {
  return (
    <label className="value-editor__numeric">
      <input
        type="checkbox"
        checked={c.numeric}
        aria-label={`Values of condition ${n} are numbers`}
        onChange={(e) => onChange({ numeric: e.target.checked })}
      />
      numbers
    </label>
  );
}
