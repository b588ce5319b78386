// Opens one workspace database file: WAL, foreign keys, migrations. A file that is not a readable
// SQLite database, or one written by a newer Firmscope, is moved aside (never deleted) and a fresh
// database is created in its place; `onMovedAside` tells the analyst where the old file went.
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { migrate, NewerSchemaError } from './migrations';
import type { SqliteConstructor } from './native';
import { createSql, type Sql } from './sql';

export interface WorkspaceDb {
  readonly file: string;
  readonly sql: Sql;
  /** The connection itself, for what the helper does not cover (e.g. `db.backup`). */
  readonly raw: Database;
  close(): void;
}

export interface OpenOptions {
  file: string;
  Database: SqliteConstructor;
  now?: () => number;
  /** The old file could not be used: where it was moved and why. */
  onMovedAside?(info: { from: string; to: string; reason: string }): void;
}

export function openWorkspaceDb(opts: OpenOptions): WorkspaceDb {
  mkdirSync(dirname(opts.file), { recursive: true });
  let db: Database;
  try {
    db = openAndMigrate(opts.Database, opts.file);
  } catch (e) {
    const reason = unusableReason(e);
    if (!reason) throw e;
    const to = moveAside(opts.file, e instanceof NewerSchemaError ? 'newer' : 'corrupt', (opts.now ?? Date.now)());
    opts.onMovedAside?.({ from: opts.file, to, reason });
    db = openAndMigrate(opts.Database, opts.file);
  }
  return wrap(db, opts.file);
}

/**
 * A second connection to a database this process already opened (and migrated) with
 * openWorkspaceDb, e.g. for a writer thread: the same settings, no migration, no moving aside.
 */
export function openConnection(Database: SqliteConstructor, file: string): WorkspaceDb {
  const db = new Database(file, { fileMustExist: true });
  try {
    configure(db);
  } catch (e) {
    db.close();
    throw e;
  }
  return wrap(db, file);
}

function wrap(db: Database, file: string): WorkspaceDb {
  return {
    file,
    sql: createSql(db),
    raw: db,
    close() {
      if (db.open) db.close();
    },
  };
}

function configure(db: Database): void {
  // The first statement reads the header: a file that is not SQLite fails here (SQLITE_NOTADB).
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
}

function openAndMigrate(Database: SqliteConstructor, file: string): Database {
  const db = new Database(file);
  try {
    configure(db);
    const check = db.pragma('quick_check(1)', { simple: true });
    if (check !== 'ok') throw Object.assign(new Error(`integrity check failed: ${String(check)}`), { code: 'SQLITE_CORRUPT' });
    migrate(db);
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

/** Why this error means the file cannot be used (and should be moved aside); null for other errors. */
function unusableReason(e: unknown): string | null {
  if (e instanceof NewerSchemaError) return `it was written by a newer version of Firmscope (${e.message})`;
  const code = (e as { code?: unknown } | null)?.code;
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT' || code === 'SQLITE_CORRUPT_VTAB' || code === 'SQLITE_CANTOPEN_ISDIR') {
    return `it is damaged or not a database (${(e as Error).message})`;
  }
  return null;
}

/** Renames the file and its WAL/SHM companions to `<name>.<kind>-<time>.sqlite*`; returns the new main path. */
function moveAside(file: string, kind: 'corrupt' | 'newer', time: number): string {
  const stamp = new Date(time).toISOString().replace(/[:.]/g, '-');
  const base = basename(file).replace(/\.sqlite$/, '');
  let to = join(dirname(file), `${base}.${kind}-${stamp}.sqlite`);
  for (let n = 2; existsSync(to); n++) to = join(dirname(file), `${base}.${kind}-${stamp}-${n}.sqlite`);
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(file + suffix)) renameSync(file + suffix, to + suffix);
  }
  renameSync(file, to);
  return to;
}
