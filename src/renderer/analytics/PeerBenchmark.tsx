// A company's peer benchmark on its ESG view: its overall score's percentile in the list it was
// opened from (else the lists holding it) and among peers of its industry division and country in
// the workspace, in words and as a strip plot with the company marked.
import { useMemo } from 'react';
import { ErrorMessage } from '../ui/ErrorMessage';
import { useAnalyticsRefresh, usePeerBenchmark } from '../data/analytics';
import { ChartFigure } from './ChartFigure';
import { peerChart, peerSentence } from './peer-chart';
import './analytics.css';

export function PeerBenchmark({ companyId, listId, snapshotId, country }: { companyId: string; listId?: number; snapshotId?: number; country?: string }) {
  useAnalyticsRefresh();
  const q = usePeerBenchmark(companyId, listId, country, snapshotId);
  const chart = useMemo(() => (q.data ? peerChart(q.data) : null), [q.data]);
  const b = q.data;
  return (
    <section className="analytics peer-benchmark" aria-labelledby="peer-benchmark-title">
      <h3 id="peer-benchmark-title">Peer benchmark</h3>
      {q.error ? <ErrorMessage error={q.error} title="Could not compute the peer benchmark" onRetry={() => void q.refetch()} /> : null}
      {b && b.overall === null ? <p className="muted">No stored overall score for this company yet: refresh its scores to place it among its peers.</p> : null}
      {b && b.groups.length === 0 ? <p className="muted">This company is in no list and its country and industry are not known here, so it has no peers to compare with yet.</p> : null}
      {b && b.overall !== null && b.groups.length ? (
        <ul className="peer-benchmark__lines" data-testid="peer-percentiles">
          {b.groups.map((g) => (
            <li key={`${g.kind}-${g.label}`}>{peerSentence(g, b.workspaceScored)}</li>
          ))}
        </ul>
      ) : null}
      {chart && b?.overall !== null && b?.groups.length ? (
        <ChartFigure title={chart.title} description={chart.description} table={chart.table} empty={chart.empty} draw={chart.draw} fileContext={b.name ?? companyId} headingLevel={4} />
      ) : null}
    </section>
  );
}
