// The peer benchmark as a strip plot (every company of each group a tick, the company a marked dot)
// and as sentences and a table. Pure but for drawing.
import type { PeerBenchmark, PeerGroup } from '../../shared/analytics/analytics';
import { fmtCount, fmtPercentile, fmtScore, fmtTick } from './format';
import type { ChartSpec } from './portfolio-charts';
import { oneLineText } from '../../shared/service-text';

const MARK = '#c2410c';
const TICK = '#1f5fbf';
/** An axis label (SVG text has no <bdi>): one line, cut. */
const short = (s: string, n = 34) => oneLineText(s, n);

/**
 * "List “Portfolio”: 62nd percentile of 48 companies with scores (rank 18)."; a workspace group says
 * what it holds: "Companies in Germany: of the 412 companies with stored scores in your workspace's
 * lists, 129 are in Germany; 62nd percentile of them (rank 18)."
 */
export function peerSentence(g: PeerGroup, workspaceScored?: number): string {
  if (g.within !== undefined && workspaceScored !== undefined) {
    const of = `of the ${fmtCount(workspaceScored)} ${workspaceScored === 1 ? 'company' : 'companies'} with stored scores in your workspace's lists, ${fmtCount(g.values.length)} ${g.values.length === 1 ? 'is' : 'are'} ${g.within}`;
    if (g.percentile === null) return `${g.label}: ${of}; too few to rank.`;
    return `${g.label}: ${of}; ${fmtPercentile(g.percentile)} percentile of them (rank ${fmtCount(g.rank!)}).`;
  }
  const n = `${fmtCount(g.values.length)} ${g.values.length === 1 ? 'company' : 'companies'} with scores`;
  if (g.percentile === null) return `${g.label}: ${n}; too few to rank.`;
  return `${g.label}: ${fmtPercentile(g.percentile)} percentile of ${n} (rank ${fmtCount(g.rank!)}).`;
}

export function peerChart(b: PeerBenchmark): ChartSpec {
  const who = b.name ?? 'This company';
  const groups = b.groups.filter((g) => g.values.length > 0);
  const keyed = groups.map((g, i) => ({ key: String(i), label: g.label, g }));
  const ticks = keyed.flatMap((k) => k.g.values.map((v) => ({ key: k.key, v })));
  const marks = b.overall === null ? [] : keyed.map((k) => ({ key: k.key, v: b.overall! }));
  return {
    key: 'peers',
    title: 'Overall score among peers',
    description: `Each tick is a company's overall score in the group; the marked dot is ${who}${b.overall !== null ? ` (${fmtScore(b.overall)})` : ''}.`,
    table: {
      columns: ['Group', 'Companies with scores', 'Percentile', 'Rank', 'Lowest', 'Highest'],
      rows: groups.map((g) => [
        g.label,
        fmtCount(g.values.length),
        g.percentile === null ? '—' : fmtPercentile(g.percentile),
        g.rank === null ? '—' : `${fmtCount(g.rank)} of ${fmtCount(g.values.length)}`,
        fmtScore(g.values[0] ?? null),
        fmtScore(g.values.at(-1) ?? null),
      ]),
    },
    empty: groups.length === 0 ? 'No peers with scores to compare with yet.' : null,
    draw: (Plot, width) =>
      Plot.plot({
        width,
        height: keyed.length * 44 + 50,
        marginLeft: 220,
        x: { label: 'Overall score', grid: true, tickFormat: fmtTick },
        y: { label: null, domain: keyed.map((k) => k.key), tickFormat: (k: string) => short(keyed[Number(k)]?.label ?? k) },
        marks: [
          Plot.tickX(ticks, { x: 'v', y: 'key', stroke: TICK, strokeOpacity: 0.6, className: 'analytics-tick' }),
          Plot.dot(marks, { x: 'v', y: 'key', r: 6, fill: MARK, stroke: 'white', strokeWidth: 1.5, className: 'analytics-mark' }),
        ],
      }),
  };
}
