// Export the list view (every row, in the view's order and filter) as CSV or Excel through main's
// tabular writer. Browser mode offers the finished file as a download.
import { useMutation } from '@tanstack/react-query';
import type { ListInfo, ListView } from '../../shared/lists/lists';
import type { ListExportResult } from '../../shared/bridge/groups/lists';
import { firmscope, unwrap } from '../bridge';
import { toDisplayError } from '../ui/errors';

export function ListExport({ list, view }: { list: ListInfo; view: ListView }) {
  const run = useMutation({
    mutationFn: (format: 'csv' | 'xlsx') => unwrap(firmscope().lists.export({ id: list.id, view, format })),
  });
  const done: ListExportResult | null | undefined = run.data;
  return (
    <div className="list-export" role="group" aria-label="Export this list">
      <button type="button" className="button button--small" disabled={run.isPending} onClick={() => run.mutate('csv')}>
        Export CSV
      </button>
      <button type="button" className="button button--small" disabled={run.isPending} onClick={() => run.mutate('xlsx')}>
        Export Excel
      </button>
      <span role="status" className="list-export__status">
        {run.isPending ? 'Writing the file…' : null}
        {done ? (
          <>
            Saved {done.fileName} ({done.rows.toLocaleString('en-US')} rows).{' '}
            {done.downloadUrl ? (
              <a className="button button--small" href={done.downloadUrl} download={done.fileName} aria-label={`Download ${done.fileName}`}>
                Download
              </a>
            ) : null}
          </>
        ) : null}
      </span>
      {run.error ? (
        <p role="alert" className="field__error">
          Export failed: {toDisplayError(run.error).message}
        </p>
      ) : null}
    </div>
  );
}
