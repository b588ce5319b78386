// The values of an in / not_in condition as chips. Comma or Enter ends a value; a paste splits (a column
// copied from a spreadsheet on its lines and tabs, other text on commas); Backspace in the empty box
// removes the last chip; every chip has its own labelled remove button. A whole NACE section among the
// industry codes reads as one chip ("C Manufacturing (8 codes)") that opens on demand.
import { useState, type ClipboardEvent } from 'react';
import { addChips, listItems, removeChip, splitChipText, type Condition } from '../../state/filter-model';
import { Combobox } from './Combobox';
import { sectionChips } from './nace-sections';
import { SectionChip } from './SectionChip';
import { useSeenValues } from './seen-values';
import { autoSelects, valueLabel, valueOptions } from './value-options';

export interface ChipsInputProps {
  condition: Condition;
  index: number;
  invalid?: boolean;
  describedBy?: string;
  snapshotId: number | null;
  onChange(patch: Partial<Condition>): void;
}

export function ChipsInput({ condition: c, index, invalid, describedBy, snapshotId, onChange }: ChipsInputProps) {
  const n = index + 1;
  const [draft, setDraft] = useState('');
  const chips = listItems(c);
  const seen = useSeenValues(snapshotId, c.attribute, draft);
  const groups = valueOptions({ attribute: c.attribute, relation: c.relation, query: draft, seen, exclude: chips });
  const sections = c.attribute === 'industry_code' ? sectionChips(chips) : [];
  const grouped = new Set(sections.flatMap((s) => s.codes));

  const add = (values: string[]) => {
    const next = addChips(c, values);
    if (next.items !== c.items) onChange({ items: next.items });
  };
  const commit = () => {
    if (draft.trim() === '') return false;
    add(splitChipText(draft));
    setDraft('');
    return true;
  };
  const onInput = (text: string) => {
    // A typed comma (or text with commas filled in at once) ends the values before it.
    if (!/[,\n\t]/.test(text)) return setDraft(text);
    const cut = Math.max(text.lastIndexOf(','), text.lastIndexOf('\n'), text.lastIndexOf('\t'));
    add(splitChipText(text.slice(0, cut)));
    setDraft(text.slice(cut + 1).trimStart());
  };
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text/plain');
    if (!/[,\n\t]/.test(text)) return; // one value: let it land in the box as typed
    e.preventDefault();
    add(splitChipText(`${draft}${/[\r\n\t]/.test(text) ? '\n' : ','}${text}`));
    setDraft('');
  };

  return (
    <div className={`chips${invalid ? ' chips--invalid' : ''}`}>
      {chips.length ? (
        <ul className="chips__list" aria-label={`Values of condition ${n}`}>
          {sections.map((s) => (
            <SectionChip
              key={s.section.letter}
              chip={s}
              n={n}
              onRemove={() => onChange({ items: chips.filter((v) => !s.codes.includes(v)).join('\n') })}
              onRemoveCode={(code) => onChange({ items: chips.filter((v) => v !== code).join('\n') })}
            />
          ))}
          {chips.map((v, i) => grouped.has(v) ? null : (
            <li key={`${v}-${i}`} className="chip">
              <span className="chip__text">{valueLabel(c.attribute, v)}</span>
              <button
                type="button"
                className="chip__remove"
                aria-label={`Remove ${v} from condition ${n}`}
                title={`Remove ${v}`}
                onClick={() => onChange({ items: removeChip(c, i).items })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Combobox
        label={`Add a value to condition ${n}`}
        listLabel={`Suggested values, condition ${n}`}
        placeholder={chips.length ? 'add more…' : 'type, then comma or Enter; or paste a column'}
        value={draft}
        groups={groups}
        autoSelect={autoSelects(c.attribute)}
        invalid={invalid}
        describedBy={describedBy}
        onInput={onInput}
        onPick={(o) => {
          add(o.values ? [...o.values] : [o.value]);
          setDraft('');
        }}
        onEnter={commit}
        onPaste={onPaste}
        onBlur={() => void commit()}
        onKeyDown={(e) => {
          if (e.key === 'Backspace' && draft === '' && chips.length) {
            e.preventDefault();
            onChange({ items: removeChip(c, chips.length - 1).items });
          }
        }}
      />
    </div>
  );
}
