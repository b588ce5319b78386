// Column choices (order, hidden, widths) and row density as remembered per saved search, merged with the columns a page has.
import type { GridDensity } from '../../../shared/bridge/groups/search';

export interface ColumnPrefs {
  order: string[];
  hidden: string[];
  widths: Record<string, number>;
  /** Absent = comfortable. */
  density?: GridDensity;
}
export const emptyPrefs = (): ColumnPrefs => ({ order: [], hidden: [], widths: {} });
export const MIN_WIDTH = 60;
export const MAX_WIDTH = 1200;

/** Short codes and numbers need less room than text: more columns fit beside the filters. */
const NARROW: Readonly<Record<string, number>> = {
  country: 100,
  'address.country': 100,
  legal_form: 110,
  industry_code: 120,
  'address.postal_code': 120,
  employee_count: 120,
  revenue: 130,
  founding_year: 100,
};

export function defaultWidth(path: string): number {
  if (path === 'company_id') return 160; // shortened, with a copy button
  if (path === 'name') return 240;
  return NARROW[path] ?? 160;
}

/** Columns that lead when the analyst has not ordered them: a name reads better than an id. */
const LEADING = ['name', 'company_id'];

/** The data's column order with the leading columns first. */
export function defaultOrder(available: readonly string[]): string[] {
  const lead = LEADING.filter((c) => available.includes(c));
  return [...lead, ...available.filter((c) => !lead.includes(c))];
}

/** Remembered order first (only columns that exist), then new columns in the default order. */
export function orderedColumns(available: readonly string[], prefs: ColumnPrefs): string[] {
  const have = new Set(available);
  const first = prefs.order.filter((c) => have.has(c));
  const placed = new Set(first);
  return [...first, ...defaultOrder(available).filter((c) => !placed.has(c))];
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
  [order[i], order[j]] = [order[j]!, order[i]!]; // both checked in range above
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

/** Keyboard resizing (Ctrl+Shift+arrows in the grid) moves a column's edge by this much. */
export const WIDTH_STEP = 16;

export const widthOf = (prefs: ColumnPrefs, column: string): number => prefs.widths[column] ?? defaultWidth(column);

/** Row heights (px) of the result grids per density: compact fits a third more rows. */
export const ROW_HEIGHT: Readonly<Record<GridDensity, number>> = { comfortable: 32, compact: 24 };
export const densityOf = (prefs: ColumnPrefs): GridDensity => prefs.density ?? 'comfortable';

export function setDensity(prefs: ColumnPrefs, density: GridDensity): ColumnPrefs {
  const { density: _old, ...rest } = prefs;
  return density === 'comfortable' ? rest : { ...rest, density };
}

/** Columns whose label or field name holds every word typed (the column chooser's search). */
export function findColumns(columns: readonly string[], query: string, labelOf: (c: string) => string): string[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...columns];
  return columns.filter((c) => {
    const hay = `${labelOf(c)} ${c}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}
