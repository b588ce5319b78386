// Keyboard paging shared by the service pages and loaded snapshots: Alt+Right / Alt+Left anywhere on
// the results, J / K while the grid has focus (not while typing in a field).
import type { KeyboardEvent } from 'react';

export const NEXT_KEYS = 'Alt+Right, or J in the grid';
export const PREVIOUS_KEYS = 'Alt+Left, or K in the grid';

/** 'next' / 'previous' for a paging key, null for any other key. */
export function pagingKey(e: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'target'>): 'next' | 'previous' | null {
  if (e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
    if (e.key === 'ArrowRight') return 'next';
    if (e.key === 'ArrowLeft') return 'previous';
    return null;
  }
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return null;
  const key = e.key.toLowerCase();
  if (key !== 'j' && key !== 'k') return null;
  const target = e.target as HTMLElement | null;
  if (!target?.closest?.('[role="grid"]') || target.matches('input:not([type="checkbox"]), textarea, select, [contenteditable="true"]')) return null;
  return key === 'j' ? 'next' : 'previous';
}

/** An onKeyDown for the results' container. `go` returns without doing anything at the ends. */
export function pagingKeyHandler(go: (direction: 'next' | 'previous') => void) {
  return (e: KeyboardEvent<HTMLElement>) => {
    const direction = pagingKey(e);
    if (!direction) return;
    e.preventDefault();
    e.stopPropagation();
    go(direction);
  };
}
