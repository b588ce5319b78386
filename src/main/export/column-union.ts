// The union of dotted columns over every page of an export, in first-seen order, with
// `company_id` first (the same order `collectColumns` gives the grid). Indices are append-only,
// so rows can be stored before the last column is known and re-ordered once at the end.

function isNonEmptyPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return false;
  for (const _ in v) return true;
  return false;
}

// One node per key at one nesting level. Rows of one search share their shape, so after the first
// record every lookup is a short-key Map hit: no dotted path is built or hashed per cell.
interface PathNode {
  /** Union index of this path as a leaf, or -1 until seen as one. */
  index: number;
  path: string;
  children: Map<string, PathNode> | null;
}

export class ColumnUnion {
  private readonly index = new Map<string, number>();
  private readonly names: string[] = [];
  private readonly root = new Map<string, PathNode>();

  /** Reserves columns up front (e.g. `company_id`), so insertion order is already the final order. */
  seed(names: string[]): void {
    for (const name of names) this.indexOf(name);
  }

  /** Column names in insertion order (the final order when `company_id` was seeded first). */
  get columns(): string[] {
    return [...this.names];
  }

  /**
   * Flattens a record straight into its union positions (sparse at the end). Same result as
   * `flattenRecord` + lookup (dotted paths, arrays and empty objects kept as values, first of two
   * colliding paths wins; a property test holds them equal) without building the intermediate
   * object: this is the per-row hot path of every CSV/XLSX export.
   */
  place(record: Record<string, unknown>): unknown[] {
    const row: unknown[] = [];
    this.walk(record, this.root, '', row);
    return row;
  }

  private walk(obj: Record<string, unknown>, level: Map<string, PathNode>, prefix: string, row: unknown[]): void {
    for (const key of Object.keys(obj)) {
      const value = obj[key];
      let node = level.get(key);
      if (!node) {
        node = { index: -1, path: prefix ? `${prefix}.${key}` : key, children: null };
        level.set(key, node);
      }
      if (isNonEmptyPlainObject(value)) {
        this.walk(value, (node.children ??= new Map()), node.path, row);
        continue;
      }
      const i = node.index >= 0 ? node.index : (node.index = this.indexOf(node.path));
      if (!(i in row)) row[i] = value;
    }
  }

  /** The union index of a dotted path, added at the end when new (a literal "a.b" key and a nested a.b share it). */
  indexOf(path: string): number {
    let i = this.index.get(path);
    if (i === undefined) {
      i = this.names.length;
      this.index.set(path, i);
      this.names.push(path);
    }
    return i;
  }

  /** Forgets the columns added after the union had `size` of them (a page the transcoder gave up on). */
  truncate(size: number): void {
    for (const name of this.names.splice(size)) this.index.delete(name);
  }

  get size(): number {
    return this.names.length;
  }

  /** Final column names, and for each the union index its value sits at. */
  finalOrder(): { columns: string[]; indices: number[] } {
    const indices = this.names.map((_, i) => i);
    const id = this.index.get('company_id');
    if (id !== undefined && id > 0) {
      indices.splice(indices.indexOf(id), 1);
      indices.unshift(id);
    }
    return { columns: indices.map((i) => this.names[i]), indices };
  }
}
