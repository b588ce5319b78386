// A whole NACE section among an in / not_in list's industry codes, as one chip: "C Manufacturing" with a
// "8 codes" button that shows (and lets the analyst remove) the codes that are sent, and one remove button
// for the lot. The codes stay in the condition one by one: the JSON body lists every one.
import { useId, useState } from 'react';
import type { SectionChip as SectionChipModel } from './nace-sections';
import { valueLabel } from './value-options';

export interface SectionChipProps {
  chip: SectionChipModel;
  /** The condition's number (1-based), for the buttons' names. */
  n: number;
  onRemove(): void;
  onRemoveCode(code: string): void;
}

export function SectionChip({ chip: { section: s, codes }, n, onRemove, onRemoveCode }: SectionChipProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const count = `${codes.length} ${codes.length === 1 ? 'code' : 'codes'}`;
  return (
    <li className="chip chip--section">
      <span className="chip__text">
        {s.letter} {s.label}
      </span>
      <button
        type="button"
        className="chip__toggle"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`${count} of section ${s.letter}, condition ${n}`}
        onClick={() => setOpen((o) => !o)}
      >
        {count}
      </button>
      <button type="button" className="chip__remove" aria-label={`Remove section ${s.letter} from condition ${n}`} title={`Remove section ${s.letter}`} onClick={onRemove}>
        ×
      </button>
      <ul id={listId} className="chip__codes" aria-label={`Codes of section ${s.letter}, condition ${n}`} hidden={!open}>
        {codes.map((code) => (
          <li key={code} className="chip">
            <span className="chip__text">{valueLabel('industry_code', code)}</span>
            <button type="button" className="chip__remove" aria-label={`Remove ${code} from condition ${n}`} title={`Remove ${code}`} onClick={() => onRemoveCode(code)}>
              ×
            </button>
          </li>
        ))}
      </ul>
    </li>
  );
}
