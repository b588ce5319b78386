// Flattens company records to dotted paths so the grid and the exports share one column model.
// Nested plain objects become `a.b.c` keys; arrays stay arrays (a list is one cell, not N columns).

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * `{a:{b:1,c:{d:2}},e:[1]}` → `{'a.b':1,'a.c.d':2,e:[1]}`.
 * Empty objects are kept as `{}` under their own key so the field is not silently lost.
 * If a literal dotted key collides with a flattened one, the first one seen wins (stable, never throws).
 */
export function flattenRecord(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const walk = (obj: Record<string, unknown>, prefix: string) => {
    for (const [key, value] of Object.entries(obj)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (isPlainObject(value) && Object.keys(value).length > 0) {
        walk(value, path);
      } else if (!Object.prototype.hasOwnProperty.call(out, path)) {
        // defineProperty: a `__proto__` key from the server must stay data, never become a prototype.
        Object.defineProperty(out, path, { value, enumerable: true, writable: true, configurable: true });
      }
    }
  };
  walk(record, '');
  return out;
}

/**
 * Union of the dotted paths of all records, in first-seen order, with `company_id` first when present.
 * Accepts raw or already-flattened records (flattening is idempotent).
 */
export function collectColumns(records: ReadonlyArray<Record<string, unknown>>): string[] {
  const seen = new Set<string>();
  for (const record of records) {
    for (const key of Object.keys(flattenRecord(record))) seen.add(key);
  }
  const columns = [...seen];
  const idIndex = columns.indexOf('company_id');
  if (idIndex > 0) {
    columns.splice(idIndex, 1);
    columns.unshift('company_id');
  }
  return columns;
}

/** A cell value as display text: strings as-is, arrays/objects as compact JSON, null/undefined as ''. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
