// The result grid's keyboard, as one table from a key to what it does: arrows, Home/End (with Ctrl to
// the first or last cell), PageUp/PageDown, Enter opens the record, Space selects the row, Ctrl+A
// selects every row, Ctrl+C copies TSV, Ctrl+Shift+Left/Right makes the focused column narrower or
// wider (the keyboard's drag of its edge). Alt+arrows page the results around the grid: not handled here.
import type { KeyboardEvent } from 'react';

export interface GridKeyTarget {
  /** The focused cell: row, and column (0 = select box). */
  r: number;
  c: number;
  rowCount: number;
  colCount: number;
  /** Rows in one PageUp/PageDown. */
  page: number;
  moveTo(r: number, c: number): void;
  open(r: number): void;
  toggleRow(r: number): void;
  selectAll(): void;
  copy(): void;
  /** Wider (+1) or narrower (-1) the focused data column. */
  resize(step: 1 | -1): void;
}

export function onGridKey(e: KeyboardEvent, t: GridKeyTarget): void {
  if (e.altKey) return;
  const { r, c } = t;
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  let action: (() => void) | undefined;
  if (mod && e.shiftKey && (key === 'ArrowLeft' || key === 'ArrowRight') && c > 0) {
    action = () => t.resize(key === 'ArrowRight' ? 1 : -1);
  } else if (mod && key === 'c') action = t.copy;
  else if (mod && key === 'a') action = t.selectAll;
  else if (key === ' ' && c > 0) action = () => t.toggleRow(r);
  else action = moves(t, mod)[key];
  if (!action) return;
  e.preventDefault();
  action();
}

function moves(t: GridKeyTarget, mod: boolean): Record<string, () => void> {
  const { r, c } = t;
  return {
    ArrowDown: () => t.moveTo(r + 1, c),
    ArrowUp: () => t.moveTo(r - 1, c),
    ArrowRight: () => t.moveTo(r, c + 1),
    ArrowLeft: () => t.moveTo(r, c - 1),
    Home: () => (mod ? t.moveTo(0, 0) : t.moveTo(r, 0)),
    End: () => (mod ? t.moveTo(t.rowCount - 1, t.colCount - 1) : t.moveTo(r, t.colCount - 1)),
    PageDown: () => t.moveTo(r + t.page, c),
    PageUp: () => t.moveTo(r - t.page, c),
    Enter: () => t.open(r),
  };
}
