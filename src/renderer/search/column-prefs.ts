// Column choices (order, hidden, widths) as remembered per saved search, merged with the columns a page has.
export interface ColumnPrefs {
  order: string[];
  hidden: string[];
  widths: Record<string, number>;
}
export const emptyPrefs = (): ColumnPrefs => ({ order: [], hidden: [], widths: {} });
export const MIN_WIDTH = 60;
export const MAX_WIDTH = 1200;

export function defaultWidth(path: string): number {
  if (path === 'company_id') return 300;
  if (path === 'name') return 240;
  return 160;
}

/** Remembered order first (only columns that exist), then new columns in the order the data shows them. */
export function orderedColumns(available: readonly string[], prefs: ColumnPrefs): string[] {
  const have = new Set(available);
  const first = prefs.order.filter((c) => have.has(c));
  const placed = new Set(first);
  return [...first, ...available.filter((c) => !placed.has(c))];
}

export function visibleColumns(available: readonly string[], prefs: ColumnPrefs): string[] {
  const hidden = new Set(prefs.hidden);
  return orderedColumns(available, prefs).filter((c) => !hidden.has(c));
}

export function moveColumn(available: readonly string[], prefs: ColumnPrefs, column: string, delta: -1 | 1): ColumnPrefs {
  const order = orderedColumns(available, prefs);
  const i = order.indexOf(column);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= order.length) return prefs;
  [order[i], order[j]] = [order[j], order[i]];
  return { ...prefs, order };
}

export function setHidden(prefs: ColumnPrefs, column: string, hidden: boolean): ColumnPrefs {
  const rest = prefs.hidden.filter((c) => c !== column);
  return { ...prefs, hidden: hidden ? [...rest, column] : rest };
}

export function setWidth(prefs: ColumnPrefs, column: string, width: number): ColumnPrefs {
  const w = Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width)));
  return { ...prefs, widths: { ...prefs.widths, [column]: w } };
}
