// Export the list view (every row, in the view's order and filter) as CSV or Excel: a job of the
// export feature in main, like the search export, so it shows the same row: progress, Cancel, then
// Show in folder (desktop) or Download (browser mode). It is listed on the Exports screen too.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ExportJob } from '../../shared/bridge/groups/export';
import type { ListInfo, ListView } from '../../shared/lists/lists';
import { describeCsvOptions } from '../../shared/export/csv-presets';
import { ErrorMessage } from '../ui/ErrorMessage';
import { useExportJobs } from '../data/export';
import { ExportRow } from '../export/ExportsPanel';
import { useCsvChoice } from '../export/CsvOptions';
import '../export/export.css';
import { exportCalls } from '../data/export';

type ListExportFormat = 'csv' | 'xlsx';

export function ListExport({ list, view }: { list: ListInfo; view: ListView }) {
  const [started, setStarted] = useState<ExportJob | null>(null);
  const jobs = useExportJobs();
  // One click, no dialog: the CSV goes out with the profile's remembered preset (Excel on this computer by default).
  const csv = useCsvChoice(true);
  const start = useMutation({
    mutationFn: (format: ListExportFormat) =>
      exportCalls.start({ source: { kind: 'list', listId: list.id, view }, format, columns: null, ...(format === 'csv' ? { csv: csv.options } : {}) }),
    onSuccess: (job) => setStarted(job),
  });
  // Progress events keep the job list current; a short export may be done before `start` answers.
  const live = started ? (jobs.data?.find((j) => j.id === started.id) ?? started) : null;
  const busy = start.isPending || live?.state === 'running';
  const begin = (format: ListExportFormat) => {
    setStarted(null);
    start.mutate(format);
  };

  return (
    <div className="list-export" role="group" aria-label="Export this list">
      <button type="button" className="button button--small" disabled={busy || !csv.ready} onClick={() => begin('csv')} title={`CSV as remembered for this profile: ${describeCsvOptions(csv.options)}`}>
        Export CSV
      </button>
      <button type="button" className="button button--small" disabled={busy} onClick={() => begin('xlsx')}>
        Export Excel
      </button>
      {start.isPending ? (
        <span role="status" className="list-export__status">
          Choosing a file…
        </span>
      ) : null}
      {start.isSuccess && start.data === null ? (
        <span role="status" className="list-export__status">
          No file chosen; nothing was exported.
        </span>
      ) : null}
      {start.error ? <ErrorMessage error={start.error} title="The list export could not start" /> : null}
      {live ? (
        <div className="list-export__job">
          <ul className="exports__list" aria-label={`Export of ${list.name}`}>
            <ExportRow job={live} />
          </ul>
          {live.state !== 'running' ? (
            <button type="button" className="button button--small button--ghost" onClick={() => setStarted(null)} aria-label={`Dismiss the export of ${live.fileName}`}>
              Dismiss
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
