// Typed query helper over one better-sqlite3 connection: statements are prepared once per SQL text
// and typed at the call site (`sql.all<Row>(...)`). No ORM: each table family's module writes SQL.
import type { Database, Statement } from 'better-sqlite3';

/** Named (`@name`) or positional parameters. */
export type Params = Record<string, unknown> | readonly unknown[];

export interface Sql {
  all<Row>(text: string, params?: Params): Row[];
  get<Row>(text: string, params?: Params): Row | undefined;
  /** First column of each row. */
  column<T>(text: string, params?: Params): T[];
  run(text: string, params?: Params): { changes: number; lastInsertRowid: number };
  iterate<Row>(text: string, params?: Params): IterableIterator<Row>;
  /** Runs `fn` in a transaction (nested calls become savepoints). */
  tx<T>(fn: () => T): T;
  /** Several statements without parameters (DDL). */
  exec(text: string): void;
}

export function createSql(db: Database): Sql {
  const cache = new Map<string, Statement>();
  const stmt = (text: string, pluck = false): Statement => {
    const key = pluck ? `pluck\0${text}` : text;
    let s = cache.get(key);
    if (!s) {
      s = db.prepare(text);
      if (pluck) s.pluck();
      cache.set(key, s);
    }
    return s;
  };
  const args = (params?: Params): unknown[] => (params === undefined ? [] : Array.isArray(params) ? [...params] : [params]);
  return {
    all: <Row>(text: string, params?: Params) => stmt(text).all(...args(params)) as Row[],
    get: <Row>(text: string, params?: Params) => stmt(text).get(...args(params)) as Row | undefined,
    column: <T>(text: string, params?: Params) => stmt(text, true).all(...args(params)) as T[],
    run(text, params) {
      const r = stmt(text).run(...args(params));
      return { changes: r.changes, lastInsertRowid: Number(r.lastInsertRowid) };
    },
    iterate: <Row>(text: string, params?: Params) => stmt(text).iterate(...args(params)) as IterableIterator<Row>,
    tx: <T>(fn: () => T) => db.transaction(fn)(),
    exec(text) {
      db.exec(text);
    },
  };
}
