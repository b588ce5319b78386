// The keyboard of the combobox (Combobox.tsx), after the ARIA 1.2 pattern: Down/Up open and move,
// Home/End jump, Enter picks, Escape closes, Tab leaves. A plain function over the combobox's state
// so the key rules read, and are tested, without rendering.
import type { KeyboardEvent } from 'react';
import type { ComboOption } from './combo-option';

export type ComboOpen = 'typing' | 'keyboard' | null;

export interface ComboKeyState {
  /** Whether the list is shown. */
  shown: boolean;
  /** The highlighted option's index, -1 for none. */
  current: number;
  /** The options in list order. */
  flat: readonly ComboOption[];
  setOpen(open: ComboOpen): void;
  setActive(index: number): void;
  pick(option: ComboOption): void;
  /** Enter with no option highlighted; true when handled. */
  onEnter?(): boolean;
  /** Keys the combobox does not take reach the caller's handler. */
  onKeyDown?(e: KeyboardEvent<HTMLInputElement>): void;
}

export function comboboxKeyDown(e: KeyboardEvent<HTMLInputElement>, s: ComboKeyState): void {
  const { shown, current, flat, setOpen, setActive } = s;
  const count = flat.length;
  const move = (delta: number) => {
    if (count === 0) return;
    setOpen('keyboard');
    setActive(current < 0 ? (delta > 0 ? 0 : count - 1) : (current + delta + count) % count);
  };
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
        s.pick(flat[current]);
        return;
      }
      if (s.onEnter?.()) {
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
  s.onKeyDown?.(e);
}
