// Articles per month as plain SVG bars (no chart library): a picture of when the news happened.
import { fillMonths } from '../ui/esg-format';
import { formatMonth } from '../ui/format';

const label = (month: string) => formatMonth(new Date(`${month}-01T00:00:00Z`));

export function MonthChart({ months, title }: { months: { month: string; count: number }[]; title: string }) {
  const series = fillMonths(months);
  const first = series[0];
  const last = series.at(-1);
  if (!first || !last) return null;
  const width = 640;
  const height = 120;
  const pad = { top: 8, bottom: 20, left: 28 };
  const max = Math.max(1, ...series.map((m) => m.count));
  const slot = (width - pad.left) / series.length;
  const bar = Math.max(1, slot * 0.8);
  const plotH = height - pad.top - pad.bottom;
  const total = series.reduce((n, m) => n + m.count, 0);
  const busiest = series.reduce((a, b) => (b.count > a.count ? b : a));
  const summary = `${total} articles from ${label(first.month)} to ${label(last.month)}; busiest month ${label(busiest.month)} with ${busiest.count}.`;
  // Year ticks: January of each year (and the first month).
  const ticks = series.map((m, i) => ({ m, i })).filter(({ m, i }) => i === 0 || m.month.endsWith('-01'));
  return (
    <figure className="month-chart">
      <figcaption className="month-chart__title">{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`${title}: ${summary}`} className="month-chart__svg">
        <line x1={pad.left} x2={width} y1={pad.top + plotH} y2={pad.top + plotH} className="month-chart__axis" />
        <text x={pad.left - 4} y={pad.top + 8} textAnchor="end" className="month-chart__tick">
          {max}
        </text>
        <text x={pad.left - 4} y={pad.top + plotH} textAnchor="end" className="month-chart__tick">
          0
        </text>
        {series.map((m, i) => {
          const h = (m.count / max) * plotH;
          return (
            <rect key={m.month} x={pad.left + i * slot + (slot - bar) / 2} y={pad.top + plotH - h} width={bar} height={h} className="month-chart__bar">
              <title>{`${label(m.month)}: ${m.count}`}</title>
            </rect>
          );
        })}
        {ticks.map(({ m, i }) => (
          <text key={m.month} x={pad.left + i * slot} y={height - 4} className="month-chart__tick">
            {m.month.slice(0, 4)}
          </text>
        ))}
      </svg>
      <p className="month-chart__summary">{summary}</p>
    </figure>
  );
}
