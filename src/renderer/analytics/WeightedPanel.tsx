// A list's weighted analytics (issue 38): weighted-average overall/E/S/G scores with coverage by
// weight, each holding's contribution, and against the benchmark the analyst picks the same scores
// and the active weights per country and industry division. Numbers as main computed them, written
// by the app's one formatter (analytics/format.ts over ui/format.ts).
import { useState } from 'react';
import { SCORE_PART_LABELS } from '../../shared/analytics/analytics';
import type { ActiveWeight, WeightedAnalytics } from '../../shared/analytics/weighted';
import { useWeightedAnalytics } from '../data/analytics';
import { ErrorMessage } from '../ui/ErrorMessage';
import { BenchmarkPicker } from './BenchmarkPicker';
import { fmtActive, fmtCount, fmtPoints, fmtScore, fmtWeight } from './format';

/** Holdings shown before "Show all". */
export const HOLDINGS_SHOWN = 15;

export function WeightedPanel({ listId }: { listId: number }) {
  const q = useWeightedAnalytics(listId);
  const w = q.data;
  return (
    <section className="analytics-weighted" aria-labelledby="weighted-title" aria-busy={q.isPending}>
      <h4 id="weighted-title">Weighted portfolio</h4>
      {q.error ? <ErrorMessage error={q.error} title="Could not compute the weighted analytics" onRetry={() => void q.refetch()} /> : null}
      {w ? (
        <>
          <p data-testid="weighted-about">{aboutWeights(w)}</p>
          <BenchmarkPicker listId={listId} current={w.benchmarkRef} />
          {w.benchmarkProblem ? <p role="status">{w.benchmarkProblem}</p> : null}
          {w.portfolio.held ? <ScoresTable w={w} /> : null}
          {w.portfolio.held ? <HoldingsTable w={w} /> : null}
          {w.benchmark ? <ActiveTable caption="Active weights by country" groups={w.activeByCountry} /> : null}
          {w.benchmark ? <ActiveTable caption="Active weights by industry division" groups={w.activeByDivision} /> : null}
        </>
      ) : null}
    </section>
  );
}

function aboutWeights(w: WeightedAnalytics): string {
  const p = w.portfolio;
  if (w.weighting === 'equal') return `Equal weights: each of the ${fmtCount(p.held)} companies holds ${fmtWeight(p.held ? 100 / p.held : null)}.`;
  if (!p.held) return 'No company has a weight above 0 yet: type weights in the Weight column of the list.';
  const out = w.notHeld ? ` ${fmtCount(w.notHeld)} without a weight above 0 are not held.` : '';
  return `Weights as given for ${fmtCount(p.held)} of ${fmtCount(p.companies)} companies, scaled to sum to ${fmtWeight(100)}.${out}`;
}

function ScoresTable({ w }: { w: WeightedAnalytics }) {
  const b = w.benchmark;
  return (
    <table className="analytics-weighted__table">
      <caption>Weighted-average scores{b ? ` against ${b.label}` : ''}</caption>
      <thead>
        <tr>
          <th scope="col">Score</th>
          <th scope="col">Portfolio</th>
          <th scope="col">Coverage by weight</th>
          {b ? <th scope="col">Benchmark</th> : null}
          {b ? <th scope="col">Benchmark coverage</th> : null}
        </tr>
      </thead>
      <tbody>
        {w.portfolio.averages.map((a, i) => (
          <tr key={a.part}>
            <th scope="row">{SCORE_PART_LABELS[a.part]}</th>
            <td>{fmtScore(a.average)}</td>
            <td>{fmtWeight(a.coverage)}</td>
            {b ? <td>{fmtScore(b.averages[i]!.average)}</td> : null}
            {b ? <td>{fmtWeight(b.averages[i]!.coverage)}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function HoldingsTable({ w }: { w: WeightedAnalytics }) {
  const [all, setAll] = useState(false);
  const shown = all ? w.holdings : w.holdings.slice(0, HOLDINGS_SHOWN);
  return (
    <div>
      <table className="analytics-weighted__table">
        <caption>Holdings and their contribution to the weighted overall score, largest weight first</caption>
        <thead>
          <tr>
            <th scope="col">Company</th>
            <th scope="col">Weight</th>
            <th scope="col">Overall</th>
            <th scope="col">Contribution</th>
            <th scope="col">Share of average</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((h) => (
            <tr key={h.companyId}>
              <th scope="row">{h.name ?? h.companyId}</th>
              <td>{fmtWeight(h.weight)}</td>
              <td>{fmtScore(h.overall)}</td>
              <td>{fmtPoints(h.contribution)}</td>
              <td>{fmtWeight(h.share)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {w.holdings.length > HOLDINGS_SHOWN ? (
        <button type="button" className="button button--small" aria-expanded={all} onClick={() => setAll((a) => !a)}>
          {all ? `Show the largest ${fmtCount(HOLDINGS_SHOWN)}` : `Show all ${fmtCount(w.holdings.length)} holdings`}
        </button>
      ) : null}
    </div>
  );
}

function ActiveTable({ caption, groups }: { caption: string; groups: readonly ActiveWeight[] }) {
  return (
    <table className="analytics-weighted__table">
      <caption>{caption} (portfolio weight − benchmark weight)</caption>
      <thead>
        <tr>
          <th scope="col">Group</th>
          <th scope="col">Portfolio</th>
          <th scope="col">Benchmark</th>
          <th scope="col">Active weight</th>
        </tr>
      </thead>
      <tbody>
        {groups.map((g) => (
          <tr key={g.key}>
            <th scope="row">{g.label}</th>
            <td>{fmtWeight(g.portfolio)}</td>
            <td>{fmtWeight(g.benchmark)}</td>
            <td>{fmtActive(g.active)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
