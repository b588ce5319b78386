// Diagnostics: what support needs to know (app info, the redacted request log). No secrets exist here to leak.
import { useState } from 'react';
import { useAppInfo } from '../connection/queries';
import { ErrorMessage } from '../ui/ErrorMessage';
import { CheckboxField } from '../ui/Field';
import { Spinner } from '../ui/Spinner';
import { useClearLog, useRequestLog } from './queries';
import { RequestLogTable } from './RequestLogTable';

export function DiagnosticsScreen() {
  const [autoRefresh, setAutoRefresh] = useState(false);
  const log = useRequestLog(autoRefresh);
  const clear = useClearLog();
  const info = useAppInfo();

  return (
    <section aria-labelledby="diagnostics-title" className="screen">
      <h1 id="diagnostics-title">Diagnostics</h1>
      {info.data ? (
        <dl className="info-list">
          <div>
            <dt>Version</dt>
            <dd>{info.data.version}</dd>
          </div>
          <div>
            <dt>Shell</dt>
            <dd>{info.data.shell === 'electron' ? 'Desktop (Electron)' : 'Browser mode'}</dd>
          </div>
          <div>
            <dt>Secret storage</dt>
            <dd>{info.data.vaultKind}</dd>
          </div>
          <div>
            <dt>Data folder</dt>
            <dd className="mono">{info.data.dataDir}</dd>
          </div>
        </dl>
      ) : null}

      <h2 className="section-title">Request log</h2>
      <p className="muted">Method, host and path of each call with its outcome. Headers, bodies and query values are never recorded.</p>
      <div className="action-bar">
        <button type="button" className="button" onClick={() => void log.refetch()} disabled={log.isFetching}>
          Refresh
        </button>
        <button type="button" className="button" onClick={() => clear.mutate()} disabled={clear.isPending || !log.data?.length}>
          Clear log
        </button>
        <CheckboxField label="Refresh every 2 seconds" checked={autoRefresh} onChange={(e) => setAutoRefresh(e.target.checked)} />
        {log.isFetching ? <Spinner label="Refreshing…" /> : null}
      </div>
      {clear.error ? <ErrorMessage error={clear.error} title="Could not clear the log" /> : null}
      {log.isPending ? (
        <Spinner label="Loading request log…" />
      ) : log.isError ? (
        <ErrorMessage error={log.error} title="Could not load the request log" onRetry={() => void log.refetch()} alwaysRetry />
      ) : log.data.length === 0 ? (
        <p className="empty">No requests recorded yet. Connect a profile or run a search, then refresh.</p>
      ) : (
        <>
          <p className="muted" aria-live="polite">
            {log.data.length} request{log.data.length === 1 ? '' : 's'}
          </p>
          <RequestLogTable entries={log.data} />
        </>
      )}
    </section>
  );
}
