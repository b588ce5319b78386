// One wrapper toggle (and/or) over conditions of attribute, relation and value. Attributes and relations
// come from the catalogue (both by label or name, as typed); values from pickers. Problems are flagged on the
// row before anything is sent, and a service 400 naming a condition's field is shown on that row.
import { memo, useId, useLayoutEffect, useRef, useState } from 'react';
import { findAttribute, RELATION_INFO } from '../../shared/service/catalogue';
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
  type FieldPart,
  type ValueKind,
} from '../state/filter-model';
import { AttributeInput } from './pickers/AttributeInput';
import { Combobox } from './pickers/Combobox';
import { parseRelation, relationText, searchRelations } from '../ui/value-catalogue';
import { ValueEditor } from './ValueEditor';

/** A service 400 that names one condition's field (see fieldTarget). */
export interface FieldError {
  index: number;
  part: FieldPart | null;
  message: string;
}

export interface FilterBuilderProps {
  state: BuilderState;
  onChange(next: BuilderState): void;
  /** After a Search attempt, untouched empty conditions show their problems too. */
  showErrors: boolean;
  /** The loaded snapshot whose values the pickers suggest (null: none loaded). */
  snapshotId: number | null;
  /** The service's 400 for the search as built now, when it names a condition. */
  fieldError: FieldError | null;
}

const ADD = 'add-condition';

/** Memoised: result paging re-renders the screen but not the builder. */
export const FilterBuilder = memo(function FilterBuilder({ state, onChange, showErrors, snapshotId, fieldError }: FilterBuilderProps) {
  const base = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  /** Where focus goes once a removed condition's row is gone: a condition's id, or "Add condition". */
  const focusNext = useRef<string | null>(null);

  // After "Remove", focus must not fall to <body>: the next condition's first field takes it (the
  // previous one's when the last was removed; "Add condition" when none is left).
  useLayoutEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    focusNext.current = null;
    const row = [...(listRef.current?.children ?? [])].find((li) => li instanceof HTMLElement && li.dataset.condition === target);
    const field = row?.querySelector<HTMLInputElement>('.condition__attribute input');
    (field ?? addRef.current)?.focus();
  }, [state.conditions]);

  const remove = (id: string) => {
    const i = state.conditions.findIndex((x) => x.id === id);
    const rest = state.conditions.filter((x) => x.id !== id);
    focusNext.current = rest[Math.min(i, rest.length - 1)]?.id ?? ADD; // none left: the Add button
    onChange({ ...state, conditions: rest });
  };

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
      <ol className="filter-builder__list" ref={listRef}>
        {state.conditions.map((c, i) => (
          <ConditionRow
            key={c.id}
            condition={c}
            index={i}
            canRemove={state.conditions.length > 1}
            showErrors={showErrors}
            snapshotId={snapshotId}
            fieldError={fieldError?.index === i ? fieldError : null}
            onChange={(patch) => update(c.id, patch)}
            onRemove={() => remove(c.id)}
          />
        ))}
      </ol>
      <button type="button" className="button button--small" ref={addRef} onClick={() => onChange({ ...state, conditions: [...state.conditions, emptyCondition()] })}>
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
    // A list given with the new relation (a NACE section's classes) is the value, not the old one carried over.
    if (patch.items !== undefined) next = { ...next, items: patch.items };
  }
  return next;
}

interface RowProps {
  condition: Condition;
  index: number;
  canRemove: boolean;
  showErrors: boolean;
  snapshotId: number | null;
  fieldError: FieldError | null;
  onChange(patch: Partial<Condition>): void;
  onRemove(): void;
}

