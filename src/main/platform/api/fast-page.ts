// Fast path for the hot response (a search page of up to 200 records). zod's looseObject copies every
// record with all its unknown fields, which cost about as much as JSON.parse itself on a 200-row page.
// This check accepts exactly what SearchPageSchema accepts for well-formed pages and returns the parsed
// JSON as it is (fresh from JSON.parse, so nothing else holds it); anything it does not accept goes
// through the zod schema, which then produces the precise error. A property test pins the equivalence.
import type { SearchPage } from '../../../shared/service/schemas';

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isOptionalToken = (v: unknown) => v === undefined || v === null || typeof v === 'string';

export function fastSearchPage(json: unknown): SearchPage | null {
  if (!isPlainObject(json)) return null;
  const { pagination, count, result } = json;
  if (!isPlainObject(pagination) || !isOptionalToken(pagination.next) || !isOptionalToken(pagination.previous)) return null;
  if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) return null;
  if (!Array.isArray(result)) return null;
  for (const r of result) {
    if (!isPlainObject(r) || typeof r.company_id !== 'string') return null;
  }
  return json as SearchPage;
}
