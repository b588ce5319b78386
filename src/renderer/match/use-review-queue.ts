// The review queue as one hook: which queue and page are shown, the rows decided here (they leave at
// once, not when the refetch lands), the cursor (a row, review-cursor.ts) with what it says to screen
// readers, deciding, undo, and the keys (review-keys.ts). BulkReview only draws what this holds.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { BulkJobView, BulkRowView } from '../../shared/bridge/groups/match';
import { REVIEW_PAGE, useDecide, useReviewRows, type ReviewQueue } from '../data/match-review';
import { mutateThen } from '../data/mutate-then';
import { reviewKey } from './review-keys';
import { cursorLine, movedLine } from './review-cursor';
import { actionText, decisionOf, UNDONE_TEXT, type Decide } from './review-decision';

export function useReviewQueue(job: BulkJobView) {
  const [queue, setQueue] = useState<ReviewQueue>('pending');
  const [offset, setOffset] = useState(0);
  /** The file line of the row the cursor is on (null: the first row). */
  const [cursor, setCursor] = useState<number | null>(null);
  /** What the cursor did that the analyst did not ask for, read out by screen readers. */
  const [said, setSaid] = useState('');
  const rows = useReviewRows(job, queue, offset);
  const decide = useDecide(job.id);
  // Rows decided here leave the queue at once, not when the refetch lands: a quick A then R must
  // reach the next row, never the one just accepted (forgotten when the queue or page changes).
  const [decided, setDecided] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => setDecided(new Set()), [queue, offset]);
  const list = (rows.data?.rows ?? []).filter((row) => !decided.has(row.line));
  const total = rows.data?.total ?? 0;
  const lines = list.map((row) => row.line);
  const line = cursorLine(lines, cursor);
  const current = list.find((row) => row.line === line);
  /** Decisions made here, newest last, each with how to put its row back (U / Ctrl+Z). */
  const undoStack = useRef<Array<{ line: number; back: Decide }>>([]);
  /** A row an undo is bringing back to the queue: the cursor waits for it instead of moving on. */
  const returning = useRef<number | null>(null);

  // The cursor's row left the queue (decided elsewhere, or a new answer changed it): it is on the
  // next row now; keep it there and say so.
  useEffect(() => {
    if (cursor !== null && cursor === returning.current) {
      if (line === cursor) returning.current = null;
      return;
    }
    if (cursor === null || line === cursor) return;
    setSaid(line === null ? `Line ${cursor} left the queue.` : `Line ${cursor} left the queue; now on line ${line}.`);
    setCursor(line);
  }, [cursor, line]);
  useEffect(() => {
    if (offset > 0 && offset >= total) setOffset(Math.max(0, Math.floor((total - 1) / REVIEW_PAGE) * REVIEW_PAGE));
  }, [offset, total]);

  const act = (row: BulkRowView, action: Decide['action'], companyId?: string) => {
    undoStack.current.push({ line: row.line, back: decisionOf(row) });
    const leaves = queue === 'pending' && action !== 'reset';
    mutateThen(
      decide,
      { line: row.line, action, ...(companyId ? { companyId } : {}) },
      // Not stored: the row comes back to the queue (the error is shown by the mutation).
      { onError: () => leaves && setDecided((d) => new Set([...d].filter((l) => l !== row.line))) },
    );
    if (leaves) setDecided((d) => new Set(d).add(row.line));
    // Deciding moves to the next row: in the queue the decided row leaves, elsewhere it stays.
    const next = leaves ? cursorLine(lines.filter((l) => l !== row.line), row.line) : movedLine(lines, row.line, 'next');
    setCursor(next);
    setSaid(`${actionText(action, row, companyId)}${next !== null && next !== row.line ? `; now on line ${next}` : ''}.`);
  };

  /** Puts the row of the last decision made here back as it was, and the cursor on it. */
  const undo = () => {
    const last = undoStack.current.pop();
    if (!last) return setSaid('Nothing to undo.');
    const { line: back, back: was } = last;
    returning.current = back;
    mutateThen(decide, { line: back, ...was }, { onError: () => (returning.current = null) });
    setDecided((d) => new Set([...d].filter((l) => l !== back)));
    setCursor(back);
    setSaid(`Undone: line ${back} is ${UNDONE_TEXT[was.action]} again.`);
  };

  const onKey = (e: KeyboardEvent<HTMLTableElement>) => {
    const k = reviewKey(e, current?.choices);
    if (!k) return;
    e.preventDefault();
    if (k.kind === 'move') {
      setCursor(movedLine(lines, line, k.to));
    } else if (k.kind === 'undo') {
      undo();
    } else if (current) {
      act(current, k.action, k.action === 'pick' ? k.companyId : undefined);
    }
  };

  /** Another queue or page: the cursor starts on its first row. */
  const showQueue = (q: ReviewQueue) => (setQueue(q), setOffset(0), setCursor(null));
  const showPage = (at: number) => (setOffset(at), setCursor(null));

  return { queue, offset, total, list, current, said, rowsError: rows.error, decideError: decide.error, act, onKey, setCursor, showQueue, showPage };
}
