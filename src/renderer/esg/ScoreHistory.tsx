// Scores over refreshes: a small line chart (plain SVG) of overall, E, S and G per stored refresh,
// and the change since the previous refresh in words and signed numbers.
import { formatDate, formatDateTime, type Score, type ScorePoint } from '../ui/esg-format';
import { formatNumber } from '../ui/format';

export type { ScorePoint };

type Key = 'overall' | 'environmental' | 'social' | 'governance';
const SERIES: { key: Key; label: string; short: string }[] = [
  { key: 'overall', label: 'Overall', short: 'Overall' },
  { key: 'environmental', label: 'Environmental', short: 'E' },
  { key: 'social', label: 'Social', short: 'S' },
  { key: 'governance', label: 'Governance', short: 'G' },
];

const signed = (d: number) => `${d > 0 ? '+' : d < 0 ? '−' : '±'}${formatNumber(Math.abs(d), 1)}`;
const fmt = (v: number) => formatNumber(v, 1);

/** One line per score part: "Overall up +3 (59 → 62)". */
export function scoreChanges(latest: Score, previous: Score): { key: Key; label: string; text: string; delta: number | null }[] {
  return SERIES.map(({ key, label }) => {
    const now = latest[key];
    const before = previous[key];
    if (now === null || before === null) return { key, label, text: now === null ? 'no value now' : 'no earlier value', delta: null };
    const d = Math.round((now - before) * 10) / 10;
    const word = d > 0 ? 'up' : d < 0 ? 'down' : 'unchanged';
    return { key, label, text: d === 0 ? `unchanged (${fmt(now)})` : `${word} ${signed(d)} (${fmt(before)} → ${fmt(now)})`, delta: d };
  });
}

export function ScoreChange({ latest, previous, previousAt }: { latest: Score; previous: Score; previousAt: number }) {
  const rows = scoreChanges(latest, previous);
  const rating = latest.rating !== previous.rating ? `${previous.rating ?? '–'} → ${latest.rating ?? '–'}` : `unchanged (${latest.rating ?? '–'})`;
  return (
    <section className="score-change" aria-labelledby="score-change-title">
      <h3 id="score-change-title" className="score-change__title">
        Change since the previous refresh (<time dateTime={new Date(previousAt).toISOString()}>{formatDateTime(new Date(previousAt))}</time>)
      </h3>
      <ul className="score-change__list">
        {rows.map((r) => (
          <li key={r.key} className={`score-change__item score-change__item--${r.delta === null ? 'none' : r.delta > 0 ? 'up' : r.delta < 0 ? 'down' : 'same'}`} data-testid={`score-change-${r.key}`}>
            <span className="score-change__label">{r.label}</span> {r.text}
          </li>
        ))}
        <li className="score-change__item" data-testid="score-change-rating">
          <span className="score-change__label">Rating</span> {rating}
        </li>
      </ul>
    </section>
  );
}

export function ScoreHistoryChart({ points, title }: { points: ScorePoint[]; title: string }) {
  const sorted = [...points].sort((a, b) => a.at - b.at);
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!first || !last || sorted.length < 2) {
    return <p className="score-history__empty muted">Score history: one refresh so far; the chart starts with the next one.</p>;
  }
  const width = 640;
  const height = 160;
  const pad = { top: 10, right: 12, bottom: 22, left: 32 };
  const max = Math.max(...sorted.map((p) => p.score.max));
  const t0 = first.at;
  const span = last.at - t0;
  const x = (at: number, i: number) => pad.left + (span > 0 ? (at - t0) / span : i / (sorted.length - 1)) * (width - pad.left - pad.right);
  const y = (v: number) => pad.top + (1 - v / max) * (height - pad.top - pad.bottom);
  // Refreshes within one day would read as the same date twice: then the time tells them apart.
  const when = (at: number) => (formatDate(new Date(first.at)) === formatDate(new Date(last.at)) ? formatDateTime(new Date(at)) : formatDate(new Date(at)));
  const summary = `Overall score over ${sorted.length} refreshes: ${fmt(first.score.overall)} on ${when(first.at)}, ${fmt(last.score.overall)} on ${when(last.at)}; lowest ${fmt(Math.min(...sorted.map((p) => p.score.overall)))}, highest ${fmt(Math.max(...sorted.map((p) => p.score.overall)))}.`;
  return (
    <figure className="score-history">
      <figcaption className="score-history__title">{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`${title}: ${summary}`} className="score-history__svg">
        {[0, max / 2, max].map((v) => (
          <g key={v}>
            <line x1={pad.left} x2={width - pad.right} y1={y(v)} y2={y(v)} className="score-history__grid" />
            <text x={pad.left - 4} y={y(v) + 4} textAnchor="end" className="score-history__tick">
              {fmt(v)}
            </text>
          </g>
        ))}
        {SERIES.map(({ key, label }) => {
          const pts = sorted.map((p, i) => ({ p, i, v: p.score[key] })).filter((q): q is { p: ScorePoint; i: number; v: number } => q.v !== null);
          if (pts.length === 0) return null;
          return (
            <g key={key} className={`score-history__series score-history__series--${key}`}>
              <polyline points={pts.map(({ p, i, v }) => `${x(p.at, i)},${y(v)}`).join(' ')} fill="none" />
              {pts.map(({ p, i, v }) => (
                <circle key={p.at} cx={x(p.at, i)} cy={y(v)} r={key === 'overall' ? 3.5 : 2.5}>
                  <title>{`${label} ${fmt(v)} on ${formatDateTime(new Date(p.at))}`}</title>
                </circle>
              ))}
            </g>
          );
        })}
        <text x={pad.left} y={height - 6} className="score-history__tick">
          {when(first.at)}
        </text>
        <text x={width - pad.right} y={height - 6} textAnchor="end" className="score-history__tick">
          {when(last.at)}
        </text>
      </svg>
      <ul className="score-history__legend" aria-hidden="true">
        {SERIES.map(({ key, label }) => (
          <li key={key} className={`score-history__key score-history__key--${key}`}>
            <svg width="22" height="8" className={`score-history__series score-history__series--${key}`}>
              <line x1="0" x2="22" y1="4" y2="4" />
            </svg>
            {label}
          </li>
        ))}
      </ul>
      <p className="score-history__summary">{summary}</p>
    </figure>
  );
}
