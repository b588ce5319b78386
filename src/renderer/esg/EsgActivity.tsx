// Every session being watched, across companies, with live progress; stop watching or open one.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { WatchView } from '../../shared/bridge/groups/esg';
import { COUNT_SEMANTICS, MODULE_LABELS } from '../../shared/esg/count-semantics';
import type { EsgModule } from '../../shared/service/schemas';
import { useNow } from '../ui/useNow';
import { ErrorMessage } from '../ui/ErrorMessage';
import { ShortId } from '../ui/ShortId';
import { useBridgeLost } from '../data/bridge-health-context';
import { formatElapsed, watchStateLabel } from './elapsed';
import { companyLabel, esgKeys, unwatch, useWatches } from '../data/esg';
import { WebNotifyToggle } from './WebNotifyToggle';

export function EsgActivity({ onOpen }: { onOpen(companyId: string, module: EsgModule, companyName?: string): void }) {
  const watches = useWatches();
  const qc = useQueryClient();
  const now = useNow(1000);
  const lost = useBridgeLost();
  const [error, setError] = useState<unknown>(null);
  const list = watches.data ?? [];

  const stop = async (w: WatchView) => {
    setError(null);
    try {
      await unwatch(w.sessionId);
      qc.setQueryData<WatchView[]>(esgKeys.watches, (old) => (old ?? []).filter((x) => x.sessionId !== w.sessionId));
    } catch (e) {
      setError(e);
    }
  };

  return (
    <section className="esg-activity" aria-labelledby="esg-activity-title">
      <h2 id="esg-activity-title">ESG activity</h2>
      <WebNotifyToggle
        id="esg-web-notify"
        className="esg-notify"
        label="Desktop notification when a watched session completes"
        deniedHint="The browser did not allow notifications; completions still show as in-app notices."
      />
      {watches.error ? <ErrorMessage error={watches.error} title="Could not list watched sessions" onRetry={() => void watches.refetch()} /> : null}
      {error ? <ErrorMessage error={error} title="Could not stop watching" /> : null}
      {list.length === 0 ? (
        <p className="esg-activity__empty">No sessions are being watched.</p>
      ) : (
        <table className="esg-activity__table">
          <caption className="visually-hidden">Watched processing sessions</caption>
          <thead>
            <tr>
              <th scope="col">Company</th>
              <th scope="col">Module</th>
              <th scope="col">State</th>
              <th scope="col">Count</th>
              <th scope="col">Elapsed</th>
              <th scope="col">Status checks</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.map((w) => {
              const name = `${MODULE_LABELS[w.module]} for ${companyLabel(w)}`;
              return (
                <tr key={w.sessionId} data-session-id={w.sessionId} className={`esg-activity__row esg-activity__row--${w.state}`}>
                  <td>
                    {w.companyName ?? <code title={w.companyId}>{w.companyId}</code>}
                    {w.companyName ? (
                      <span className="esg-activity__id">
                        <ShortId id={w.companyId} name={w.companyName} />
                      </span>
                    ) : null}
                  </td>
                  <td>{MODULE_LABELS[w.module]}</td>
                  <td>
                    {watchStateLabel(w.state, lost)}
                    {w.error ? <span className="esg-activity__error"> — {w.error.message}</span> : null}
                  </td>
                  <td title={COUNT_SEMANTICS[w.module].explanation}>
                    {w.resultCount} <span className="esg-activity__unit">{COUNT_SEMANTICS[w.module].unit}</span>
                  </td>
                  <td>{formatElapsed((w.state === 'processing' && !lost ? now : w.updatedAt) - w.startedAt)}</td>
                  <td>{w.polls}</td>
                  <td className="esg-activity__actions">
                    <button type="button" className="button" onClick={() => onOpen(w.companyId, w.module, w.companyName)} aria-label={`Open ${name}`}>
                      Open
                    </button>
                    <button type="button" className="button button--ghost" onClick={() => void stop(w)} aria-label={`${w.state === 'processing' ? 'Stop watching' : 'Remove'} ${name}`}>
                      {w.state === 'processing' ? 'Stop watching' : 'Remove'}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
