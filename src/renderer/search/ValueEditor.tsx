// The value control that fits the condition's editor kind: text, number, list (one per line), two bounds, raw JSON.
import type { Condition } from './filter-model';

export interface ValueEditorProps {
  condition: Condition;
  index: number;
  error?: string;
  errorId: string;
  suggestionsId?: string;
  onChange(patch: Partial<Condition>): void;
}

export function ValueEditor({ condition: c, index, error, errorId, suggestionsId, onChange }: ValueEditorProps) {
  const n = index + 1;
  const invalid = error ? true : undefined;
  const described = error ? errorId : undefined;
  switch (c.kind) {
    case 'text':
    case 'number':
      return (
        <input
          className="field__input"
          type="text"
          inputMode={c.kind === 'number' ? 'decimal' : undefined}
          aria-label={`Value of condition ${n}${c.kind === 'number' ? ' (number)' : ''}`}
          value={c.input}
          list={c.kind === 'text' ? suggestionsId : undefined}
          aria-invalid={invalid}
          aria-describedby={described}
          onChange={(e) => onChange({ input: e.target.value })}
        />
      );
    case 'list':
      return (
        <div className="value-editor__list">
          <textarea
            className="field__input field__input--multiline"
            rows={Math.min(6, Math.max(2, c.items.split('\n').length))}
            aria-label={`Values of condition ${n}, one per line`}
            value={c.items}
            aria-invalid={invalid}
            aria-describedby={described}
            onChange={(e) => onChange({ items: e.target.value })}
          />
          <NumericToggle c={c} n={n} onChange={onChange} />
        </div>
      );
    case 'range':
      return (
        <div className="value-editor__range">
          <input
            className="field__input"
            aria-label={`From (lower bound) of condition ${n}`}
            value={c.low}
            inputMode={c.numeric ? 'decimal' : undefined}
            aria-invalid={invalid}
            aria-describedby={described}
            onChange={(e) => onChange({ low: e.target.value })}
          />
          <span aria-hidden="true">–</span>
          <input
            className="field__input"
            aria-label={`To (upper bound) of condition ${n}`}
            value={c.high}
            inputMode={c.numeric ? 'decimal' : undefined}
            aria-invalid={invalid}
            aria-describedby={described}
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
          aria-invalid={invalid}
          aria-describedby={described}
          onChange={(e) => onChange({ input: e.target.value })}
        />
      );
  }
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
