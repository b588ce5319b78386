// The filter builder's state and its exact mapping to and from the spec's body:
// {"filters": {"and"|"or": [{attribute, relation, value}, ...]}}. Pure, so it is unit-tested in Node.
import { checkSearchBody, type Wrapper } from '../../shared/search/body';
import { findAttribute, filterValueProblem, isRelation, RELATION_INFO } from '../../shared/service/catalogue';
import { isCountryCode } from '../../shared/service/classifications';
import { countryName, relationText, resolveCountry } from '../ui/value-catalogue';

export type ValueKind = 'text' | 'number' | 'list' | 'range' | 'json';
export const VALUE_KINDS: readonly ValueKind[] = ['text', 'number', 'list', 'range', 'json'];
export const VALUE_KIND_LABEL: Record<ValueKind, string> = {
  text: 'Text',
  number: 'Number',
  list: 'List',
  range: 'Range (two bounds)',
  json: 'Raw JSON',
};

export interface Condition {
  id: string;
  attribute: string;
  relation: string;
  kind: ValueKind;
  /** text / number / json editors. */
  input: string;
  /** list editor: one value (chip) per line. */
  items: string;
  low: string;
  high: string;
  /** list / range: parse entries as numbers. */
  numeric: boolean;
}
export interface BuilderState {
  op: Wrapper;
  conditions: Condition[];
}

let seq = 0;
export const newConditionId = () => `c${++seq}`;

export function emptyCondition(attribute = '', relation = 'equals'): Condition {
  const kind = defaultKind(attribute, relation);
  return { id: newConditionId(), attribute, relation, kind, input: '', items: '', low: '', high: '', numeric: isNumericAttribute(attribute) };
}
export const emptyBuilder = (): BuilderState => ({ op: 'and', conditions: [emptyCondition()] });

export function isNumericAttribute(attribute: string): boolean {
  const t = findAttribute(attribute)?.valueType;
  return t === 'integer' || t === 'number';
}

/** The editor that fits attribute + relation: lists for in/not_in, two bounds for between, raw JSON for unknown relations. */
export function defaultKind(attribute: string, relation: string): ValueKind {
  if (!isRelation(relation)) return 'json';
  const shape = RELATION_INFO[relation].shape;
  if (shape === 'list') return 'list';
  if (shape === 'range') return 'range';
  return isNumericAttribute(attribute) ? 'number' : 'text';
}

export type ValueResult = { ok: true; value: unknown } | { ok: false; error: string };

function parseNumber(raw: string, what: string): ValueResult {
  const t = raw.trim();
  if (t === '') return { ok: false, error: `${what} is required.` };
  const n = Number(t);
  return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, error: `${what} must be a number.` };
}

const listEntries = (items: string) => items.split('\n').filter((l) => l.trim() !== '');
/** The list editor's values (chips), in order. */
export const listItems = (c: Pick<Condition, 'items'>): string[] => listEntries(c.items);

/**
 * Text typed or pasted into a list editor, as chip values. A pasted column (newlines or tabs, as copied
 * from a spreadsheet) splits on those only, so "Co., Ltd." survives; anything else splits on commas.
 */
