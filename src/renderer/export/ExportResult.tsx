// Replaces an export dialog's form once the export has started: the export itself (progress, then
// Show in folder or Download), focused, with Export again (back to the form), Close and Open Exports.
import { useEffect, useRef } from 'react';
import type { ExportJob } from '../../shared/bridge/groups/export';
import { ExportRow } from './ExportsPanel';

/** Replaces the form once an export has started: the first thing in the dialog, focused. */
export function ExportResult({ job, onAgain, onClose, onOpenExports }: { job: ExportJob; onAgain(): void; onClose(): void; onOpenExports(): void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const title = job.state === 'done' ? 'Export finished' : job.state === 'running' ? 'Exporting…' : job.state === 'failed' ? 'Export failed' : 'Export cancelled';
  return (
    <div className="export-result">
      <h3 className="export-result__title" tabIndex={-1} ref={headingRef} aria-live="polite">
        {title}
      </h3>
      <ul className="exports__list" aria-label="Started export">
        <ExportRow job={job} />
      </ul>
      <div className="action-bar">
        <button type="button" className="button" onClick={onAgain}>
          Export again
        </button>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
        <button type="button" className="button button--ghost" onClick={onOpenExports}>
          Open Exports
        </button>
      </div>
    </div>
  );
}
