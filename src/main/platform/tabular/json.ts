// JSON (one array) and NDJSON (one record per line). Rows of chosen columns become objects with the
// dotted columns nested back (`address.city` -> { address: { city } }); whole records are written
// as they are. Values keep their JSON types; lists stay lists.
import type { FileSink } from './file-sink';

export type JsonKind = 'json' | 'ndjson';

export interface JsonWriter {
  /** Rows of raw values in column order, nested by the dotted column names. */
  writeRows(rows: readonly (readonly unknown[])[]): Promise<void>;
  /** Whole records, exactly as given. */
  writeRecords(records: readonly unknown[]): Promise<void>;
  /** Whole records already as JSON.stringify text (no line breaks in it), written as they are. */
  writeTexts(texts: readonly string[]): Promise<void>;
  /** Closes the array (JSON). */
  end(): Promise<void>;
}

const setOwn = (obj: Record<string, unknown>, key: string, value: unknown) =>
  // defineProperty: a `__proto__` column must stay data, never become a prototype.
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });

type Path = { column: number; keys: string[] };

/** How each column nests; a column whose path runs through another column's value stays a flat key. */
export function nestingPaths(columns: readonly string[]): Path[] {
  const leaves = new Set(columns);
  return columns.map((c, column) => {
    const keys = c.split('.');
    // `a` and `a.b` both chosen (or an empty segment): `a.b` keeps its literal dotted name.
    for (let i = 1; i < keys.length; i++) if (leaves.has(keys.slice(0, i).join('.'))) return { column, keys: [c] };
    if (keys.some((k) => k === '')) return { column, keys: [c] };
    return { column, keys };
  });
}

export function nestRow(paths: readonly Path[], row: readonly unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { column, keys } of paths) {
    let node = out;
    // keys has at least one entry (split of a column name); all but the last are parents.
    for (let i = 0; i < keys.length - 1; i++) {
      const k = keys[i]!;
      const next = Object.prototype.hasOwnProperty.call(node, k) ? node[k] : undefined;
      if (next && typeof next === 'object') node = next as Record<string, unknown>;
      else {
        const created: Record<string, unknown> = {};
        setOwn(node, k, created);
        node = created;
      }
    }
    const v = row[column];
    setOwn(node, keys[keys.length - 1]!, v === undefined ? null : v);
  }
  return out;
}

export async function openJson(sink: FileSink, kind: JsonKind, columns: readonly string[]): Promise<JsonWriter> {
  const paths = nestingPaths(columns);
  let first = true;
  if (kind === 'json') await sink.write('[');
  const writeTexts = async (texts: readonly string[]) => {
    if (!texts.length) return;
    let text = '';
    for (const t of texts) {
      if (kind === 'ndjson') text += t + '\n';
      else {
        text += (first ? '\n' : ',\n') + t;
        first = false;
      }
    }
    await sink.write(text);
  };
  const write = (objects: readonly unknown[]) => writeTexts(objects.map((o) => JSON.stringify(o)));
  return {
    writeRows: (rows) => write(rows.map((r) => nestRow(paths, r))),
    writeRecords: write,
    writeTexts,
    async end() {
      if (kind === 'json') await sink.write(first ? ']\n' : '\n]\n');
    },
  };
}