export function splitChipText(text: string): string[] {
  const parts = /[\r\n\t]/.test(text) ? text.split(/[\r\n\t]+/) : text.split(',');
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

/** Adds chip values (country names become their ISO code), skipping ones already there. */
export function addChips(c: Condition, values: readonly string[]): Condition {
  const have = listEntries(c.items);
  const next = [...have];
  for (const raw of values) {
    const v = c.attribute === 'country' ? (resolveCountry(raw) ?? raw) : raw;
    if (v.trim() !== '' && !v.includes('\n') && !next.includes(v)) next.push(v);
  }
  return next.length === have.length ? c : { ...c, items: next.join('\n') };
}

export function removeChip(c: Condition, index: number): Condition {
  const have = listEntries(c.items);
  return { ...c, items: have.filter((_, i) => i !== index).join('\n') };
}

/** The condition's value as it will be sent, or the problem with it. */
export function conditionValue(c: Condition): ValueResult {
  switch (c.kind) {
    case 'text':
      return { ok: true, value: c.input };
    case 'number':
      return parseNumber(c.input, 'Value');
    case 'list': {
      const entries = listEntries(c.items);
      if (entries.length === 0) return { ok: false, error: 'Add at least one value, one per line.' };
      if (!c.numeric) return { ok: true, value: entries };
      const out: number[] = [];
      for (const e of entries) {
        const r = parseNumber(e, `"${e}"`);
        if (!r.ok) return r;
        out.push(r.value as number);
      }
      return { ok: true, value: out };
    }
    case 'range': {
      if (!c.numeric) {
        if (c.low === '' || c.high === '') return { ok: false, error: 'Both bounds are required.' };
        return { ok: true, value: [c.low, c.high] };
      }
      const lo = parseNumber(c.low, 'From');
      if (!lo.ok) return lo;
      const hi = parseNumber(c.high, 'To');
      if (!hi.ok) return hi;
      return { ok: true, value: [lo.value, hi.value] };
    }
    case 'json': {
      if (c.input.trim() === '') return { ok: false, error: 'Enter a JSON value, for example "text", 12, [1, 2] or null.' };
      try {
        return { ok: true, value: JSON.parse(c.input) };
      } catch (e) {
        return { ok: false, error: `Not valid JSON: ${describeJsonError(c.input, e).message}` };
      }
    }
  }
}

export interface ConditionCheck {
  errors: { attribute?: string; relation?: string; value?: string };
  /** Non-blocking: the sandbox catalogue disagrees (the real service's lists are not published). */
  hint?: string;
}

export function checkCondition(c: Condition): ConditionCheck {
  const errors: ConditionCheck['errors'] = {};
  const attr = findAttribute(c.attribute);
  if (c.attribute.trim() === '') errors.attribute = 'Attribute is required.';
  else if (!attr) errors.attribute = `Unknown attribute "${c.attribute}": choose one from the list.`;
  if (c.relation.trim() === '') errors.relation = 'Relation is required.';
  else if (!isRelation(c.relation)) errors.relation = `Unknown relation "${c.relation}": choose one from the list, for example "${relationText('greater_than')}".`;
  const v = conditionValue(c);
  if (!v.ok) errors.value = v.error;
  else if (c.kind === 'text' && c.input.trim() === '') errors.value = 'Enter a value.';
  else if (c.attribute === 'country') {
    const bad = (Array.isArray(v.value) ? v.value : [v.value]).find((x) => typeof x === 'string' && !isCountryCode(x));
    if (typeof bad === 'string') errors.value = countryProblem(bad);
  }
  let hint: string | undefined;
  if (v.ok && attr && isRelation(c.relation)) {
    const problem = filterValueProblem(attr, c.relation, v.value);
    if (problem) hint = `The sandbox catalogue says: ${problem}.`;
  }
  // A reversed range is sent as written (the service decides), but the analyst is told.
  if (!hint && v.ok && c.kind === 'range' && c.numeric) {
    const [lo, hi] = v.value as [number, number];
    if (lo > hi) hint = 'From is greater than To, so this range probably matches nothing.';
  }
  return { errors, hint };
}

/** "Germany" for country: not a code, so say which code was probably meant. */
function countryProblem(text: string): string {
  const code = resolveCountry(text);
  if (code) return `"${text}" is a country name: the service expects its ISO code ${code} (${countryName(code) ?? code}). Pick it from the list.`;
  return `"${text}" is not an ISO country code (two letters, e.g. DE). Type a country's name and pick it from the list.`;
}

/** One condition that stops Search, for the reason next to the button. */
export interface BuildProblem {
  index: number;
  message: string;
}
export type BuildResult =
  | { ok: true; body: { filters: Record<string, unknown[]> } }
  | { ok: false; draft: unknown; problems: number; list: BuildProblem[] };

/** The exact body, or a best-effort draft (invalid values kept as typed) for the JSON view. */
export function buildBody(state: BuilderState): BuildResult {
  const list: BuildProblem[] = [];
  const filters = state.conditions.map((c, index) => {
    const errors = Object.values(checkCondition(c).errors);
    if (errors.length) list.push({ index, message: errors.join(' ') });
    const v = conditionValue(c);
    return { attribute: c.attribute, relation: c.relation, value: v.ok ? v.value : rawValue(c) };
  });
  if (filters.length === 0) list.push({ index: -1, message: 'Add a condition.' });
  const body = { filters: { [state.op]: filters } };
  return list.length ? { ok: false, draft: body, problems: list.length, list } : { ok: true, body };
}

/**
 * The body as the builder writes it, and whether it is exact (every value parsed). A body with an unknown
 * attribute is still exact: it cannot run, but the builder shows it as written.
 */
export function serialise(state: BuilderState): { body: unknown; exact: boolean } {
  const built = buildBody(state);
  if (built.ok) return { body: built.body, exact: true };
  return { body: built.draft, exact: state.conditions.length > 0 && state.conditions.every((c) => conditionValue(c).ok) };
}

export type FieldPart = 'attribute' | 'relation' | 'value';
/** A 400's `field` path (filters.and[1].value) as the builder row it names, or null when it names none. */
export function fieldTarget(field: string | undefined, state: BuilderState): { index: number; part: FieldPart | null } | null {
  const m = field ? /^filters\.(and|or)\[(\d+)\](?:\.(attribute|relation|value))?/.exec(field) : null;
  if (!m || m[1] !== state.op) return null;
  const index = Number(m[2]);
  if (index >= state.conditions.length) return null;
  return { index, part: (m[3] as FieldPart | undefined) ?? null };
}

function rawValue(c: Condition): unknown {
  if (c.kind === 'list') return listEntries(c.items);
  if (c.kind === 'range') return [c.low, c.high];
  return c.input;
}

export type ParseResult = { ok: true; state: BuilderState } | { ok: false; message: string; line?: number; column?: number; offset?: number };

/** JSON text (typed or pasted) to builder state; invalid JSON is located, a wrong structure is named. */
export function parseBodyText(text: string): ParseResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    const where = describeJsonError(text, e);
    return { ok: false, ...where, message: `Invalid JSON${where.line ? ` at line ${where.line}, column ${where.column}` : ''}: ${where.message}` };
  }
  return bodyToState(json);
}

