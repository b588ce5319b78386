// A search body in words for the saved and recent lists: "Country is one of Austria, Switzerland and
// Employees greater than 500". Catalogue labels, country names from the value catalogue, numbers for the
// locale. Pure and tolerant: any JSON gets a readable line (an unknown shape falls back to its JSON).
import { findAttribute, isRelation, RELATION_INFO } from '../../shared/service/catalogue';
import { numberFormat } from '../ui/format';
import { countryLabel } from '../ui/value-catalogue';

export interface WordsOptions {
  locale?: string;
  /** A list longer than this is cut: "A, B, C and 7 more". */
  maxListItems?: number;
}

type Node = { attribute?: unknown; relation?: unknown; value?: unknown } & Partial<Record<'and' | 'or', unknown>>;

/** Attributes whose values are codes or names shown without quotes. */
const BARE_VALUES = new Set(['country', 'legal_form', 'industry_code']);
/** Numeric attributes written without digit grouping. */
const PLAIN_NUMBERS = new Set(['founding_year']);

function valueWords(attribute: string, v: unknown, o: WordsOptions): string {
  if (v === null || v === undefined) return 'empty';
  if (typeof v === 'number') {
    return PLAIN_NUMBERS.has(attribute) ? String(v) : numberFormat({ maximumFractionDigits: 2 }, o.locale).format(v);
  }
  if (typeof v === 'string') {
    if (attribute === 'country') return countryLabel(v, o.locale);
    return BARE_VALUES.has(attribute) ? v : `"${v}"`;
  }
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return JSON.stringify(v);
}

function listWords(attribute: string, values: unknown[], o: WordsOptions): string {
  const max = o.maxListItems ?? 6;
  const shown = values.slice(0, max).map((v) => valueWords(attribute, v, o));
  const rest = values.length - shown.length;
  return rest > 0 ? `${shown.join(', ')} and ${rest} more` : shown.join(', ');
}

function conditionWords(f: Node, o: WordsOptions): string {
  const attribute = typeof f.attribute === 'string' ? f.attribute : String(f.attribute ?? '?');
  const relation = typeof f.relation === 'string' ? f.relation : String(f.relation ?? '?');
  const label = findAttribute(attribute)?.label ?? attribute;
  const known = isRelation(relation) ? RELATION_INFO[relation] : null;
  const verb = known?.label ?? relation.replace(/_/g, ' ');
  const v = f.value;
  let value: string;
  if (known?.shape === 'range' && Array.isArray(v) && v.length === 2) {
    value = `${valueWords(attribute, v[0], o)} and ${valueWords(attribute, v[1], o)}`;
  } else if (Array.isArray(v)) {
    value = listWords(attribute, v, o);
  } else {
    value = valueWords(attribute, v, o);
  }
  return `${label} ${verb} ${value}`;
}

const groupOp = (n: unknown): 'and' | 'or' | null => {
  if (!n || typeof n !== 'object' || Array.isArray(n)) return null;
  const keys = Object.keys(n);
  return keys.length === 1 && (keys[0] === 'and' || keys[0] === 'or') && Array.isArray((n as Node)[keys[0] as 'and']) ? (keys[0] as 'and' | 'or') : null;
};

function groupWords(op: 'and' | 'or', items: unknown[], o: WordsOptions, nested: boolean): string {
  const parts = items.map((item) => {
    const inner = groupOp(item);
    if (inner) return groupWords(inner, (item as Record<'and' | 'or', unknown[]>)[inner], o, true);
    if (item && typeof item === 'object' && !Array.isArray(item)) return conditionWords(item as Node, o);
    return JSON.stringify(item);
  });
  const text = parts.join(` ${op} `);
  return nested && parts.length > 1 ? `(${text})` : text;
}

/** The body's conditions in words, or '' when it has none. */
export function searchInWords(body: unknown, o: WordsOptions = {}): string {
  const filters = (body as { filters?: unknown } | null)?.filters;
  const op = groupOp(filters);
  if (op) return groupWords(op, (filters as Record<'and' | 'or', unknown[]>)[op], o, false);
  if (filters && typeof filters === 'object') return JSON.stringify(filters);
  return '';
}
