// A text input with a suggestion list, after the ARIA 1.2 combobox pattern: the input keeps focus,
// aria-activedescendant names the highlighted option, Down/Up move, Enter picks, Escape closes.
// Any text stays typeable: suggestions help, they never replace what the analyst writes. Pickers over a
// closed catalogue set `autoSelect` (ARIA "list autocomplete with automatic selection"): while typing,
// the best suggestion is highlighted, so Enter takes it; Escape closes the list and Enter keeps the text.
import { useId, useState, type ClipboardEvent, type KeyboardEvent, type ReactNode } from 'react';
import { selectOnFocus } from './select-on-focus';

export interface ComboOption {
  /** What picking it writes. */
  value: string;
  /** The option's text (what is matched and read out). */
  label: string;
  /** Quieter text after the label (a code, a count, countries). */
  detail?: string;
  /** Indentation in a tree (0 top level). */
  level?: number;
  /** Several values picked at once (a whole NACE section); `value` names them. */
  values?: readonly string[];
}
export interface ComboGroup {
  label: string;
  options: ComboOption[];
}

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
  const [open, setOpen] = useState<'typing' | 'keyboard' | null>(null);
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

  const move = (delta: number) => {
    if (count === 0) return;
    setOpen('keyboard');
    setActive(current < 0 ? (delta > 0 ? 0 : count - 1) : (current + delta + count) % count);
  };
  const pick = (o: ComboOption) => {
    onPick(o);
    setOpen(null);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (e.altKey) {
          setOpen('keyboard');
          return;
        }
        if (!shown) {
          setOpen('keyboard');
          setActive(0);
          return;
        }
        move(1);
        return;
      case 'ArrowUp':
        e.preventDefault();
        if (!shown) {
          setOpen('keyboard');
          setActive(count - 1);
          return;
        }
        move(-1);
        return;
      case 'Home':
      case 'End':
        if (shown && current >= 0 && count) {
          e.preventDefault();
          setActive(e.key === 'Home' ? 0 : count - 1);
        }
        return;
      case 'Enter':
        if (shown && current >= 0 && flat[current]) {
          e.preventDefault();
          pick(flat[current]);
          return;
        }
        if (props.onEnter?.()) {
          e.preventDefault();
          setOpen(null);
          return;
        }
        break;
      case 'Escape':
        if (shown) {
          e.preventDefault();
          e.stopPropagation();
          setOpen(null);
          setActive(-1);
          return;
        }
        break;
      case 'Tab':
        setOpen(null);
        break;
    }
    props.onKeyDown?.(e);
  };

  let n = -1;
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
        onPaste={props.onPaste}
        // Typing replaces the text that is there (no Ctrl+A to retype a relation or a value).
        {...selectOnFocus(props.onFocus)}
        onBlur={() => {
          setOpen(null);
          setActive(-1);
          props.onBlur?.();
        }}
      />
      <div id={listId} role="listbox" aria-label={props.listLabel} className="combobox__list" hidden={!shown}>
        {count === 0 && shown ? <div className="combobox__empty">{props.emptyText}</div> : null}
        {groups.map((g, gi) =>
          g.options.length === 0 ? null : (
            <div key={`${gi}-${g.label}`} role="group" aria-labelledby={`${id}-g${gi}`} className="combobox__group">
              <div id={`${id}-g${gi}`} className="combobox__group-label" role="presentation">
                {g.label}
              </div>
              {g.options.map((o) => {
                const i = ++n;
                return (
                  <div
                    key={`${o.value}-${i}`}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === current}
                    className={`combobox__option${i === current ? ' combobox__option--active' : ''}`}
                    style={o.level ? { paddingInlineStart: `${0.5 + o.level * 1.1}rem` } : undefined}
                    // mousedown, not click: the input keeps focus (a blur would close the list first).
                    onMouseDown={(e) => {
                      e.preventDefault();
                      pick(o);
                    }}
                    onMouseMove={() => setActive(i)}
                  >
                    <span className="combobox__label">{o.label}</span>
                    {o.detail ? <span className="combobox__detail">{o.detail}</span> : null}
                  </div>
                );
              })}
            </div>
          ),
        )}
      </div>
    </div>
  );
}
