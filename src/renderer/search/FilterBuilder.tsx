// One wrapper toggle (and/or) over conditions of attribute, relation and value. Suggestions come from
// the catalogue and from attributes seen in results, but any text is accepted.
import { memo, useId } from 'react';
import { ATTRIBUTES, findAttribute, isRelation, RELATION_INFO, RELATIONS } from '../../shared/service/catalogue';
import {
  changeKind,
  checkCondition,
  defaultKind,
  emptyCondition,
  isNumericAttribute,
  VALUE_KIND_LABEL,
  VALUE_KINDS,
  type BuilderState,
  type Condition,
  type ValueKind,
} from './filter-model';
import { ValueEditor } from './ValueEditor';

export interface FilterBuilderProps {
  state: BuilderState;
  onChange(next: BuilderState): void;
  /** Dotted paths seen in results, offered as attribute suggestions. */
  seenAttributes: readonly string[];
  /** After a Search attempt, untouched empty conditions show their problems too. */
  showErrors: boolean;
}

/** Memoised: result paging re-renders the screen but not the builder. */
export const FilterBuilder = memo(function FilterBuilder({ state, onChange, seenAttributes, showErrors }: FilterBuilderProps) {
  const base = useId();
  const attrListId = `${base}-attributes`;
  const relListId = `${base}-relations`;
  const known = new Set(ATTRIBUTES.map((a) => a.name));
  const extra = seenAttributes.filter((a) => !known.has(a));

  const update = (id: string, patch: Partial<Condition>) =>
    onChange({ ...state, conditions: state.conditions.map((c) => (c.id === id ? applyPatch(c, patch) : c)) });

  return (
    <fieldset className="filter-builder">
      <legend className="filter-builder__legend">Filters</legend>
      <div className="filter-builder__wrapper" role="radiogroup" aria-label="Combine conditions with">
        <span className="filter-builder__match">Match</span>
        {(['and', 'or'] as const).map((op) => (
          <label key={op} className={`toggle${state.op === op ? ' toggle--on' : ''}`}>
            <input type="radio" name={`${base}-op`} value={op} checked={state.op === op} onChange={() => onChange({ ...state, op })} />
            {op === 'and' ? 'all conditions (and)' : 'any condition (or)'}
          </label>
        ))}
      </div>
      <datalist id={attrListId}>
        {ATTRIBUTES.map((a) => (
          <option key={a.name} value={a.name}>
            {a.label}
          </option>
        ))}
        {extra.map((a) => (
          <option key={a} value={a} />
        ))}
      </datalist>
      <datalist id={relListId}>
        {RELATIONS.map((r) => (
          <option key={r} value={r}>
            {RELATION_INFO[r].label}
          </option>
        ))}
      </datalist>
      <ol className="filter-builder__list">
        {state.conditions.map((c, i) => (
          <ConditionRow
            key={c.id}
            condition={c}
            index={i}
            attrListId={attrListId}
            relListId={relListId}
            canRemove={state.conditions.length > 1}
            showErrors={showErrors}
            onChange={(patch) => update(c.id, patch)}
            onRemove={() => onChange({ ...state, conditions: state.conditions.filter((x) => x.id !== c.id) })}
          />
        ))}
      </ol>
      <button type="button" className="button button--small" onClick={() => onChange({ ...state, conditions: [...state.conditions, emptyCondition()] })}>
        Add condition
      </button>
    </fieldset>
  );
});

/** Attribute or relation changes re-pick the editor (carrying the value over); a manual kind choice is applied as is. */
function applyPatch(c: Condition, patch: Partial<Condition>): Condition {
  let next = { ...c, ...patch };
  if (patch.kind) return changeKind(c, patch.kind as ValueKind);
  if (patch.attribute !== undefined && findAttribute(patch.attribute)) next.numeric = isNumericAttribute(patch.attribute);
  if (patch.attribute !== undefined || patch.relation !== undefined) {
    const kind = defaultKind(next.attribute, next.relation);
    if (kind !== c.kind) next = changeKind(next, kind);
  }
  return next;
}

interface RowProps {
  condition: Condition;
  index: number;
  attrListId: string;
  relListId: string;
  canRemove: boolean;
  showErrors: boolean;
  onChange(patch: Partial<Condition>): void;
  onRemove(): void;
}

function ConditionRow({ condition: c, index, attrListId, relListId, canRemove, showErrors, onChange, onRemove }: RowProps) {
  const id = useId();
  const n = index + 1;
  const touched = showErrors || Boolean(c.attribute || c.input || c.items || c.low || c.high);
  const full = checkCondition(c);
  const check = touched ? full : { errors: {}, hint: full.hint };
  const attr = findAttribute(c.attribute);
  const suggestions = attr?.suggestions;
  const errors = Object.values(check.errors);
  return (
    <li className="condition" aria-label={`Condition ${n}`}>
      <input
        className="field__input condition__attribute"
        aria-label={`Attribute of condition ${n}`}
        placeholder="attribute"
        list={attrListId}
        value={c.attribute}
        spellCheck={false}
        aria-invalid={check.errors.attribute ? true : undefined}
        aria-describedby={errors.length ? `${id}-err` : undefined}
        onChange={(e) => onChange({ attribute: e.target.value })}
      />
      <input
        className="field__input condition__relation"
        aria-label={`Relation of condition ${n}`}
        placeholder="relation"
        list={relListId}
        value={c.relation}
        spellCheck={false}
        aria-invalid={check.errors.relation ? true : undefined}
        aria-describedby={errors.length ? `${id}-err` : undefined}
        onChange={(e) => onChange({ relation: e.target.value })}
        title={isRelation(c.relation) ? RELATION_INFO[c.relation].description : undefined}
      />
      <div className="condition__value">
        <ValueEditor
          condition={c}
          index={index}
          error={check.errors.value}
          errorId={`${id}-err`}
          suggestionsId={suggestions ? `${id}-values` : undefined}
          onChange={onChange}
        />
        {suggestions ? (
          <datalist id={`${id}-values`}>
            {suggestions.map((s) => (
              <option key={String(s)} value={String(s)} />
            ))}
          </datalist>
        ) : null}
      </div>
      <select
        className="field__input condition__kind"
        aria-label={`Value type of condition ${n}`}
        value={c.kind}
        onChange={(e) => onChange({ kind: e.target.value as ValueKind })}
      >
        {VALUE_KINDS.map((k) => (
          <option key={k} value={k}>
            {VALUE_KIND_LABEL[k]}
          </option>
        ))}
      </select>
      <button type="button" className="button button--ghost button--small" onClick={onRemove} disabled={!canRemove} aria-label={`Remove condition ${n}`}>
        Remove
      </button>
      {errors.length ? (
        <p id={`${id}-err`} className="field__error condition__error">
          {errors.join(' ')}
        </p>
      ) : null}
      {check.hint && !errors.length ? <p className="field__hint condition__hint">{check.hint}</p> : null}
    </li>
  );
}
