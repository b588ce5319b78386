// Bulk step 4: review. Matched rows whose best candidate is under the threshold wait here; the
// analyst accepts, picks another candidate or rejects, with the mouse or the keyboard (the keys are
// shown). Rows at/above the threshold are accepted automatically and can still be changed. The cursor
// is a row, not a position (review-cursor.ts): rows landing around it while answers arrive never move
// it; deciding moves it to the next row, and the arrows only move.
// This module lays the screen out; the queue, cursor and undo are use-review-queue.ts, the pieces
// ThresholdSlider, ReviewTable and ReviewCandidates.
import type { BulkJobView } from '../../shared/bridge/groups/match';
import { SelectField } from '../ui/Field';
import { ErrorMessage } from '../ui/ErrorMessage';
import { pageRange } from './match-format';
import { QUEUES, REVIEW_PAGE, type ReviewQueue } from '../data/match-review';
import { AddAcceptedToList } from './AddAcceptedToList';
import { useReviewQueue } from './use-review-queue';
import { ThresholdSlider } from './ThresholdSlider';
import { ReviewTable } from './ReviewTable';
import { ReviewCandidates } from './ReviewCandidates';
import { formatCount } from '../ui/format';

export function BulkReview({ job }: { job: BulkJobView }) {
  const { queue, offset, total, list, current, said, rowsError, decideError, act, onKey, setCursor, showQueue, showPage } = useReviewQueue(job);
  const r = job.review;

  return (
    <section className="match-review" aria-labelledby="match-review-title">
      <h2 id="match-review-title">Review matches</h2>
      <ThresholdSlider job={job} />
      <p className="match-review__counts" role="status" aria-live="polite">
        {formatCount(r.pending)} waiting for review · {formatCount(r.auto)} auto-accepted · {formatCount(r.accepted)} accepted ·{' '}
        {formatCount(r.picked)} picked another · {formatCount(r.rejected)} rejected
      </p>
      <div className="match-bulk-rows__tools">
        <SelectField label="Show in review" value={queue} onChange={(e) => showQueue(e.target.value as ReviewQueue)}>
          {(Object.keys(QUEUES) as ReviewQueue[]).map((q) => (
            <option key={q} value={q}>{QUEUES[q].label}</option>
          ))}
        </SelectField>
        <nav aria-label="Review pages" className="match-bulk-rows__pager">
          <button type="button" className="button button--small" disabled={offset === 0} onClick={() => showPage(Math.max(0, offset - REVIEW_PAGE))}>
            Previous
          </button>
          <span>
            {pageRange(offset, REVIEW_PAGE, total)}
          </span>
          <button type="button" className="button button--small" disabled={offset + REVIEW_PAGE >= total} onClick={() => showPage(offset + REVIEW_PAGE)}>
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
      {rowsError ? <ErrorMessage error={rowsError} /> : null}
      {decideError ? <ErrorMessage error={decideError} /> : null}
      {list.length === 0 ? (
        <p className="match-review__empty">{queue === 'pending' ? 'Nothing waits for review.' : 'No rows here.'}</p>
      ) : (
        <div className="match-review__body">
          <div className="table-wrap">
            <ReviewTable jobId={job.id} list={list} current={current} onKey={onKey} onSelect={setCursor} onDecide={act} />
          </div>
          {current ? <ReviewCandidates row={current} onPick={(c) => act(current, 'pick', c.companyId)} onReset={() => act(current, 'reset')} /> : null}
        </div>
      )}
      <AddAcceptedToList job={job} />
    </section>
  );
}
