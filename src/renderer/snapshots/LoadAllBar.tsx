// "Load all N results": loads every page of the shown query into the workspace database, with a row
// cap the analyst sees, what the load costs before it starts (load-cost.ts), progress and cancel.
// Says why when the workspace database is unavailable.
import { useEffect, useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ROW_CAP_DEFAULT, ROW_CAP_MAX, type SnapshotInfo } from '../../shared/snapshots/snapshot';
import { toDisplayError } from '../ui/errors';
import { isLargeLoad, loadCostText } from './load-cost';
import { snapshotCalls } from '../data/snapshots';
import { cancelSnapshotLoad } from '../data/snapshots';
import { formatCount } from '../ui/format';
import { loadFocus } from './load-focus';

export interface LoadAllBarProps {
  body: unknown;
  /** The service's count for the query. */
  count: number;
  /** Why loading is impossible (workspace module missing), or null. */
  unavailable: string | null;
  /** The newest snapshot of this query (loading, or the last outcome). */
  latest: SnapshotInfo | null;
  /** A finished snapshot exists and is shown (the bar then offers Refresh instead). */
  hasSnapshot: boolean;
  /** The row cap as typed, kept per profile by the Search screen; without it the bar keeps its own. */
  capText?: string;
  onCapText?(text: string): void;
}

export function LoadAllBar({ body, count, unavailable, latest, hasSnapshot, capText: keptCap, onCapText }: LoadAllBarProps) {
  const [ownCap, setOwnCap] = useState(String(ROW_CAP_DEFAULT));
  const capText = keptCap ?? ownCap;
  const setCapText = onCapText ?? setOwnCap;
  const [error, setError] = useState<string | null>(null);
  const costId = useId();
  const cap = Number(capText);
  const capOk = Number.isInteger(cap) && cap >= 1 && cap <= ROW_CAP_MAX;
  const loading = latest?.status === 'loading' ? latest : null;
  const rows = capOk ? Math.min(count, cap) : count;
  const offered = !unavailable && !loading && !hasSnapshot && capOk && count > 0;
  // Constant time in main; asked again after each load (its pace and the file's size change).
  const estimate = useQuery({
    queryKey: ['snapshots', 'estimate', rows, latest?.id ?? null, latest?.status ?? null],
    queryFn: () => snapshotCalls.estimate({ rows }),
    enabled: offered,
    placeholderData: keepPreviousData,
  });

  // A load that ended without a snapshot: no banner will take the focus.
  const ended = latest?.status === 'failed' || latest?.status === 'cancelled';
  useEffect(() => {
    if (ended) loadFocus.dropped();
  }, [ended, latest?.id]);

  const start = async () => {
    setError(null);
    loadFocus.started();
    try {
      await snapshotCalls.load({ body, rowCap: cap });
    } catch (e) {
      loadFocus.dropped();
      setError(toDisplayError(e).message);
    }
  };

  if (unavailable) {
    return (
      <p className="load-all load-all--off" role="note">
        Sorting and facets need the workspace database, which is unavailable: {unavailable}
      </p>
    );
  }
  if (loading) {
    const total = Math.min(loading.serviceCount ?? count, loading.rowCap);
    return (
      <div className="load-all" role="group" aria-label="Loading all results">
        <progress className="load-all__progress" max={total || 1} value={loading.rowCount} aria-label="Rows loaded" />
        <span role="status">
          Loading {formatCount(loading.rowCount)} of {formatCount(total)} rows…
        </span>
        <button type="button" ref={loadFocus.cancelButton} className="button button--small button--danger" onClick={() => cancelSnapshotLoad(loading.id)}>
          Cancel loading
        </button>
      </div>
    );
  }
  const cost = offered && estimate.data?.rows === rows ? estimate.data : null;
  const large = isLargeLoad(rows);
  const outcome = latest && (latest.status === 'failed' || latest.status === 'cancelled') ? latest : null;
  return (
    <div className="load-all" role="group" aria-label="Load all results">
      {hasSnapshot ? null : (
        <button
          type="button"
          className="button button--small button--primary"
          disabled={!capOk || count === 0}
          aria-describedby={cost ? costId : undefined}
          onClick={() => void start()}
        >
          {count > rows ? `Load first ${formatCount(rows)} of ${formatCount(count)} results` : `Load all ${formatCount(rows)} results`}
        </button>
      )}
      <label className="load-all__cap">
        Row cap
        <input
          type="number"
          className="field__input load-all__cap-input"
          min={1}
          max={ROW_CAP_MAX}
          value={capText}
          aria-invalid={capOk ? undefined : true}
          onChange={(e) => setCapText(e.target.value)}
        />
      </label>
      {cost ? (
        <p id={costId} className={`load-all__cost${large ? ' load-all__cost--large' : ''}`} data-testid="load-cost">
          {large ? <strong>Above the usual {formatCount(ROW_CAP_DEFAULT)} rows. </strong> : null}
          {loadCostText(cost)}
        </p>
      ) : null}
      {!capOk ? <span className="field__error">Row cap must be a whole number from 1 to {formatCount(ROW_CAP_MAX)}.</span> : null}
      {outcome?.status === 'cancelled' ? <span role="status">Loading was cancelled; nothing was kept.</span> : null}
      {outcome?.status === 'failed' ? (
        <span className="field__error" role="alert">
          Loading failed: {outcome.error}
        </span>
      ) : null}
      {error ? (
        <span className="field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** Starts a new load of the same query (the finished one is replaced when it completes). */
export async function refreshSnapshot(s: SnapshotInfo): Promise<void> {
  await snapshotCalls.load({ body: s.query, rowCap: s.rowCap });
}
