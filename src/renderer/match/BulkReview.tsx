// Bulk step 4: review. Matched rows whose best candidate is under the threshold wait here; the
// analyst accepts, picks another candidate or rejects, with the mouse or the keyboard (the keys are
// shown). Rows at/above the threshold are accepted automatically and can still be changed. The cursor
// is a row, not a position (review-cursor.ts): rows landing around it while answers arrive never move
// it; deciding moves it to the next row, and the arrows only move.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { BulkJobView, BulkRowView } from '../../shared/bridge/groups/match';
import { DECISION_LABEL, type Decision, type ReviewChoice } from '../../shared/match/review';
import { SelectField } from '../ui/Field';
import { ErrorMessage } from '../ui/ErrorMessage';
import { DECISION_TEXT, formatConfidence, pageRange } from './match-format';
import { QUEUES, REVIEW_PAGE, useDecide, useReviewRows, useSetThreshold, type ReviewQueue } from '../data/match-review';
import { AddAcceptedToList } from './AddAcceptedToList';
import { reviewKey } from './review-keys';
import { cursorLine, movedLine } from './review-cursor';
import { ServiceText } from '../ui/ServiceText';
import { mutateThen } from '../data/mutate-then';


export function BulkReview({ job }: { job: BulkJobView }) {
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
  const tableRef = useRef<HTMLTableElement>(null);
  const r = job.review;
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
    setSaid(`${ACTION_TEXT[action]} line ${row.line}${next !== null && next !== row.line ? `; now on line ${next}` : ''}.`);
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

  const rowId = (line: number) => `match-review-${job.id}-${line}`;

  return (
    <section className="match-review" aria-labelledby="match-review-title">
      <h2 id="match-review-title">Review matches</h2>
      <ThresholdSlider job={job} />
      <p className="match-review__counts" role="status" aria-live="polite">
        {r.pending.toLocaleString('en-US')} waiting for review · {r.auto.toLocaleString('en-US')} auto-accepted · {r.accepted.toLocaleString('en-US')} accepted ·{' '}
        {r.picked.toLocaleString('en-US')} picked another · {r.rejected.toLocaleString('en-US')} rejected
      </p>
      <div className="match-bulk-rows__tools">
        <SelectField label="Show in review" value={queue} onChange={(e) => (setQueue(e.target.value as ReviewQueue), setOffset(0), setCursor(null))}>
          {(Object.keys(QUEUES) as ReviewQueue[]).map((q) => (
            <option key={q} value={q}>{QUEUES[q].label}</option>
          ))}
        </SelectField>
        <nav aria-label="Review pages" className="match-bulk-rows__pager">
          <button type="button" className="button button--small" disabled={offset === 0} onClick={() => (setOffset(Math.max(0, offset - REVIEW_PAGE)), setCursor(null))}>
            Previous
          </button>
          <span>
            {pageRange(offset, REVIEW_PAGE, total)}
          </span>
          <button type="button" className="button button--small" disabled={offset + REVIEW_PAGE >= total} onClick={() => (setOffset(offset + REVIEW_PAGE), setCursor(null))}>
            Next
          </button>
        </nav>
      </div>
      <p className="match-review__keys" id={`match-review-keys-${job.id}`}>
        Keyboard, with the table focused: <kbd>↑</kbd> <kbd>↓</kbd> move · <kbd>A</kbd> accept · <kbd>R</kbd> reject · <kbd>1</kbd>–<kbd>9</kbd> pick that
        candidate · <kbd>U</kbd> or <kbd>Ctrl</kbd>+<kbd>Z</kbd> undo the last decision. Deciding moves to the next row; the arrows only move.
      </p>
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
      {rows.error ? <ErrorMessage error={rows.error} /> : null}
      {decide.error ? <ErrorMessage error={decide.error} /> : null}
      {list.length === 0 ? (
        <p className="match-review__empty">{queue === 'pending' ? 'Nothing waits for review.' : 'No rows here.'}</p>
      ) : (
        <div className="match-review__body">
          <div className="table-wrap">
            <table
              ref={tableRef}
              role="grid"
              className="data-table match-review__table"
              aria-label="Review queue"
              aria-describedby={`match-review-keys-${job.id}`}
              tabIndex={0}
              aria-activedescendant={current ? rowId(current.line) : undefined}
              onKeyDown={onKey}
            >
              <thead>
                <tr>
                  <th scope="col" className="num">Line</th>
                  <th scope="col">Name in the file</th>
                  <th scope="col">Best candidate</th>
                  <th scope="col" className="num">Confidence</th>
                  <th scope="col">Decision</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {list.map((row) => {
                  const best = row.choices?.[0];
                  const chosen = row.choices?.find((c) => c.companyId === row.chosenId);
                  return (
                    <tr
                      key={row.line}
                      id={rowId(row.line)}
                      aria-selected={row === current}
                      className={`match-review__row${row === current ? ' match-review__row--active' : ''}`}
                      onClick={() => setCursor(row.line)}
                    >
                      <td className="num">{row.line}</td>
                      <td>{[row.input.name, row.input.country].filter(Boolean).join(', ')}</td>
                      <td>{best ? <ServiceText text={choiceLabel(best)} /> : ''}</td>
                      <td className="num">{best ? formatConfidence(best.confidence) : ''}</td>
                      <td>
                        <span className={`pill ${decisionClass(row.decision)}`}>{row.decision ? DECISION_TEXT[row.decision] : ''}</span>
                        {row.decision === 'picked' && chosen ? <span className="match-review__chosen"> {choiceLabel(chosen)}</span> : null}
                      </td>
                      <td className="match-review__actions">
                        <button type="button" className="button button--small" tabIndex={-1} onClick={() => act(row, 'accept')} aria-label={`Accept line ${row.line}`}>
                          Accept
                        </button>
                        <button type="button" className="button button--small" tabIndex={-1} onClick={() => act(row, 'reject')} aria-label={`Reject line ${row.line}`}>
                          Reject
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {current ? <Candidates row={current} onPick={(c) => act(current, 'pick', c.companyId)} onReset={() => act(current, 'reset')} /> : null}
        </div>
      )}
      <AddAcceptedToList job={job} />
    </section>
  );
}

type Decide = { action: 'accept' | 'reject' | 'pick' | 'reset'; companyId?: string };
const ACTION_TEXT = { accept: 'Accepted', reject: 'Rejected', pick: 'Picked another candidate for', reset: 'Back to automatic:' } as const;
const UNDONE_TEXT = { accept: 'accepted', reject: 'rejected', pick: 'picked', reset: 'as the threshold decides' } as const;

/** How to give a row the decision it has now (the analyst's own, or the threshold's). */
function decisionOf(row: BulkRowView): Decide {
  if (row.decision === 'accepted') return { action: 'accept' };
  if (row.decision === 'rejected') return { action: 'reject' };
  if (row.decision === 'picked' && row.chosenId) return { action: 'pick', companyId: row.chosenId };
  return { action: 'reset' };
}

function Candidates({ row, onPick, onReset }: { row: BulkRowView; onPick(c: ReviewChoice): void; onReset(): void }) {
  return (
    <aside className="match-review__candidates" aria-labelledby={`match-review-cands-${row.line}`}>
      <h3 id={`match-review-cands-${row.line}`}>
        Candidates for line {row.line}
        {row.input.name ? `: ${row.input.name}` : ''}
      </h3>
      <ol className="match-review__choices">
        {(row.choices ?? []).map((c, i) => (
          <li key={c.companyId} className={c.companyId === row.chosenId ? 'match-review__choice--chosen' : undefined}>
            <button type="button" className="button button--small" onClick={() => onPick(c)} aria-label={`Pick candidate ${i + 1}: ${choiceLabel(c)}`}>
              {i + 1}
            </button>{' '}
            <span>
              {choiceLabel(c)} · {formatConfidence(c.confidence)}
              {c.website ? ` · ${c.website}` : ''}
            </span>
            {c.companyId === row.chosenId ? <span className="visually-hidden"> (chosen)</span> : null}
          </li>
        ))}
      </ol>
      {row.decision && row.decision !== 'auto' && row.decision !== 'pending' ? (
        <button type="button" className="button button--small button--ghost" onClick={onReset}>
          Undo: back to automatic
        </button>
      ) : null}
      <p className="match-review__note">Export writes this as “{row.decision ? DECISION_LABEL[row.decision] : ''}”.</p>
    </aside>
  );
}

function ThresholdSlider({ job }: { job: BulkJobView }) {
  const setThreshold = useSetThreshold(job.id);
  const [value, setValue] = useState(Math.round(job.review.threshold * 100));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Follow the job when another view moved it (or a new job starts with the profile's threshold).
  useEffect(() => {
    if (!timer.current) setValue(Math.round(job.review.threshold * 100));
  }, [job.id, job.review.threshold]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const change = (v: number) => {
    setValue(v);
    if (timer.current) clearTimeout(timer.current);
    // Main re-sorts every row on each move: send the value once the slider rests.
    timer.current = setTimeout(() => {
      timer.current = null;
      setThreshold.mutate(v / 100);
    }, 200);
  };

  return (
    <div className="field match-review__threshold">
      <label htmlFor={`match-threshold-${job.id}`} className="field__label">
        Accept automatically at or above {value}% confidence
      </label>
      <input
        id={`match-threshold-${job.id}`}
        type="range"
        min={0}
        max={100}
        step={1}
        value={value}
        aria-valuetext={`${value}%`}
        aria-describedby={`match-threshold-hint-${job.id}`}
        onChange={(e) => change(Number(e.target.value))}
      />
      <p className="field__hint" id={`match-threshold-hint-${job.id}`}>
        Rows whose best candidate is below it wait for review. Remembered for this profile.
      </p>
      {setThreshold.error ? <ErrorMessage error={setThreshold.error} /> : null}
    </div>
  );
}

function choiceLabel(c: ReviewChoice): string {
  return [c.name ?? c.companyId, c.country].filter(Boolean).join(', ');
}

function decisionClass(d: Decision | null): string {
  if (d === 'rejected') return 'pill--error';
  if (d === 'pending') return 'pill--warn';
  return d ? 'pill--ok' : '';
}
