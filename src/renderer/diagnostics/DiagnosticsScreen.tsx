// Diagnostics: what support needs to know (app info, the redacted request log). No secrets exist here to leak.
import { useState } from 'react';
import { useAppInfo } from '../data/profiles';
import { ErrorMessage } from '../ui/ErrorMessage';
import { CheckboxField } from '../ui/Field';
import { Spinner } from '../ui/Spinner';
import type { RequestLogEntry } from '../../shared/bridge/groups/diagnostics';
import { LOG_KEEPS, logAsJson, logAsText, logFileName } from './log-text';
import { useClearLog, useRequestLog } from '../data/diagnostics';
import { RequestLogTable } from './RequestLogTable';

export function DiagnosticsScreen() {
  const [autoRefresh, setAutoRefresh] = useState(false);
  const log = useRequestLog(autoRefresh);
  const clear = useClearLog();
  const info = useAppInfo();
  const [said, setSaid] = useState('');
  const entries = log.data ?? [];

  const copyText = async (text: string): Promise<boolean> => {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      return false;
    }
  };
  const copyLog = async () => setSaid((await copyText(logAsText(entries))) ? `Copied ${entries.length} requests.` : 'Copying was refused by the system clipboard.');
  const saveLog = () => {
    // A download works the same in the desktop app and in browser mode; the text is already redacted.
    const url = URL.createObjectURL(new Blob([logAsJson(entries, info.data, Date.now())], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = logFileName(Date.now());
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    setSaid(`Saved ${entries.length} requests as ${a.download}.`);
  };
  const copyCurl = (e: RequestLogEntry) => copyText(e.curl);

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
      <p className="muted" data-testid="log-keeps">{LOG_KEEPS}</p>
      <div className="action-bar">
        <button type="button" className="button" onClick={() => void log.refetch()} disabled={log.isFetching}>
          Refresh
        </button>
        <button type="button" className="button" onClick={() => clear.mutate()} disabled={clear.isPending || !log.data?.length}>
          Clear log
        </button>
        <button type="button" className="button" onClick={() => void copyLog()} disabled={!entries.length}>
          Copy log
        </button>
        <button type="button" className="button" onClick={saveLog} disabled={!entries.length}>
          Save log as file
        </button>
        <CheckboxField label="Refresh every 2 seconds" checked={autoRefresh} onChange={(e) => setAutoRefresh(e.target.checked)} />
        {log.isFetching ? <Spinner label="Refreshing…" /> : null}
      </div>
      {said ? (
        <p className="notice-text" role="status">
          {said}
        </p>
      ) : null}
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
          <RequestLogTable entries={log.data} onCopyCurl={copyCurl} />
        </>
      )}
    </section>
  );
}
