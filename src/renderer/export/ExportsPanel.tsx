// The Exports screen: one row per export (earlier runs too, see main/export/history.ts; bulk-match
// and ESG files too), live progress, Cancel, then "Show in folder" (desktop) or a download link
// (browser mode), Export again (same settings, a new file) and Remove from list (the file stays).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExportJob } from '../../shared/bridge/groups/export';
import { ErrorMessage } from '../ui/ErrorMessage';
import { ProgressBar, Spinner } from '../ui/Spinner';
import { FORMAT_LABELS, aboutFileText, finishedFacts, neutralisedText, progressText, stateLabel } from './export-format';
import { EXPORT_JOBS_KEY, useExportJobs } from '../data/export';
import './export.css';
import { exportCalls } from '../data/export';

export function ExportsPanel() {
  const jobs = useExportJobs();
  return (
    <section aria-labelledby="exports-title" className="exports">
      <h1 id="exports-title">Exports</h1>
      <p className="exports__intro">
        Exports run in the background and keep going when you switch screens. Start one from the search results with
        Export, from a loaded snapshot with Export view, from a list with Export CSV or Export Excel, from a bulk match
        or from ESG. Remove from list only removes the line here; the file stays where it was written.
      </p>
      {jobs.isPending ? <Spinner label="Loading exports" /> : null}
      {jobs.error ? <ErrorMessage error={jobs.error} title="Exports could not be listed" onRetry={() => void jobs.refetch()} /> : null}
      {jobs.data && jobs.data.length === 0 ? <p className="empty">No exports yet.</p> : null}
      {jobs.data && jobs.data.length > 0 ? (
        <ul className="exports__list" aria-label="Export jobs">
          {jobs.data.map((job) => (
            <ExportRow key={job.id} job={job} history />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** One export; `history` (the Exports screen) adds its facts, Export again and Remove from list. */
export function ExportRow({ job, history = false }: { job: ExportJob; history?: boolean }) {
  const queryClient = useQueryClient();
  const cancel = useMutation({ mutationFn: () => exportCalls.cancel({ id: job.id }) });
  const reveal = useMutation({ mutationFn: () => exportCalls.reveal({ id: job.id }) });
  // A bulk-match or ESG file is listed once it is written: refetch rather than wait for an event.
  const again = useMutation({
    mutationFn: () => exportCalls.again({ id: job.id }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: EXPORT_JOBS_KEY }),
  });
  const forget = useMutation({
    mutationFn: () => exportCalls.forget({ id: job.id }),
    onSuccess: () => queryClient.setQueryData(EXPORT_JOBS_KEY, (old: ExportJob[] | undefined) => old?.filter((j) => j.id !== job.id)),
  });
  const titleId = `export-${job.id}-title`;
  const finished = job.state !== 'running';
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
      {history && finished ? <p className="export-row__facts">{finishedFacts(job, { withSource: !job.list }).join(' · ')}</p> : null}
      {job.state === 'done' && job.format === 'csv' && job.neutralised !== undefined ? <p className="export-row__note">{neutralisedText(job.neutralised)}</p> : null}
      {job.state === 'done' && job.aboutFile ? (
        <p className="export-row__note">
          {aboutFileText(job.aboutFile, !!job.aboutDownloadUrl)}{' '}
          {job.aboutDownloadUrl ? (
            <a href={job.aboutDownloadUrl} download={job.aboutFile} aria-label={`Download it: ${job.aboutFile}`}>
              Download it
            </a>
          ) : null}
        </p>
      ) : null}
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
        {history && finished && job.canRepeat ? (
          <button type="button" className="button button--small" disabled={again.isPending} onClick={() => again.mutate()} aria-label={`Export again: ${job.fileName}`}>
            {again.isPending ? 'Choosing a file…' : 'Export again'}
          </button>
        ) : null}
        {history && finished ? (
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={forget.isPending}
            onClick={() => forget.mutate()}
            aria-label={`Remove from list: ${job.fileName} (the file stays)`}
          >
            Remove from list
          </button>
        ) : null}
      </div>
      {again.isSuccess ? <p role="status" className="export-row__note">{again.data ? `Writing ${again.data.fileName}; it is listed above.` : 'No file chosen; nothing was exported.'}</p> : null}
      {cancel.error ? <ErrorMessage error={cancel.error} title="Could not cancel" /> : null}
      {reveal.error ? <ErrorMessage error={reveal.error} title="Could not show the file" /> : null}
      {again.error ? <ErrorMessage error={again.error} title="Could not export again" /> : null}
      {forget.error ? <ErrorMessage error={forget.error} title="Could not remove it from the list" /> : null}
    </li>
  );
}
