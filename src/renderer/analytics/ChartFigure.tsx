// One chart: a heading, a sentence of what it shows, the drawing (Observable Plot, hidden from
// screen readers), its table alternative (read by screen readers always; "Show table" shows it on
// screen too) and Save PNG / Save SVG.
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { chartFileStem, downloadBlob, pngOf, standaloneSvg } from './chart-export';
import { loadPlot, plotIfLoaded, withoutInlineStyle, type PlotModule } from './plot-loader';
import { ServiceText } from '../ui/ServiceText';

export interface ChartTable {
  columns: readonly string[];
  /** First cell of each row is its header. */
  rows: readonly (readonly string[])[];
}

export interface ChartFigureProps {
  title: string;
  /** One sentence: what the chart shows. */
  description: string;
  table: ChartTable;
  /** Said instead of a drawing when there is nothing to draw (Plot would draw a bare "0.000000" axis). */
  empty?: string | null;
  /** Draws the chart at this width (px). */
  draw(plot: PlotModule, width: number): SVGSVGElement | HTMLElement;
  /** Saved files are named after this and the title. */
  fileContext: string;
  headingLevel?: 2 | 3 | 4;
}

/** The Plot module once loaded (null meanwhile); the error if it could not be. */
export function usePlot(): { plot: PlotModule | null; error: string | null } {
  const [state, setState] = useState<{ plot: PlotModule | null; error: string | null }>(() => ({ plot: plotIfLoaded(), error: null }));
  useEffect(() => {
    if (state.plot) return;
    let live = true;
    loadPlot().then(
      (plot) => live && setState({ plot, error: null }),
      () => live && setState({ plot: null, error: 'The charts could not be loaded; the tables below hold the same numbers.' }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once; a module already loaded was taken at the first render
  }, []);
  return state;
}

const DEFAULT_WIDTH = 640;

export function ChartFigure({ title, description, table, empty = null, draw, fileContext, headingLevel = 3 }: ChartFigureProps) {
  const id = useId();
  const { plot, error } = usePlot();
  const box = useRef<HTMLDivElement>(null);
  const [showTable, setShowTable] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const Heading = ({ 2: 'h2', 3: 'h3', 4: 'h4' } as const)[headingLevel];

  useLayoutEffect(() => {
    const el = box.current;
    if (!plot || !el || empty !== null) return;
    // Every chart reads its width in the commit (one layout for all of them), and draws after the
    // commit: reading a width after a sibling drew would force a layout of the page per chart.
    const width = Math.min(el.clientWidth || DEFAULT_WIDTH, 960);
    let live = true;
    queueMicrotask(() => {
      if (!live) return;
      const start = performance.now();
      const chart = withoutInlineStyle(draw(plot, width));
      chart.setAttribute('aria-hidden', 'true');
      el.replaceChildren(chart);
      setDrawn(true);
      // Read by bench/analytics-render.ts: where the time of a click goes.
      performance.measure?.(`chart: ${title}`, { start });
    });
    return () => {
      live = false;
    };
  }, [plot, draw, title, empty]);

  const svg = () => box.current?.querySelector('svg') ?? null;
  const colors = () => {
    const cs = box.current ? getComputedStyle(box.current) : null;
    return { text: cs?.color || '#1b1f24', background: cs?.getPropertyValue('--surface').trim() || '#ffffff' };
  };
  const stem = chartFileStem(fileContext, title);
  const saveSvg = () => {
    const s = svg();
    if (s) downloadBlob(new Blob([standaloneSvg(s, colors())], { type: 'image/svg+xml' }), `${stem}.svg`);
  };
  const savePng = async () => {
    const s = svg();
    if (!s) return;
    try {
      setSaveError(null);
      const c = colors();
      const { width, height } = s.viewBox.baseVal;
      downloadBlob(await pngOf(standaloneSvg(s, c), width, height, c.background), `${stem}.png`);
    } catch (e) {
      setSaveError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    // An empty chart is settled at once (data-drawn: what E2E and the bench wait for), with nothing to save.
    <figure className="analytics-chart" aria-labelledby={`${id}-title`} data-drawn={drawn || empty !== null ? 'true' : undefined} data-empty={empty !== null ? 'true' : undefined}>
      <Heading id={`${id}-title`} className="analytics-chart__title">
        {title}
      </Heading>
      <p className="analytics-chart__what">{description}</p>
      {empty !== null ? (
        <p className="analytics-chart__empty">{empty}</p>
      ) : (
        <div ref={box} className="analytics-chart__plot">
          {error ? <p className="muted">{error}</p> : !plot ? <p className="muted">Drawing…</p> : null}
        </div>
      )}
      <div className="analytics-chart__actions">
        <button type="button" className="button button--small" aria-expanded={showTable} aria-controls={`${id}-table`} onClick={() => setShowTable((v) => !v)}>
          {showTable ? 'Hide table' : 'Show table'}
        </button>
        <button type="button" className="button button--small" disabled={!drawn || empty !== null} aria-label={`Save PNG: ${title}`} onClick={() => void savePng()}>
          Save PNG
        </button>
        <button type="button" className="button button--small" disabled={!drawn || empty !== null} aria-label={`Save SVG: ${title}`} onClick={saveSvg}>
          Save SVG
        </button>
        {saveError ? <span role="alert">{saveError}</span> : null}
      </div>
      <div id={`${id}-table`} className={showTable ? 'table-wrap analytics-chart__table' : 'visually-hidden'}>
        <table className="data-table">
          <caption>{`${title}: the numbers`}</caption>
          <thead>
            <tr>
              {table.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((r, i) => (
              <tr key={i}>
                {r.map((cell, j) =>
                  j === 0 ? (
                    <th key={j} scope="row">
                      {/* Row names are often service text: a company, a country name from its record. */}
                      <ServiceText text={cell} />
                    </th>
                  ) : (
                    <td key={j} className="num">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
