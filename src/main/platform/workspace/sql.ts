// Typed query helper over one better-sqlite3 connection: statements are prepared once per SQL text
// and typed at the call site (`sql.all<Row>(...)`). No ORM: each table family's module writes SQL.
// SQLite's errors leave it in words (workspace-errors.ts): a lock held too long, a full or read-only
// disk, a damaged file; `onFault` hears of each.
import type { Database, Statement } from 'better-sqlite3';
import type { AppError } from '../../../shared/errors';
import { workspaceError } from './workspace-errors';

/** Named (`@name`) or positional parameters. */
export type Params = Record<string, unknown> | readonly unknown[];

export interface Sql {
  all<Row>(text: string, params?: Params): Row[];
  get<Row>(text: string, params?: Params): Row | undefined;
  /** First column of each row. */
  column<T>(text: string, params?: Params): T[];
  run(text: string, params?: Params): { changes: number; lastInsertRowid: number };
  iterate<Row>(text: string, params?: Params): IterableIterator<Row>;
  /**
   * Runs `fn` in a transaction (nested calls become savepoints). BEGIN IMMEDIATE: the write lock is
   * taken first, so a lock held by another connection is waited for (busy_timeout). A deferred
   * transaction that read first and then writes gets SQLITE_BUSY at once, without waiting.
   */
  tx<T>(fn: () => T): T;
  /** Several statements without parameters (DDL). */
  exec(text: string): void;
}

export function createSql(db: Database, onFault?: (e: AppError) => void): Sql {
  /** Runs `f`; a SQLite error it throws comes out as the AppError it means. */
  const guard = <T>(f: () => T): T => {
    try {
      return f();
    } catch (e) {
      const fault = workspaceError(e);
      if (!fault) throw e;
      onFault?.(fault);
      throw fault;
    }
  };
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
    all: <Row>(text: string, params?: Params) => guard(() => stmt(text).all(...args(params)) as Row[]),
    get: <Row>(text: string, params?: Params) => guard(() => stmt(text).get(...args(params)) as Row | undefined),
    column: <T>(text: string, params?: Params) => guard(() => stmt(text, true).all(...args(params)) as T[]),
    run(text, params) {
      const r = guard(() => stmt(text).run(...args(params)));
      return { changes: r.changes, lastInsertRowid: Number(r.lastInsertRowid) };
    },
    iterate: <Row>(text: string, params?: Params) => guarded(guard(() => stmt(text).iterate(...args(params)) as IterableIterator<Row>), guard),
    tx: <T>(fn: () => T) => guard(() => db.transaction(fn).immediate()),
    exec(text) {
      guard(() => db.exec(text));
    },
  };
}

/** The rows of `inner`, each step through `guard`; breaking out early ends `inner` too. */
function* guarded<Row>(inner: IterableIterator<Row>, guard: <T>(f: () => T) => T): IterableIterator<Row> {
  try {
    for (;;) {
      const step = guard(() => inner.next());
      if (step.done) return;
      yield step.value;
    }
  } finally {
    inner.return?.();
  }
}