function ConditionRow({ condition: c, index, canRemove, showErrors, snapshotId, fieldError, onChange, onRemove }: RowProps) {
  const id = useId();
  const n = index + 1;
  const touched = showErrors || Boolean(c.attribute || c.input || c.items || c.low || c.high);
  const full = checkCondition(c);
  const check = touched ? full : { errors: {}, hint: full.hint };
  const errors = Object.values(check.errors);
  const errId = `${id}-err`;
  const serverId = `${id}-server`;
  const describe = (part: FieldPart) =>
    [check.errors[part] ? errId : '', fieldError && (fieldError.part ?? 'value') === part ? serverId : ''].filter(Boolean).join(' ') || undefined;
  const flagged = (part: FieldPart) => Boolean(check.errors[part]) || (fieldError !== null && (fieldError.part ?? 'value') === part);
  // Why the condition changed shape (a section picked for "equals"), shown while its values are the ones it set.
  const [note, setNote] = useState<{ text: string; items: string } | null>(null);
  const showNote = note !== null && note.items === c.items && c.kind === 'list';
  return (
    <li className={`condition${errors.length || fieldError ? ' condition--invalid' : ''}`} aria-label={`Condition ${n}`} data-condition={c.id}>
      <AttributeInput condition={c} n={n} invalid={flagged('attribute')} describedBy={describe('attribute')} onChange={onChange} />
      <RelationInput condition={c} n={n} invalid={flagged('relation')} describedBy={describe('relation')} onChange={onChange} />
      <div className="condition__value">
        <ValueEditor
          condition={c}
          index={index}
          invalid={flagged('value')}
          describedBy={describe('value')}
          snapshotId={snapshotId}
          onChange={onChange}
          onNote={(text, items) => setNote({ text, items })}
        />
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
        <p id={errId} className="field__error condition__error">
          {errors.join(' ')}
        </p>
      ) : null}
      {fieldError ? (
        <p id={serverId} className="field__error condition__error condition__error--server" data-testid={`service-error-${n}`}>
          The service rejected this condition{fieldError.part ? ` (${fieldError.part})` : ''}: {fieldError.message}
        </p>
      ) : null}
      {check.hint && !errors.length && !fieldError ? <p className="field__hint condition__hint">{check.hint}</p> : null}
      {/* Always there (empty when nothing to say), so the note is announced when it appears. */}
      <p className="field__hint condition__hint condition__note" role="status">
        {showNote ? note.text : ''}
      </p>
    </li>
  );
}

/**
 * The relation menu: shows labels ("greater than") and takes a relation typed as its label, its name or a
 * symbol. Text that names no relation is kept as typed (a service may know more) and flagged on the row.
 */
function RelationInput({ condition: c, n, invalid, describedBy, onChange }: { condition: Condition; n: number; invalid: boolean; describedBy?: string; onChange(p: Partial<Condition>): void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const allowed = findAttribute(c.attribute)?.relations;
  const options = searchRelations(draft ?? '', allowed).map((r) => ({ value: r, label: RELATION_INFO[r].label, detail: r }));
  const others = allowed ? searchRelations(draft ?? '').filter((r) => !allowed.includes(r)) : [];
  const groups = [
    { label: allowed ? `Relations for ${findAttribute(c.attribute)?.label ?? c.attribute}` : 'Relations', options },
    ...(others.length ? [{ label: 'Not accepted for this attribute', options: others.map((r) => ({ value: r, label: RELATION_INFO[r].label, detail: r })) }] : []),
  ];
  const commit = () => {
    if (draft === null) return false;
    const r = parseRelation(draft) ?? draft.trim();
    setDraft(null);
    if (r !== c.relation) onChange({ relation: r });
    return true;
  };
  return (
    <Combobox
      className="condition__relation"
      label={`Relation of condition ${n}`}
      listLabel={`Relations to choose, condition ${n}`}
      placeholder="relation"
      value={draft ?? relationText(c.relation)}
      groups={groups}
      autoSelect
      invalid={invalid}
      describedBy={describedBy}
      onInput={(text) => {
        setDraft(text);
        const r = parseRelation(text);
        if (r && r !== c.relation) onChange({ relation: r });
      }}
      onPick={(o) => {
        setDraft(null);
        onChange({ relation: o.value });
      }}
      onBlur={() => void commit()}
      // Enter settles typed text first (Search must not run a relation other than the one shown).
      onEnter={commit}
    />
  );
}
