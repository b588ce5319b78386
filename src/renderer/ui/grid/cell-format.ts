// How a grid cell reads: numbers, money and years in the analyst's locale, lists as chips, nested
// objects as "key: value" text, the company id shortened. Display only: copy-as-TSV and exports use
// the raw values. Text is service text: shown without bidi controls (src/shared/service-text.ts).
import { fieldDisplay, type FieldDisplay } from '../../../shared/service/catalogue';
import { shownText } from '../../../shared/service-text';
import { analystLocale, numberFormat } from '../format';
import { countryShown } from '../value-catalogue';

export type CellView =
  /** `text` is what the cell shows; `full` the whole value (title, focus line) when it differs. */
  | { kind: 'text'; text: string; full: string; numeric?: boolean }
  | { kind: 'chips'; items: string[]; full: string }
  | { kind: 'id'; text: string; full: string };

/** Characters of a company id shown in the grid (a UUID's first group). */
export const ID_SHOWN = 8;

export interface CellFormatter {
  cell(path: string, value: unknown): CellView;
  /** Any value as one line of readable text (nested objects as "key: value"). */
  readable(value: unknown): string;
}

/** `locale` undefined: the analyst's own (ui/format.ts). */
export function createCellFormatter(locale?: string): CellFormatter {
  const grouped = numberFormat({ maximumFractionDigits: 2 }, locale);
  const integer = numberFormat({ maximumFractionDigits: 0 }, locale);
  const year = numberFormat({ useGrouping: false, maximumFractionDigits: 0 }, locale);
  // Looked up per money cell while the grid scrolls: kept by currency, not rebuilt per cell.
  const money = new Map<string, { compact: Intl.NumberFormat; exact: Intl.NumberFormat }>();
  const moneyFor = (currency: string) => {
    let m = money.get(currency);
    if (!m) {
      m = {
        compact: numberFormat({ style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 }, locale),
        exact: numberFormat({ style: 'currency', currency, maximumFractionDigits: 0 }, locale),
      };
      money.set(currency, m);
    }
    return m;
  };

  const readable = (value: unknown, depth = 0): string => {
    if (value === null || value === undefined) return '';
    if (typeof value === 'string') return shownText(value);
    if (typeof value === 'number') return Number.isFinite(value) ? grouped.format(value) : String(value);
    if (typeof value === 'boolean') return value ? 'yes' : 'no';
    if (typeof value === 'bigint') return integer.format(value);
    if (Array.isArray(value)) return value.map((v) => readable(v, depth + 1)).join(', ');
    if (typeof value === 'object') {
      const text = Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => `${shownText(k)}: ${readable(v, depth + 1)}`)
        .join(depth === 0 ? '; ' : ', ');
      return depth === 0 ? text : `(${text})`;
    }
    return String(value);
  };

  const number = (d: FieldDisplay, n: number): CellView => {
    if (!Number.isFinite(n)) return { kind: 'text', text: String(n), full: String(n) };
    if (d.format === 'currency' && d.currency) {
      const m = moneyFor(d.currency);
      return { kind: 'text', text: m.compact.format(n), full: m.exact.format(n), numeric: true };
    }
    if (d.format === 'year') {
      const y = year.format(n);
      return { kind: 'text', text: y, full: y, numeric: true };
    }
    const t = (d.format === 'integer' ? integer : grouped).format(n);
    return { kind: 'text', text: t, full: t, numeric: true };
  };

  return {
    readable: (v) => readable(v),
    cell(path, value) {
      const d = fieldDisplay(path);
      if (d.format === 'id' && typeof value === 'string') {
        return { kind: 'id', text: value.length > ID_SHOWN + 1 ? `${value.slice(0, ID_SHOWN)}…` : value, full: value };
      }
      if (typeof value === 'number') return number(d, value);
      if (typeof value === 'string' && (path === 'country_name' || path.endsWith('.country_name'))) {
        // The analyst's language, as the filter chips and lists say it; the service's text on hover.
        const name = countryShown(null, value, locale);
        if (name !== value) return { kind: 'text', text: name, full: `${name} (the service writes “${shownText(value)}”)` };
      }
      if (Array.isArray(value)) {
        const items = value.map((v) => readable(v)).filter((t) => t !== '');
        return { kind: 'chips', items, full: items.join(', ') };
      }
      const text = readable(value);
      return { kind: 'text', text, full: text };
    },
  };
}

let shared: { locale: string; formatter: CellFormatter } | null = null;
/** Built on first use, after main.tsx has set the analyst's locale (not at import). */
function current(): CellFormatter {
  const locale = analystLocale();
  if (shared?.locale !== locale) shared = { locale, formatter: createCellFormatter(locale) };
  return shared.formatter;
}

/** The analyst's locale, shared by every grid. */
export const cellFormat: CellFormatter = {
  cell: (path, value) => current().cell(path, value),
  readable: (value) => current().readable(value),
};
