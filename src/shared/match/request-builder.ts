// THE place where a Match request body is built (docs/match.md). Everything that sends a match
// (single form, edited JSON, bulk rows, bench) goes through here, so a profile's payload template
// changes every path at once.
import { defaultLocale, resolveCountry } from '../service/country-names';
import { MatchRequestSchema } from '../service/schemas';
import { isMatchField, MATCH_FIELDS, normalizeFields, type MatchField, type MatchFieldValues } from './fields';

export interface BuildProblem {
  /** Match field, template, or a dotted path in an edited body. */
  field: string;
  message: string;
}
export type BuildResult = { ok: true; body: unknown } | { ok: false; problems: BuildProblem[] };

export const LIMIT_MIN = 1;
export const LIMIT_MAX = 50;
const PLACEHOLDER = /\{\{\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\}\}/g;
const WHOLE_PLACEHOLDER = /^\{\{\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\}\}$/;

/** Builds the body for these facts: the default payload when `template` is null/blank, else the profile's template. */
export function buildMatchBody(input: Record<string, unknown> | MatchFieldValues, template?: string | null): BuildResult {
  const values = withCountryCode(normalizeFields(input));
  const limitProblem = checkLimit(values.limit);
  if (template == null || template.trim() === '') {
    const problems: BuildProblem[] = [];
    if (!values.name) problems.push({ field: 'name', message: 'Company name is required.' });
    if (limitProblem) problems.push(limitProblem);
    if (problems.length) return { ok: false, problems };
    return { ok: true, body: defaultBody(values) };
  }
  const parsed = parseMatchTemplate(template);
  if (!parsed.ok) return parsed;
  if (limitProblem && parsed.placeholders.includes('limit')) return { ok: false, problems: [limitProblem] };
  const facts = parsed.placeholders.filter((p) => p !== 'limit');
  const [firstFact] = facts;
  if (firstFact !== undefined && !facts.some((p) => values[p])) {
    return { ok: false, problems: [{ field: firstFact, message: `Enter at least one of: ${facts.join(', ')}.` }] };
  }
  return { ok: true, body: render(parsed.template, values) };
}

/**
 * The service takes an ISO country code; analysts' files and forms often say "Germany". A country's
 * name (the OS language's or English) is sent as its code; anything else as typed.
 */
function withCountryCode(values: MatchFieldValues): MatchFieldValues {
  if (!values.country) return values;
  return { ...values, country: resolveCountry(values.country, defaultLocale()) ?? values.country };
}

function checkLimit(limit: string | undefined): BuildProblem | null {
  if (limit === undefined) return null;
  const n = Number(limit);
  if (!/^\d+$/.test(limit) || n < LIMIT_MIN || n > LIMIT_MAX) {
    return { field: 'limit', message: `Max results must be a whole number from ${LIMIT_MIN} to ${LIMIT_MAX}.` };
  }
  return null;
}

function defaultBody(v: MatchFieldValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of MATCH_FIELDS) {
    if (v[f] === undefined) continue;
    body[f] = f === 'limit' ? Number(v[f]) : v[f];
  }
  return body;
}

export type ParsedTemplate = { ok: true; template: unknown; placeholders: MatchField[] } | { ok: false; problems: BuildProblem[] };

/** Parses and checks a payload template: valid JSON, only known `{{field}}` placeholders. */
export function parseMatchTemplate(text: string): ParsedTemplate {
  let template: unknown;
  try {
    template = JSON.parse(text);
  } catch (e) {
    return { ok: false, problems: [{ field: 'template', message: `The profile's match payload template is not valid JSON (${(e as Error).message}).` }] };
  }
  if (template === null || typeof template !== 'object') {
    return { ok: false, problems: [{ field: 'template', message: "The profile's match payload template must be a JSON object or array." }] };
  }
  const found = new Set<string>();
  collectPlaceholders(template, found);
  const unknown = [...found].filter((p) => !isMatchField(p));
  if (unknown.length) {
    return {
      ok: false,
      problems: [{ field: 'template', message: `Unknown placeholder ${unknown.map((u) => `{{${u}}}`).join(', ')} in the match payload template; known fields: ${MATCH_FIELDS.join(', ')}.` }],
    };
  }
  return { ok: true, template, placeholders: [...found] as MatchField[] };
}

function collectPlaceholders(node: unknown, into: Set<string>): void {
  if (typeof node === 'string') {
    for (const m of node.matchAll(PLACEHOLDER)) into.add(m[1]!); // PLACEHOLDER's group always takes part
  } else if (Array.isArray(node)) {
    node.forEach((n) => collectPlaceholders(n, into));
  } else if (node && typeof node === 'object') {
    // Keys are literal: placeholders only fill values.
    for (const v of Object.values(node)) collectPlaceholders(v, into);
  }
}

const DROP = Symbol('drop');

/**
 * A string that is exactly one placeholder takes the field's value (limit as a number) and is dropped,
 * with its key, when the field is empty; containers emptied by drops are dropped too.
 * Placeholders inside longer strings are interpolated, empty fields as ''.
 */
function render(node: unknown, v: MatchFieldValues): unknown {
  const out = renderNode(node, v);
  return out === DROP ? (Array.isArray(node) ? [] : {}) : out;
}

function renderNode(node: unknown, v: MatchFieldValues): unknown {
  if (typeof node === 'string') {
    const whole = WHOLE_PLACEHOLDER.exec(node);
    if (whole) {
      const f = whole[1] as MatchField;
      const val = v[f];
      if (val === undefined) return DROP;
      return f === 'limit' ? Number(val) : val;
    }
    return node.replace(PLACEHOLDER, (_m, f: string) => v[f as MatchField] ?? '');
  }
  if (Array.isArray(node)) {
    const items = node.map((n) => renderNode(n, v)).filter((n) => n !== DROP);
    return items.length === 0 && node.length > 0 ? DROP : items;
  }
  if (node && typeof node === 'object') {
    const entries = Object.entries(node)
      .map(([k, n]) => [k, renderNode(n, v)] as const)
      .filter(([, n]) => n !== DROP);
    return entries.length === 0 && Object.keys(node).length > 0 ? DROP : Object.fromEntries(entries);
  }
  return node;
}

/**
 * Checks a body the analyst edited by hand. With the default payload it must satisfy the documented
 * schema (problems name the path); with a custom template it only has to be a JSON object or array.
 */
export function checkEditedBody(body: unknown, template?: string | null): BuildResult {
  if (template != null && template.trim() !== '') {
    if (body === null || typeof body !== 'object') {
      return { ok: false, problems: [{ field: 'body', message: 'The request body must be a JSON object or array.' }] };
    }
    return { ok: true, body };
  }
  const r = MatchRequestSchema.safeParse(body);
  if (r.success) return { ok: true, body };
  return {
    ok: false,
    problems: r.error.issues.map((i) => ({
      field: i.path.length ? i.path.join('.') : 'body',
      message: i.path.length ? `${i.path.join('.')}: ${i.message}` : 'The request body must be a JSON object with at least "name".',
    })),
  };
}

/** One line for an error banner or a bulk row status. */
export function describeProblems(problems: BuildProblem[]): string {
  return problems.map((p) => p.message).join(' ');
}
