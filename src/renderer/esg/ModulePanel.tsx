// One module of one company: request it, follow its session live, then read its data page by page.
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EsgModuleView, WatchView } from '../../shared/bridge/groups/esg';
import { COMPLETION_NOTE, COUNT_SEMANTICS, MODULE_LABELS } from '../../shared/esg/count-semantics';
import type { EsgModule } from '../../shared/service/schemas';
import { useNow } from '../ui/useNow';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Spinner } from '../ui/Spinner';
import { EsgItems } from './EsgItems';
import { useBridgeLost } from '../data/bridge-health-context';
import { formatElapsed, watchStateLabel } from './elapsed';
import { ESG_PAGE_SIZE, esgKeys, pageModule, useModuleView, useNewsMonths, useWatches } from '../data/esg';
import { MonthChart } from './MonthChart';
import { newIdsOf, StoredData, StoredExtras } from './StoredEsg';
import { useStoredLatest, useStoredRefresh } from '../data/esg-stored';
import type { ModuleLatest } from '../../shared/esg-runs/schemas';

export interface ModulePanelProps {
  companyId: string;
  /** Shown instead of the id where the company is named; also sent so main can name it in notifications. */
  companyName?: string;
  module: EsgModule;
  autoRequest: boolean;
}

export function ModulePanel({ companyId, companyName, module, autoRequest }: ModulePanelProps) {
  const q = useModuleView(companyId, module, autoRequest, companyName);
  const who = companyName ?? `company ${companyId}`;
  const watches = useWatches();
  const view = q.data;
  const watch = view?.sessionId ? watches.data?.find((w) => w.sessionId === view.sessionId) : undefined;
  const label = MODULE_LABELS[module];
  const refetched = useRef<string | null>(null);
  // What runs stored for this company: shown when nothing was requested here, and for history.
  useStoredRefresh(companyId);
  const stored = useStoredLatest(companyId).data?.modules[module];

  // Completion happened while this panel was not mounted: the event is gone, so ask once for the data.
  useEffect(() => {
    if (view?.status === 'processing' && watch?.state === 'complete' && refetched.current !== watch.sessionId) {
      refetched.current = watch.sessionId;
      void q.refetch();
    }
  }, [view?.status, watch?.state, watch?.sessionId, q]);

  return (
    <div className="esg-module">
      <div className="esg-module__actions">
        <button type="button" className="button button--primary" onClick={() => void q.refetch()} disabled={q.isFetching}>
          {view ? `Request ${label.toLowerCase()} again` : `Request ${label.toLowerCase()}`}
        </button>
        {q.isFetching ? <Spinner label={`Requesting ${label.toLowerCase()}…`} /> : null}
      </div>
      {q.error ? <ErrorMessage error={q.error} title={`${label} request failed`} onRetry={() => void q.refetch()} /> : null}
      {view ? (
        <ViewBody view={view} watch={watch} who={who} stored={stored} />
      ) : stored?.latest && !q.isFetching ? (
        <StoredData module={module} stored={stored} who={who} />
      ) : !q.isFetching && !q.error ? (
        <p className="esg-module__hint">Nothing requested yet for {who}.</p>
      ) : null}
      {view?.status === 'complete' || (!view && stored?.latest) ? <StoredExtras companyId={companyId} module={module} stored={stored} who={who} /> : null}
    </div>
  );
}

function ViewBody({ view, watch, who, stored }: { view: EsgModuleView; watch?: WatchView; who: string; stored?: ModuleLatest }) {
  if (view.status === 'not_found') {
    return <p className="esg-module__status" role="status">Not found: the ESG sources do not know {who}.</p>;
  }
  if (view.status === 'processing') return <SessionProgress view={view} watch={watch} />;
  return <CompletedData view={view} who={who} newIds={newIdsOf(stored)} />;
}

/** Articles per month over every held article (main reads all pages; the list below shows one). */
function NewsChart({ view, who }: { view: EsgModuleView; who: string }) {
  const months = useNewsMonths(view.companyId, view.status === 'complete' && view.count > 0, String(view.count));
  if (!months.data || months.data.months.length === 0) return null;
  return <MonthChart months={months.data.months} title={`Articles per month, ${who}`} />;
}

function SessionProgress({ view, watch }: { view: EsgModuleView; watch?: WatchView }) {
  const now = useNow(1000);
  const lost = useBridgeLost();
  const sem = COUNT_SEMANTICS[view.module];
  if (!watch) {
    return <p className="esg-module__status">Processing (session {view.sessionId}), not watched any more. Request again to follow it.</p>;
  }
  // While the core is unreachable nothing here is live: no "Processing", no ticking clock or countdown.
  const running = watch.state === 'processing' && !lost;
  return (
    <div className="esg-progress">
      <p className="esg-module__status">
        Status: <strong data-testid="esg-status">{watchStateLabel(watch.state, lost)}</strong>
      </p>
      <p className="esg-progress__count" aria-live="polite">
        <span className="esg-progress__number" data-testid="esg-result-count">{watch.resultCount}</span>{' '}
        <span className="esg-progress__unit">{sem.unit}</span>
      </p>
      <p className="esg-progress__explain">{sem.explanation}</p>
      <p className="esg-progress__meta">
        Elapsed <span data-testid="esg-elapsed">{formatElapsed((running ? now : watch.updatedAt) - watch.startedAt)}</span> · {watch.polls} status checks
        {running && watch.nextPollAt ? <> · next check in {Math.max(0, Math.ceil((watch.nextPollAt - now) / 1000))} s</> : null}
      </p>
      {running ? <p className="esg-progress__note">{COMPLETION_NOTE}</p> : null}
      {watch.state === 'complete' ? <Spinner label="Fetching the finished data…" /> : null}
      {watch.error ? <ErrorMessage error={watch.error} title={running ? 'Last status check failed; still watching' : 'Watch stopped'} /> : null}
    </div>
  );
}

function CompletedData({ view, who, newIds }: { view: EsgModuleView; who: string; newIds?: ReadonlySet<string> }) {
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const go = async (direction: 'next' | 'previous') => {
    setBusy(true);
    setError(null);
    try {
      qc.setQueryData(esgKeys.module(view.companyId, view.module), await pageModule(view.viewId, direction));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const firstIndex = (view.pageNumber - 1) * ESG_PAGE_SIZE;
  return (
    <div className="esg-data">
      <p className="esg-module__status" role="status">
        Complete · <span data-testid="esg-total">{view.count}</span> {view.module === 'scores' ? (view.count === 1 ? 'score' : 'scores') : 'items'} · page {view.pageNumber}
      </p>
      {view.module === 'news' ? <NewsChart view={view} who={who} /> : null}
      <EsgItems module={view.module} items={view.items} firstIndex={firstIndex} companyName={who} newIds={newIds} />
      {view.hasNext || view.hasPrevious ? (
        <nav className="esg-data__pager" aria-label={`${MODULE_LABELS[view.module]} pages`}>
          <button type="button" className="button" disabled={!view.hasPrevious || busy} onClick={() => void go('previous')}>
            Previous page
          </button>
          <span>Page {view.pageNumber}</span>
          <button type="button" className="button" disabled={!view.hasNext || busy} onClick={() => void go('next')}>
            Next page
          </button>
        </nav>
      ) : null}
      {error ? <ErrorMessage error={error} title="Could not load that page" /> : null}
    </div>
  );
}
