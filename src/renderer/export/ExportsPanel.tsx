// The Exports screen: one row per export (earlier runs too, see main/export/history.ts), live progress, Cancel, then
// "Show in folder" (desktop) or a download link (browser mode).
import { useMutation } from '@tanstack/react-query';
import type { ExportJob } from '../../shared/bridge/groups/export';
import { firmscope, unwrap } from '../bridge';
import { ErrorMessage } from '../ui/ErrorMessage';
import { ProgressBar, Spinner } from '../ui/Spinner';
import { FORMAT_LABELS, progressText, stateLabel } from './export-format';
import { useExportJobs } from './export-queries';
import './export.css';

export function ExportsPanel() {
  const jobs = useExportJobs();
  return (
    <section aria-labelledby="exports-title" className="exports">
      <h1 id="exports-title">Exports</h1>
      <p className="exports__intro">
        Exports run in the background and keep going when you switch screens. Start one from the search results with
        Export, or from a list with Export CSV or Export Excel.
      </p>
      {jobs.isPending ? <Spinner label="Loading exports" /> : null}
      {jobs.error ? <ErrorMessage error={jobs.error} title="Exports could not be listed" onRetry={() => void jobs.refetch()} /> : null}
      {jobs.data && jobs.data.length === 0 ? <p className="empty">No exports yet.</p> : null}
      {jobs.data && jobs.data.length > 0 ? (
        <ul className="exports__list" aria-label="Export jobs">
          {jobs.data.map((job) => (
            <ExportRow key={job.id} job={job} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export function ExportRow({ job }: { job: ExportJob }) {
  const cancel = useMutation({ mutationFn: () => unwrap(firmscope().export.cancel({ id: job.id })) });
  const reveal = useMutation({ mutationFn: () => unwrap(firmscope().export.reveal({ id: job.id })) });
  const titleId = `export-${job.id}-title`;
  return (
    <li className={`export-row export-row--${job.state}`} aria-labelledby={titleId} data-export-state={job.state}>
      <div className="export-row__head">
        <span id={titleId} className="export-row__name">
          {job.fileName}
        </span>
        <span className="export-row__meta">
          {job.list ? `List “${job.list.name}” · ` : null}
          {FORMAT_LABELS[job.format]} · <span role="status">{stateLabel(job)}</span>
        </span>
      </div>
      {job.state === 'running' ? (
        <ProgressBar label={`Progress of ${job.fileName}`} value={job.rows} max={job.totalRows || undefined} />
      ) : null}
      <p className="export-row__progress">{progressText(job)}</p>
      {job.note ? <p className="export-row__note">{job.note}</p> : null}
      {job.state === 'failed' && job.error ? <ErrorMessage error={job.error} title={`Export of ${job.fileName} failed; no file was written`} /> : null}
      {job.state === 'cancelled' ? <p className="export-row__note">Cancelled; no file was written.</p> : null}
      <div className="export-row__actions">
        {job.state === 'running' ? (
          <button type="button" className="button button--small" disabled={cancel.isPending} onClick={() => cancel.mutate()} aria-label={`Cancel export of ${job.fileName}`}>
            {cancel.isPending ? 'Cancelling…' : 'Cancel'}
          </button>
        ) : null}
        {job.state === 'done' && job.downloadUrl ? (
          <a className="button button--small" href={job.downloadUrl} download={job.fileName} aria-label={`Download ${job.fileName}`}>
            Download
          </a>
        ) : null}
        {job.state === 'done' && !job.downloadUrl ? (
          <button type="button" className="button button--small" onClick={() => reveal.mutate()} aria-label={`Show ${job.fileName} in folder`}>
            Show in folder
          </button>
        ) : null}
      </div>
      {cancel.error ? <ErrorMessage error={cancel.error} title="Could not cancel" /> : null}
      {reveal.error ? <ErrorMessage error={reveal.error} title="Could not show the file" /> : null}
    </li>
  );
}
