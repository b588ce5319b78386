// Observable Plot, loaded on first use (its own chunk, never in the first screen's bundle; see
// bench/bundle-size.ts). `prefetchPlot` starts the load early (a list view is on screen), so a
// click on Analytics only draws.
export type PlotModule = typeof import('@observablehq/plot');

let loading: Promise<PlotModule> | null = null;
let loaded: PlotModule | null = null;

/** The module if it has loaded already (charts then draw in their first layout pass). */
export const plotIfLoaded = (): PlotModule | null => loaded;

export function loadPlot(): Promise<PlotModule> {
  loading ??= import('@observablehq/plot').then((m) => (loaded = m)).catch((e: unknown) => {
    loading = null; // a failed load (host down in browser mode) is tried again next time
    throw e;
  });
  return loading;
}

export function prefetchPlot(): void {
  void loadPlot().catch(() => {});
}

/**
 * The page's CSP admits no inline <style>; Plot puts one in each SVG (display and white-space
 * rules, kept in analytics.css). Removed while the SVG is still detached, so nothing is refused.
 */
export function withoutInlineStyle<T extends Element>(chart: T): T {
  for (const s of chart.querySelectorAll('style')) s.remove();
  return chart;
}
