// The suggestion list of the combobox (Combobox.tsx): a listbox of labelled groups whose options are
// numbered in list order, so the input's aria-activedescendant can name the highlighted one.
import type { ComboGroup, ComboOption } from './combo-option';

export interface ComboboxListProps {
  /** The combobox's useId(); group and option ids derive from it. */
  id: string;
  listId: string;
  listLabel: string;
  shown: boolean;
  groups: readonly ComboGroup[];
  /** Number of options across all groups. */
  count: number;
  current: number;
  emptyText?: string;
  optionId(i: number): string;
  pick(option: ComboOption): void;
  setActive(index: number): void;
}

export function ComboboxList({ id, listId, listLabel, shown, groups, count, current, emptyText, optionId, pick, setActive }: ComboboxListProps) {
  let n = -1;
  return (
    <div id={listId} role="listbox" aria-label={listLabel} className="combobox__list" hidden={!shown}>
      {count === 0 && shown ? <div className="combobox__empty">{emptyText}</div> : null}
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
  );
}