export function bodyToState(json: unknown): ParseResult {
  const check = checkSearchBody(json);
  if (!check.ok) return { ok: false, message: check.message };
  const filters = check.body.filters as Record<string, Array<{ attribute: string; relation: string; value: unknown }>>;
  const op: Wrapper = 'and' in filters ? 'and' : 'or';
  return { ok: true, state: { op, conditions: (filters[op] ?? []).map((f) => conditionFromFilter(f.attribute, f.relation, f.value)) } };
}

const isLineSafe = (s: unknown): s is string => typeof s === 'string' && s.trim() !== '' && !s.includes('\n');
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Picks the editor that reproduces `value` exactly; anything else becomes raw JSON. */
export function conditionFromFilter(attribute: string, relation: string, value: unknown): Condition {
  const base = { ...emptyCondition(attribute, relation) };
  const shape = isRelation(relation) ? RELATION_INFO[relation].shape : null;
  if (Array.isArray(value) && shape === 'list' && value.length > 0) {
    if (value.every(isNum)) return { ...base, kind: 'list', numeric: true, items: value.join('\n') };
    if (value.every(isLineSafe)) return { ...base, kind: 'list', numeric: false, items: value.join('\n') };
  }
  if (Array.isArray(value) && shape === 'range' && value.length === 2) {
    if (value.every(isNum)) return { ...base, kind: 'range', numeric: true, low: String(value[0]), high: String(value[1]) };
    if (value.every((v) => typeof v === 'string' && v !== '')) {
      return { ...base, kind: 'range', numeric: false, low: value[0] as string, high: value[1] as string };
    }
  }
  if (typeof value === 'string' && shape !== 'list' && shape !== 'range') return { ...base, kind: 'text', input: value };
  if (isNum(value) && Number(String(value)) === value && shape !== 'list' && shape !== 'range') {
    return { ...base, kind: 'number', input: String(value) };
  }
  return { ...base, kind: 'json', input: JSON.stringify(value) };
}

/** Moves a condition to another editor, carrying the value over where it makes sense. */
export function changeKind(c: Condition, kind: ValueKind): Condition {
  if (kind === c.kind) return c;
  const v = conditionValue(c);
  const value = v.ok ? v.value : rawValue(c);
  const list = Array.isArray(value) ? value : value === '' || value === undefined ? [] : [value];
  const next = { ...c, kind };
  switch (kind) {
    case 'text':
      return { ...next, input: list.length ? String(list[0]) : '' };
    case 'number':
      return { ...next, input: list.length ? String(list[0]) : '' };
    case 'list':
      return { ...next, items: list.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join('\n'), numeric: list.length ? list.every(isNum) : c.numeric };
    case 'range':
      return { ...next, low: list[0] === undefined ? '' : String(list[0]), high: list[1] === undefined ? '' : String(list[1]), numeric: list.length ? list.every(isNum) : c.numeric };
    case 'json':
      return { ...next, input: value === undefined || (value === '' && c.kind !== 'text') ? '' : JSON.stringify(value) };
  }
}

/** Where JSON.parse failed: line/column (1-based) from the engine's "position N", and a short message. */
export function describeJsonError(text: string, e: unknown): { message: string; line?: number; column?: number; offset?: number } {
  const raw = e instanceof Error ? e.message : String(e);
  const message = raw.replace(/\s*\(line \d+ column \d+\)/, '').replace(/ in JSON at position \d+/, '');
  const m = /position (\d+)/.exec(raw);
  let offset = m ? Number(m[1]) : undefined;
  if (offset === undefined && /Unexpected end of JSON input/.test(raw)) offset = text.length;
  if (offset === undefined) return { message };
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return { message, line, column, offset };
}
