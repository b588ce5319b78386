// Above a loaded snapshot: when it was taken and how many rows it holds (and the service's count when
// the row cap cut it), with Refresh, the way back to the service's pages, the charts, and the facet
// column folded away or back (with how many facet values are chosen while it is hidden).
import type { SnapshotInfo } from '../../shared/snapshots/snapshot';
import { refreshSnapshot } from './LoadAllBar';
import { formatCount, formatWhen } from '../ui/format';
import { loadFocus } from './load-focus';

export interface SnapshotBannerProps {
  snapshot: SnapshotInfo;
  onShowService(): void;
  analytics: boolean;
  onAnalytics(): void;
  /** The facet column: its id, whether it is hidden, how many values are chosen; absent: not foldable. */
  facets?: { sideId: string; hidden: boolean; chosen: number; onHidden(hidden: boolean): void };
}

export function SnapshotBanner({ snapshot, onShowService, analytics, onAnalytics, facets }: SnapshotBannerProps) {
  return (
    <div className="snapshot__banner" role="status" tabIndex={-1} ref={loadFocus.banner}>
      <span>
        Snapshot of {formatWhen(snapshot.finishedAt ?? snapshot.startedAt)}: {formatCount(snapshot.rowCount)} rows
        {snapshot.status === 'capped' ? ` (row cap; the service has ${formatCount(snapshot.serviceCount ?? 0)})` : ''}. Sorting, facets and the
        text filter work on this loaded set.
      </span>
      <button type="button" className="button button--small" onClick={() => void refreshSnapshot(snapshot)}>
        Refresh
      </button>
      <button type="button" className="button button--small" onClick={onShowService}>
        Show service pages
      </button>
      <button type="button" className="button button--small" aria-pressed={analytics} onClick={onAnalytics}>
        Analytics
      </button>
      {facets ? (
        <button type="button" className="button button--small" aria-expanded={!facets.hidden} aria-controls={facets.sideId} onClick={() => facets.onHidden(!facets.hidden)}>
          {facets.hidden ? `Show facets${facets.chosen ? ` (${facets.chosen} chosen)` : ''}` : 'Hide facets'}
        </button>
      ) : null}
    </div>
  );
}
