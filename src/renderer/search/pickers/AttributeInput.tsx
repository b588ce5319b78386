// The attribute of a condition, as a combobox like the relation and the value: the list shows labels
// ("Country") with the field name as detail; a label or a field name typed whole (any case) is that
// attribute at once, and the field name is what the condition holds and sends. Other text is kept as
// typed (the row flags an unknown attribute).
import { useState } from 'react';
import type { Condition } from '../../state/filter-model';
import { attributeOptions, resolveAttribute } from './attribute-options';
import { Combobox } from './Combobox';

export interface AttributeInputProps {
  condition: Condition;
  /** The condition's number (1-based). */
  n: number;
  invalid: boolean;
  describedBy?: string;
  onChange(patch: Partial<Condition>): void;
}

export function AttributeInput({ condition: c, n, invalid, describedBy, onChange }: AttributeInputProps) {
  /** The text as typed (a label, say) until Enter, a pick or leaving the field shows the field name. */
  const [draft, setDraft] = useState<string | null>(null);
  const set = (attribute: string) => {
    if (attribute !== c.attribute) onChange({ attribute });
  };
  const commit = () => {
    if (draft === null) return false;
    setDraft(null);
    set(resolveAttribute(draft) ?? draft.trim());
    return true;
  };
  return (
    <Combobox
      className="condition__attribute"
      label={`Attribute of condition ${n}`}
      listLabel={`Attributes to choose, condition ${n}`}
      placeholder="attribute"
      value={draft ?? c.attribute}
      groups={attributeOptions(draft ?? '')}
      autoSelect
      invalid={invalid}
      describedBy={describedBy}
      onInput={(text) => {
        setDraft(text);
        set(resolveAttribute(text) ?? text);
      }}
      onPick={(o) => {
        setDraft(null);
        set(o.value);
      }}
      onBlur={() => void commit()}
      // Enter settles the typed text first (Search must not run with an attribute other than the one shown).
      onEnter={commit}
    />
  );
}
