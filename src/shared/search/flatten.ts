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
        // defineProperty for `__proto__`: a key from the server must stay data, never become a
        // prototype. Plain assignment for the rest: the same own data property in half the time (a watch's
        // search diff flattens thousands of records, bench/watch-diff.ts).
        if (path === '__proto__') Object.defineProperty(out, path, { value, enumerable: true, writable: true, configurable: true });
        else out[path] = value;
      }
    }
  };
  walk(record, '');
  return out;
}

/** Makes no column of its own: null, undefined, [] and {} (it still fills a column that exists). */
export function isEmptyCell(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (Array.isArray(v)) return v.length === 0;
  return isPlainObject(v) && Object.keys(v).length === 0;
}

// One node per key at one nesting level, in the order keys first appear over the records.
interface PathNode {
  path: string;
  /** Some record has a value at this path (its first occurrence in that record, as flattenRecord keeps). */
  column: boolean;
  children: Map<string, PathNode> | null;
}

/**
 * The grid's columns: the dotted paths some record has a value at, `company_id` first. A column
 * exists only once a value does: `address: null` in one record and `{city}` in another give
 * `address.city`, never an always-empty `address`. The same rule and order as the exports' column
 * union (src/main/platform/tabular/column-union.ts: a nested field sits where its parent first
 * appeared), so the grid and a file agree; a property test holds them to it.
 * Accepts raw or already-flattened records (flattening is idempotent).
 */
export function collectColumns(records: ReadonlyArray<Record<string, unknown>>): string[] {
  const root = new Map<string, PathNode>();
  const columns = new Set<string>();
  for (const record of records) {
    // Paths this record held first with an empty value: a colliding later one (a literal "a.b" key
    // beside a nested a.b) does not make the column, as flattenRecord keeps the first.
    const seenHere = new Set<string>();
    const walk = (obj: Record<string, unknown>, level: Map<string, PathNode>, prefix: string) => {
      for (const key of Object.keys(obj)) {
        const value = obj[key];
        let node = level.get(key);
        if (!node) {
          node = { path: prefix ? `${prefix}.${key}` : key, column: false, children: null };
          level.set(key, node);
        }
        if (isPlainObject(value) && Object.keys(value).length > 0) {
          walk(value, (node.children ??= new Map()), node.path);
          continue;
        }
        const first = !seenHere.has(node.path);
        seenHere.add(node.path);
        if (columns.has(node.path) || (first && !isEmptyCell(value))) {
          node.column = true;
          columns.add(node.path);
        }
      }
    };
    walk(record, root, '');
  }
  const out: string[] = [];
  const placed = new Set<string>();
  const visit = (level: Map<string, PathNode>) => {
    for (const node of level.values()) {
      if (node.column && !placed.has(node.path)) {
        placed.add(node.path);
        out.push(node.path);
      }
      if (node.children) visit(node.children);
    }
  };
  visit(root);
  const idIndex = out.indexOf('company_id');
  if (idIndex > 0) {
    out.splice(idIndex, 1);
    out.unshift('company_id');
  }
  return out;
}

/**
 * The value of column `path` in a flattened record. A path under a parent that is null or `{}` in
 * this record reads as null (an empty cell), not as missing: `address: null` has no city to show,
 * but nothing is missing from the record either.
 */
export function cellValue(flat: Record<string, unknown>, path: string): unknown {
  if (Object.prototype.hasOwnProperty.call(flat, path)) return flat[path];
  for (let dot = path.lastIndexOf('.'); dot > 0; dot = path.lastIndexOf('.', dot - 1)) {
    const parent = path.slice(0, dot);
    if (Object.prototype.hasOwnProperty.call(flat, parent)) {
      const v = flat[parent];
      return v === null || (isPlainObject(v) && Object.keys(v).length === 0) ? null : undefined;
    }
  }
  return undefined;
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
