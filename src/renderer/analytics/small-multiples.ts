// Small multiples (one panel per country or industry division) in rows of COLS panels, each panel
// titled above its frame. The titles have a band of their own: each facet row leaves TITLE_BAND px
// above its frame, and the y axis names itself in the left margin (not at the top, where the
// first title sits), so a title never runs into an axis, a tick or the other titles (issue 38 #2).
import type { GroupBreakdown } from '../../shared/analytics/analytics';
import { oneLineText } from '../../shared/service-text';
import { fmtCount, fmtTick } from './format';
import type { PlotModule } from './plot-loader';

export const COLS = 4;
/** Height of a panel's frame, and of the band above it that holds its title. */
const PANEL = 110;
export const TITLE_BAND = 24;
/** Below a panel whose neighbour below is missing, Plot draws its x axis: room for it before the next title. */
const X_AXIS = 22;
const MARGIN_LEFT = 56;
const MARGIN_BOTTOM = 36;
/** Width of a character of a 10px bold title, generously (SVG text is not measured before it is drawn). */
const CHAR_PX = 6.5;

type Cell = { fx: number; fy: number };
const at = (i: number): Cell => ({ fx: i % COLS, fy: Math.floor(i / COLS) });

/** The panels' data and titles; a title is cut to what fits above its panel at this width. */
export function panels<T>(groups: readonly GroupBreakdown[], rows: (g: GroupBreakdown) => T[], width: number) {
  const data = groups.flatMap((g, i) => rows(g).map((r) => ({ ...r, ...at(i) })));
  const panelWidth = (width - MARGIN_LEFT - 20) / COLS;
  const titles = groups.map((g, i) => {
    const count = ` (${fmtCount(g.withScores)})`;
    const room = Math.max(6, Math.floor((panelWidth - 8) / CHAR_PX) - count.length);
    // SVG text has no <bdi>: one line, cut; the table keeps the whole name.
    return { title: `${oneLineText(g.label, room)}${count}`, ...at(i) };
  });
  return { data, titles, rows: Math.ceil(groups.length / COLS) };
}

/** Plot options of the facet grid: the title band above every row, the y label in the left margin. */
export function gridLayout(rows: number, yLabel: string) {
  const gap = TITLE_BAND + X_AXIS;
  const step = PANEL + gap;
  const marginTop = TITLE_BAND + 4;
  return {
    height: marginTop + rows * step - gap + MARGIN_BOTTOM,
    marginTop,
    marginLeft: MARGIN_LEFT,
    marginBottom: MARGIN_BOTTOM,
    // fy's padding is a share of a row's step: the gap between two rows' frames.
    fx: { axis: null, padding: 0.12 },
    fy: { axis: null, paddingInner: gap / step, paddingOuter: 0 },
    y: { label: yLabel, labelAnchor: 'center' as const, labelArrow: 'none' as const, grid: true, tickFormat: fmtTick },
  };
}

/** The panel titles: at each frame's top left, in the middle of the band above it. */
export function panelTitles(Plot: PlotModule, titles: ReturnType<typeof panels>['titles']) {
  return Plot.text(titles, { fx: 'fx', fy: 'fy', text: 'title', frameAnchor: 'top-left', textAnchor: 'start', dy: -TITLE_BAND / 2, fontWeight: 600, className: 'analytics-panel-title' });
}
