// The redacted request log as a table an analyst can read out to support; each row copies as cURL.
import { useState } from 'react';
import type { RequestLogEntry } from '../../shared/bridge/groups/diagnostics';
import { formatClock, formatMs } from '../ui/format';
import './diagnostics.css';

function statusTone(e: RequestLogEntry): string {
  if (e.errorClass || e.status === undefined) return 'error';
  if (e.status >= 500 || e.status === 429) return 'error';
  if (e.status >= 400) return 'warn';
  return 'ok';
}

export function RequestLogTable({ entries, onCopyCurl }: { entries: RequestLogEntry[]; onCopyCurl?: (e: RequestLogEntry) => Promise<boolean> }) {
  const [copied, setCopied] = useState<{ id: number; ok: boolean } | null>(null);
  // Newest first: the failure the analyst just saw is at the top.
  const rows = [...entries].sort((a, b) => b.at - a.at || b.id - a.id);
  const copy = async (e: RequestLogEntry) => setCopied({ id: e.id, ok: (await onCopyCurl?.(e)) ?? false });
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Request log, scrollable">
      <table className="data-table request-log">
        <caption className="visually-hidden">Requests sent to the service, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Method</th>
            <th scope="col">Host</th>
            <th scope="col">Path</th>
            <th scope="col">Status</th>
            <th scope="col" className="num">
              Duration
            </th>
            <th scope="col" className="num">
              Attempt
            </th>
            <th scope="col">Error</th>
            <th scope="col">Message</th>
            <th scope="col">cURL</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => (
            <tr key={e.id} className={`log-row log-row--${statusTone(e)}`} data-log-id={e.id}>
              <td className="mono">{formatClock(e.at)}</td>
              <td className="mono">{e.method}</td>
              <td className="mono">
                {e.host}
                {e.proxy ? <span className="muted"> via {e.proxy}</span> : null}
              </td>
              <td className="mono path-cell">{e.path}</td>
              <td className="mono">{e.status ?? '–'}</td>
              <td className="num mono">{formatMs(e.durationMs)}</td>
              <td className="num mono">{e.attempt}</td>
              <td className="mono">{e.error ?? e.errorClass ?? ''}</td>
              <td className="log-message">{e.message ?? ''}</td>
              <td>
                <button type="button" className="button button--small" onClick={() => void copy(e)} aria-label={`Copy ${e.method} ${e.path} as cURL`}>
                  Copy as cURL
                </button>
                {copied?.id === e.id ? (
                  <span className="log-copied muted" role="status">
                    {copied.ok ? 'Copied (token as $TOKEN)' : 'Copying was refused by the system clipboard.'}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
