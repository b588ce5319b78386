// The union of dotted columns over every page of an export. Indices are append-only, so rows can
// be stored (or written) before the last column is known and re-ordered once at the end. A column
// exists only once some row has a value for it: null, {} and [] make none, so "all fields" has no
// always-empty columns (no `address` beside `address.city`) and no `{}` cells.

function isNonEmptyPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return false;
  for (const _ in v) return true;
  return false;
}

/** Makes no column of its own (it still fills a column that exists). */
function isEmpty(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return false;
  for (const _ in v) return false;
  return true;
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

  /** Chosen columns, in order: their values land at indices 0..n-1 whatever else a record holds. */
  seed(names: string[]): void {
    for (const name of names) this.indexOf(name);
  }

  get size(): number {
    return this.names.length;
  }

  /**
   * Flattens a record straight into its union positions (sparse at the end): nested objects become
   * dotted paths, lists stay one value, the first of two colliding paths wins.
   */
  place(record: Record<string, unknown>): unknown[] {
    const row: unknown[] = [];
    this.emptyPaths = null;
    this.walk(record, this.root, '', row);
    return row;
  }

  /** Paths of this record seen first with an empty value (a colliding later one must not win). */
  private emptyPaths: Set<string> | null = null;

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
      if (node.index < 0) {
        const known = this.index.get(node.path);
        if (known !== undefined) node.index = known;
        else if (isEmpty(value)) {
          (this.emptyPaths ??= new Set()).add(node.path);
          continue;
        } else if (this.emptyPaths?.has(node.path)) continue;
        else node.index = this.indexOf(node.path);
      }
      if (!(node.index in row)) row[node.index] = value;
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

  /**
   * Columns in the records' own field order (a nested field sits where its parent first appeared,
   * whichever page brought it), `company_id` first; for each, the union index its value sits at.
   */
  finalOrder(): { columns: string[]; indices: number[] } {
    const indices: number[] = [];
    const seen = new Set<number>();
    const visit = (level: Map<string, PathNode>) => {
      for (const node of level.values()) {
        if (node.index >= 0 && !seen.has(node.index)) {
          seen.add(node.index);
          indices.push(node.index);
        }
        if (node.children) visit(node.children);
      }
    };
    visit(this.root);
    // Seeded columns no record has reached keep their place at the end.
    for (let i = 0; i < this.names.length; i++) if (!seen.has(i)) indices.push(i);
    const id = this.index.get('company_id');
    if (id !== undefined && indices[0] !== id) {
      indices.splice(indices.indexOf(id), 1);
      indices.unshift(id);
    }
    return { columns: indices.map((i) => this.names[i]!), indices }; // every index is one of names
  }
}
