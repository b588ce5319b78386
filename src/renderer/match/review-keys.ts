// The review queue's keys, as one pure mapping (the table shows them; tests hold them to it).
import type { ReviewChoice } from '../../shared/match/review';

export type ReviewKeyResult =
  | { kind: 'move'; to: 'next' | 'previous' | 'first' | 'last' }
  | { kind: 'undo' }
  | { kind: 'decide'; action: 'accept' | 'reject' | 'reset' }
  | { kind: 'decide'; action: 'pick'; companyId: string }
  | null;

/** What a key press on the focused queue does; null = not ours (the browser keeps it). */
export function reviewKey(e: { key: string; altKey?: boolean; ctrlKey?: boolean; metaKey?: boolean; shiftKey?: boolean }, choices: readonly ReviewChoice[] | undefined): ReviewKeyResult {
  // Ctrl+Z (Cmd+Z on macOS) undoes the last decision, as everywhere else; Ctrl+Shift+Z is not ours.
  if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'z') return { kind: 'undo' };
  if (e.altKey || e.ctrlKey || e.metaKey) return null;
  switch (e.key) {
    case 'ArrowDown':
      return { kind: 'move', to: 'next' };
    case 'ArrowUp':
      return { kind: 'move', to: 'previous' };
    case 'Home':
      return { kind: 'move', to: 'first' };
    case 'End':
      return { kind: 'move', to: 'last' };
  }
  const k = e.key.toLowerCase();
  if (k === 'a') return { kind: 'decide', action: 'accept' };
  if (k === 'r') return { kind: 'decide', action: 'reject' };
  if (k === 'u') return { kind: 'undo' };
  if (/^[1-9]$/.test(k)) {
    const c = choices?.[Number(k) - 1];
    return c ? { kind: 'decide', action: 'pick', companyId: c.companyId } : null;
  }
  return null;
}
