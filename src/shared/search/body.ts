// Checks a search body against the spec (one `and`/`or` wrapper over >= 1 {attribute, relation, value})
// and names the exact problem, so neither main nor the builder sends something the server will 400.
import { canonicalJson } from '../canonical-json';
import { SearchBodySchema, type SearchBody } from '../service/schemas';

export type BodyCheck = { ok: true; body: SearchBody } | { ok: false; message: string; path: string };

const WRAPPERS = ['and', 'or'] as const;
export type Wrapper = (typeof WRAPPERS)[number];

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
const fail = (path: string, message: string): BodyCheck => ({ ok: false, path, message: path ? `${path}: ${message}` : message });

export function checkSearchBody(body: unknown): BodyCheck {
  if (!isObject(body)) return fail('', 'The search body must be a JSON object like {"filters": {"and": [...]}}.');
  const [extra] = Object.keys(body).filter((k) => k !== 'filters');
  if (extra !== undefined) return fail(extra, `unknown field "${extra}"; the body holds only "filters".`);
  const filters = body.filters;
  if (filters === undefined) return fail('filters', 'is required.');
  if (!isObject(filters)) return fail('filters', 'must be an object with one wrapper, "and" or "or".');
  const keys = Object.keys(filters);
  const wrappers = keys.filter((k): k is Wrapper => (WRAPPERS as readonly string[]).includes(k));
  const unknown = keys.filter((k) => !(WRAPPERS as readonly string[]).includes(k));
  if (unknown.length) return fail(`filters.${unknown[0]}`, `"${unknown[0]}" is not a wrapper; use "and" or "or".`);
  const [op] = wrappers;
  if (op === undefined) return fail('filters', 'needs one wrapper, "and" or "or".');
  if (wrappers.length > 1) return fail('filters', 'has both "and" and "or"; use exactly one wrapper.');
  const list = filters[op];
  if (!Array.isArray(list)) return fail(`filters.${op}`, 'must be a list of filters.');
  if (list.length === 0) return fail(`filters.${op}`, 'needs at least one filter.');
  for (let i = 0; i < list.length; i++) {
    const f = list[i];
    const at = `filters.${op}[${i}]`;
    if (!isObject(f)) return fail(at, 'must be an object with attribute, relation and value.');
    const extraKeys = Object.keys(f).filter((k) => !['attribute', 'relation', 'value'].includes(k));
    if (extraKeys.length) return fail(`${at}.${extraKeys[0]}`, `unknown field; a filter has attribute, relation and value.`);
    if (typeof f.attribute !== 'string' || f.attribute.trim() === '') return fail(`${at}.attribute`, 'is required (text).');
    if (typeof f.relation !== 'string' || f.relation.trim() === '') return fail(`${at}.relation`, 'is required (text).');
    if (!('value' in f) || f.value === undefined) return fail(`${at}.value`, 'is required.');
  }
  // The shared schema stays the final word (it is what the contract promises).
  const parsed = SearchBodySchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail(issue?.path.join('.') ?? '', issue?.message ?? parsed.error.message);
  }
  return { ok: true, body: parsed.data };
}

/** The one canonical JSON (shared/canonical-json.ts), still offered here to the screens that import it from this module. */
export { canonicalJson };

/** Everything that makes up one request besides the token; any change means a new pagination session. */
export function searchFingerprint(body: unknown, pageSize: number): string {
  return `${pageSize}|${canonicalJson(body)}`;
}
