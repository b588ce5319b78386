// Earlier bulk matches of the profile (kept in its workspace database until deleted): open one to
// review or export it again, or delete it. Deleting asks first: the decisions go with the job.
import { useState } from 'react';
import type { BulkJobView } from '../../shared/bridge/groups/match';
import { ErrorMessage } from '../ui/ErrorMessage';
import { useDeleteBulkJob } from '../data/match';
import { ConfirmBar } from '../ui/ConfirmBar';
import { mutateThen } from '../data/mutate-then';
import { formatCount, formatWhen } from '../ui/format';

// The analyst's own date format, as the rest of the app writes times (lists, ESG, exports).
export const jobName = (job: BulkJobView) => job.fileName ?? 'Pasted CSV';

export function BulkJobHistory({ jobs, onOpen }: { jobs: readonly BulkJobView[]; onOpen(id: string): void }) {
  if (jobs.length === 0) return null;
  return (
    <section className="match-bulk-history" aria-labelledby="match-bulk-history-title">
      <h2 id="match-bulk-history-title">Earlier bulk matches</h2>
      <p className="match-bulk-history__hint">Kept with their results and your review decisions until you delete them.</p>
      <ul className="match-bulk-history__list">
        {jobs.map((j) => (
          <li key={j.id} className="match-bulk-history__item">
            <span className="match-bulk-history__name">{jobName(j)}</span>
            <span className="match-bulk-history__meta">
              {formatWhen(j.startedAt)} · {formatCount(j.total)} rows · {formatCount(j.matched)} matched
              {j.review.pending > 0 ? ` · ${formatCount(j.review.pending)} waiting for review` : ''} · {jobStateLabel(j)}
            </span>
            <button type="button" className="button button--small" onClick={() => onOpen(j.id)} aria-label={`Open ${jobName(j)} of ${formatWhen(j.startedAt)}`}>
              Open
            </button>
            {j.state !== 'running' ? <DeleteBulkJob job={j} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function jobStateLabel(job: BulkJobView): string {
  return { running: 'Running', done: 'Finished', cancelled: 'Cancelled', failed: 'Stopped' }[job.state];
}

/** "Delete" then a confirmation naming what goes (Escape or Cancel keeps the job). */
export function DeleteBulkJob({ job, onDeleted }: { job: BulkJobView; onDeleted?(): void }) {
  const [asking, setAsking] = useState(false);
  const remove = useDeleteBulkJob();
  if (!asking) {
    return (
      <button type="button" className="button button--small button--ghost" onClick={() => setAsking(true)} aria-label={`Delete ${jobName(job)} of ${formatWhen(job.startedAt)}`}>
        Delete
      </button>
    );
  }
  const decided = job.review.accepted + job.review.picked + job.review.rejected;
  return (
    <ConfirmBar
      confirmLabel="Delete bulk match"
      busy={remove.isPending}
      onConfirm={() => mutateThen(remove, job.id, { onSuccess: () => onDeleted?.() })}
      onCancel={() => setAsking(false)}
      after={remove.error ? <ErrorMessage error={remove.error} title="The bulk match could not be deleted" /> : null}
    >
      Delete the bulk match “{jobName(job)}” of {formatWhen(job.startedAt)} with its {formatCount(job.total)} rows
      {decided > 0 ? ` and your ${formatCount(decided)} review decision${decided === 1 ? '' : 's'}` : ''}? Files you exported stay.
    </ConfirmBar>
  );
}
