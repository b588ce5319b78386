// The review cursor is a row (its file line), not a position: rows that arrive above or below it, or
// leave elsewhere in the queue, never move it. Only when its own row leaves the queue does it move,
// to the next row in file order (the queue is in file order), or the last one when none follows.

/** The line the cursor is on, given the rows shown now (in file order) and the line it was on. */
export function cursorLine(lines: readonly number[], wanted: number | null): number | null {
  const first = lines[0];
  if (first === undefined) return null;
  if (wanted === null) return first;
  if (lines.includes(wanted)) return wanted;
  return lines.find((l) => l > wanted) ?? lines.at(-1) ?? null;
}

export type CursorMove = 'next' | 'previous' | 'first' | 'last';

/** The line a move key leads to from `at` (moves stop at the ends). */
export function movedLine(lines: readonly number[], at: number | null, to: CursorMove): number | null {
  const first = lines[0];
  if (first === undefined) return null;
  if (to === 'first') return first;
  if (to === 'last') return lines.at(-1) ?? null;
  const i = at === null ? -1 : lines.indexOf(at);
  if (i < 0) return first;
  return lines[Math.max(0, Math.min(lines.length - 1, i + (to === 'next' ? 1 : -1)))] ?? null;
}
