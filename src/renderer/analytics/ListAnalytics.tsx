// Portfolio analytics of a list or of a snapshot view (issue 29): coverage, score distributions,
// rating breakdown, the same per country and per industry division as small multiples, and top
// movers; each chart with its table and Save PNG / Save SVG. Loaded on first use (it brings
// Observable Plot).
import { useMemo, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PortfolioAnalytics } from '../../shared/analytics/analytics';
import type { ListInfo } from '../../shared/lists/lists';
import type { SnapshotInfo, SnapshotView } from '../../shared/snapshots/snapshot';
import { ErrorMessage } from '../ui/ErrorMessage';
import { useAnalyticsRefresh, useListAnalytics, useSnapshotAnalytics } from '../data/analytics';
import { ChartFigure } from './ChartFigure';
import { WeightedPanel } from './WeightedPanel';
import { portfolioCharts } from './portfolio-charts';
import { formatCount, formatWhen } from '../ui/format';
import './analytics.css';

export function ListAnalytics({ list }: { list: ListInfo }) {
  const q = useListAnalytics(list.id);
  return (
    <AnalyticsBody q={q} fileContext={list.name} what={(companies) => `the ${formatCount(companies)} companies in “${list.name}”`} emptyHint="run Refresh ESG with scores for this list">
      <WeightedPanel listId={list.id} />
    </AnalyticsBody>
  );
}

/** The analytics of the rows a snapshot view shows (its text filter and facets). */
export function SnapshotAnalytics({ snapshot, view }: { snapshot: SnapshotInfo; view: SnapshotView }) {
  const q = useSnapshotAnalytics(snapshot.id, view);
  const src = q.data?.source.kind === 'snapshot' ? q.data.source : null;
  const what = (companies: number) =>
    src?.narrowed
      ? `the ${formatCount(companies)} companies shown (the filtered view of the ${formatCount(src.snapshotRows)}-row snapshot of ${formatWhen(src.loadedAt)})`
      : `the ${formatCount(companies)} companies of the snapshot of ${formatWhen(snapshot.finishedAt ?? snapshot.startedAt)}`;
  return <AnalyticsBody q={q} fileContext={`snapshot ${formatWhen(snapshot.finishedAt ?? snapshot.startedAt)}`} what={what} emptyHint="save these rows as a list and run Refresh ESG with scores for it" />;
}

function AnalyticsBody({ q, fileContext, what, emptyHint, children }: { q: UseQueryResult<PortfolioAnalytics>; fileContext: string; what(companies: number): string; emptyHint: string; children?: ReactNode }) {
  useAnalyticsRefresh();
  const charts = useMemo(() => (q.data ? portfolioCharts(q.data) : []), [q.data]);
  const c = q.data?.coverage;
  return (
    <section className="analytics" aria-labelledby="analytics-title" aria-busy={q.isPending}>
      <h3 id="analytics-title">Portfolio analytics</h3>
      {q.error ? <ErrorMessage error={q.error} title="Could not compute the analytics" onRetry={() => void q.refetch()} /> : null}
      {q.isPending ? <p role="status">Computing…</p> : null}
      {c ? (
        <p className="analytics__about" data-testid="analytics-coverage">
          From the latest stored ESG results of {what(c.companies)}
          {c.newest !== null ? `, newest from ${formatWhen(c.newest)}` : ''}.{' '}
          {c.withScores === 0 ? `No company has scores yet: ${emptyHint}.` : ''}
        </p>
      ) : null}
      {children}
      <div className="analytics__charts">
        {charts.map((chart) => (
          <ChartFigure key={chart.key} title={chart.title} description={chart.description} table={chart.table} empty={chart.empty} draw={chart.draw} fileContext={fileContext} headingLevel={4} />
        ))}
      </div>
    </section>
  );
}
