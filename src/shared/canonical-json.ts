// The one canonical JSON of the app, main, page and sandbox alike: two values that mean the same
// request or the same settings get one text. Object keys are sorted, arrays keep their order, and
// what JSON.stringify leaves out is left out here too: a key whose value is `undefined` is dropped
// (`{ a: undefined }` is `{}`), an `undefined` array element is `null`, and so is an `undefined` value.
// (The sandbox once had its own, which wrote `{"a":null}` for `{ a: undefined }`; a body parsed from
// HTTP never holds `undefined`, so the texts it compares are unchanged.)

/** Stable JSON: object keys sorted, arrays in order, `undefined` members left out as JSON.stringify does. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const entries = Object.keys(record)
    .filter((k) => record[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`);
  return `{${entries.join(',')}}`;
}
