// The combobox's keys on their own: Down opens on the first option and wraps, Enter picks the
// highlighted option or falls to onEnter, Escape closes only an open list, other keys pass through.
import type { KeyboardEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { comboboxKeyDown, type ComboKeyState } from '../../../src/renderer/search/pickers/combobox-keys';

const flat = [
  { value: 'a', label: 'A' },
  { value: 'b', label: 'B' },
];

function key(k: string, altKey = false) {
  return { key: k, altKey, preventDefault: vi.fn(), stopPropagation: vi.fn() } as unknown as KeyboardEvent<HTMLInputElement>;
}

function state(over: Partial<ComboKeyState> = {}): ComboKeyState {
  return { shown: true, current: -1, flat, setOpen: vi.fn(), setActive: vi.fn(), pick: vi.fn(), onKeyDown: vi.fn(), ...over };
}

describe('comboboxKeyDown', () => {
  it('opens a closed list on Down at the first option, and wraps Up from the first to the last', () => {
    const closed = state({ shown: false });
    comboboxKeyDown(key('ArrowDown'), closed);
    expect(closed.setOpen).toHaveBeenCalledWith('keyboard');
    expect(closed.setActive).toHaveBeenCalledWith(0);
    const open = state({ current: 0 });
    comboboxKeyDown(key('ArrowUp'), open);
    expect(open.setActive).toHaveBeenCalledWith(1);
    expect(open.onKeyDown).not.toHaveBeenCalled();
  });

  it('picks the highlighted option on Enter, else asks onEnter and closes when it handled it', () => {
    const s = state({ current: 1 });
    comboboxKeyDown(key('Enter'), s);
    expect(s.pick).toHaveBeenCalledWith(flat[1]);
    const free = state({ onEnter: () => true });
    const e = key('Enter');
    comboboxKeyDown(e, free);
    expect(free.setOpen).toHaveBeenCalledWith(null);
    expect(e.preventDefault).toHaveBeenCalled();
    expect(free.onKeyDown).not.toHaveBeenCalled();
  });

  it('closes a shown list on Escape without passing it on; a closed list lets Escape through', () => {
    const e = key('Escape');
    const s = state();
    comboboxKeyDown(e, s);
    expect(e.stopPropagation).toHaveBeenCalled();
    expect(s.onKeyDown).not.toHaveBeenCalled();
    const closed = state({ shown: false });
    comboboxKeyDown(key('Escape'), closed);
    expect(closed.onKeyDown).toHaveBeenCalled();
  });
});
