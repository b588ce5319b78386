// The union of dotted columns over every page of an export, in first-seen order, with
// `company_id` first (the same order `collectColumns` gives the grid). Indices are append-only,
// so rows can be stored before the last column is known and re-ordered once at the end.
import { flattenRecord } from '../../shared/search/flatten';

export class ColumnUnion {
  private readonly index = new Map<string, number>();
  private readonly names: string[] = [];

  /** Reserves columns up front (e.g. `company_id`), so insertion order is already the final order. */
  seed(names: string[]): void {
    for (const name of names) {
      if (!this.index.has(name)) {
        this.index.set(name, this.names.length);
        this.names.push(name);
      }
    }
  }

  /** Column names in insertion order (the final order when `company_id` was seeded first). */
  get columns(): string[] {
    return [...this.names];
  }

  /** Flattens a record and returns its values placed at their union index (sparse at the end). */
  place(record: Record<string, unknown>): unknown[] {
    const flat = flattenRecord(record);
    const row: unknown[] = [];
    for (const key of Object.keys(flat)) {
      let i = this.index.get(key);
      if (i === undefined) {
        i = this.names.length;
        this.index.set(key, i);
        this.names.push(key);
      }
      row[i] = flat[key];
    }
    return row;
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
