// A text input with a suggestion list, after the ARIA 1.2 combobox pattern: the input keeps focus,
// aria-activedescendant names the highlighted option, Down/Up move, Enter picks, Escape closes.
// Any text stays typeable: suggestions help, they never replace what the analyst writes. Pickers over a
// closed catalogue set `autoSelect` (ARIA "list autocomplete with automatic selection"): while typing,
// the best suggestion is highlighted, so Enter takes it; Escape closes the list and Enter keeps the text.
// The keys live in combobox-keys.ts, the list in ComboboxList.tsx.
import { useId, useState, type ClipboardEvent, type KeyboardEvent, type ReactNode } from 'react';
import type { ComboGroup, ComboOption } from './combo-option';
import { comboboxKeyDown, type ComboOpen } from './combobox-keys';
import { ComboboxList } from './ComboboxList';
import { selectOnFocus } from './select-on-focus';

export type { ComboGroup, ComboOption } from './combo-option';

export interface ComboboxProps {
  label: string;
  /** Name of the suggestion list; must not contain `label` (tests and assistive tech find fields by it). */
  listLabel: string;
  value: string;
  groups: readonly ComboGroup[];
  onInput(text: string): void;
  onPick(option: ComboOption): void;
  /** Highlight the first suggestion while typing, so Enter picks it (closed catalogues only, not free text). */
  autoSelect?: boolean;
  /** Enter with no option highlighted (chips commit the typed text). Return true when handled. */
  onEnter?(): boolean;
  onKeyDown?(e: KeyboardEvent<HTMLInputElement>): void;
  onPaste?(e: ClipboardEvent<HTMLInputElement>): void;
  onBlur?(): void;
  onFocus?(): void;
  invalid?: boolean;
  describedBy?: string;
  placeholder?: string;
  className?: string;
  type?: 'text' | 'number';
  /** Shown in the list when nothing matches. */
  emptyText?: string;
  children?: ReactNode;
}

export function Combobox(props: ComboboxProps) {
  const { label, value, groups, onInput, onPick, invalid, describedBy, placeholder, className } = props;
  const id = useId();
  const listId = `${id}-list`;
  /** Opened by typing (shown only while the text is not yet a whole value) or by the keyboard (shown). */
  const [open, setOpen] = useState<ComboOpen>(null);
  const [active, setActive] = useState(-1);
  const flat = groups.flatMap((g) => g.options);
  const count = flat.length;
  const typed = value.trim().toLowerCase();
  // Typed text that is an option's whole value or label needs no list. An option of several values (a NACE
  // section, named by its letter) is never written as typed: it stays on offer.
  const complete = typed !== '' && flat.some((o) => !o.values && (o.value.toLowerCase() === typed || o.label.toLowerCase() === typed));
  const shown =
    open !== null && (count > 0 || Boolean(props.emptyText && typed !== '')) && (open === 'keyboard' || (typed !== '' && !complete));
  const optionId = (i: number) => `${id}-opt-${i}`;
  // The highlighted option: the one moved to, else (automatic selection, while typing) the first.
  const current = active >= 0 && active < count ? active : props.autoSelect && shown && open === 'typing' && count > 0 ? 0 : -1;

  const pick = (o: ComboOption) => {
    onPick(o);
    setOpen(null);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) =>
    comboboxKeyDown(e, { shown, current, flat, setOpen, setActive, pick, onEnter: props.onEnter, onKeyDown: props.onKeyDown });

  return (
    <div className={`combobox${className ? ` ${className}` : ''}`}>
      {props.children}
      <input
        className="field__input combobox__input"
        type={props.type ?? 'text'}
        step={props.type === 'number' ? 'any' : undefined}
        role="combobox"
        aria-label={label}
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && current >= 0 ? optionId(current) : undefined}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(e) => {
          onInput(e.target.value);
          setOpen('typing');
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        // A click opens the whole list, as a select does; another click closes it.
        onClick={() => setOpen((o) => (o === 'keyboard' ? null : 'keyboard'))}
        onPaste={props.onPaste}
        // Typing replaces the text that is there (no Ctrl+A to retype a relation or a value).
        {...selectOnFocus(props.onFocus)}
        onBlur={() => {
          setOpen(null);
          setActive(-1);
          props.onBlur?.();
        }}
      />
      <ComboboxList
        id={id}
        listId={listId}
        listLabel={props.listLabel}
        shown={shown}
        groups={groups}
        count={count}
        current={current}
        emptyText={props.emptyText}
        optionId={optionId}
        pick={pick}
        setActive={setActive}
      />
    </div>
  );
}
