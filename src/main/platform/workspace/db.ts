// Opens one workspace database file: WAL, foreign keys, migrations. A file that is not a readable
// SQLite database is moved aside (never deleted) and a fresh database is created in its place,
// holding every table of the old one that still reads cleanly (salvage.ts); `onMovedAside` tells
// the analyst where the old file went and what was saved. A file written by a newer Firmscope is
// refused (NewerSchemaError) and left exactly as it is: that Firmscope can still use it.
import { accessSync, chmodSync, closeSync, constants, existsSync, mkdirSync, openSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Database } from 'better-sqlite3';
import type { AppError } from '../../../shared/errors';
import { migrate, NewerSchemaError, SCHEMA_VERSION } from './migrations';
import type { SqliteConstructor } from './native';
import { salvageInto, type SalvageReport } from './salvage';
import { createSql, type Sql } from './sql';
import { BUSY_TIMEOUT_MS } from './workspace-errors';

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
  /** The old file could not be used: where it was moved, why, and what of it the new one holds (null: nothing could be read). */
  onMovedAside?(info: { from: string; to: string; reason: string; salvaged: SalvageReport | null }): void;
  /** A statement failed for a reason the analyst must hear of (a lock, a full or read-only disk). */
  onFault?(e: AppError): void;
}

export function openWorkspaceDb(opts: OpenOptions): WorkspaceDb {
  makePrivate(opts.file);
  let db: Database;
  try {
    refuseNewer(opts.Database, opts.file);
    db = openAndMigrate(opts.Database, opts.file);
  } catch (e) {
    const reason = unusableReason(e);
    if (!reason) throw e;
    const to = moveAside(opts.file, 'corrupt', (opts.now ?? Date.now)());
    makePrivate(opts.file);
    const fresh = openSalvaged(opts.Database, opts.file, to);
    opts.onMovedAside?.({ from: opts.file, to, reason, salvaged: fresh.salvaged });
    db = fresh.db;
  }
  return wrap(db, opts.file, opts.onFault);
}

/**
 * Throws NewerSchemaError for a file of a newer Firmscope, read through a read-only connection: a
 * read-write one would switch the journal mode or checkpoint its WAL on close.
 */
function refuseNewer(Database: SqliteConstructor, file: string): void {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > SCHEMA_VERSION) throw new NewerSchemaError(version);
  } finally {
    db.close();
  }
}

/** SQLite's own side files: the WAL, its index, a rollback journal. */
const SIDE_FILES = ['-wal', '-shm', '-journal'];

/**
 * Snapshots, lists, ESG history and bulk-match paths are this user's only, whether or not the folder
 * existed (an explicit --data-dir, a restored backup): the folder 0700, the database 0600. SQLite
 * gives its -wal and -shm files the database file's mode, so the file is created 0600 before SQLite
 * opens it, and side files left by an earlier run are tightened too.
 */
function makePrivate(file: string): void {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  for (const f of [file, ...SIDE_FILES.map((s) => file + s)]) if (existsSync(f)) chmodSync(f, 0o600);
  // SQLite would open a file it cannot write read-only without a word, and fail at the first write.
  // Throws EROFS / EACCES, which the workspace says in words (workspace-errors.ts).
  accessSync(dir, constants.W_OK);
  accessSync(file, constants.W_OK);
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

function wrap(db: Database, file: string, onFault?: (e: AppError) => void): WorkspaceDb {
  return {
    file,
    sql: createSql(db, onFault),
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
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
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

/**
 * A new database at `file` holding what the damaged file `from` still reads cleanly. If that fails
 * part-way (the damaged file's schema cannot be read, the disk refuses a write), the half-made file
 * goes and an empty one is made, as before salvage existed: the moved file keeps everything.
 */
function openSalvaged(Database: SqliteConstructor, file: string, from: string): { db: Database; salvaged: SalvageReport | null } {
  const db = new Database(file);
  try {
    configure(db);
    const salvaged = salvageInto(db, from, Database);
    if (!salvaged) migrate(db);
    return { db, salvaged };
  } catch {
    db.close();
    for (const f of [file, ...SIDE_FILES.map((s) => file + s)]) rmSync(f, { force: true });
    makePrivate(file);
    return { db: openAndMigrate(Database, file), salvaged: null };
  }
}

/** Why this error means the file cannot be used (and should be moved aside); null for other errors. */
function unusableReason(e: unknown): string | null {
  const code = (e as { code?: unknown } | null)?.code;
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT' || code === 'SQLITE_CORRUPT_VTAB' || code === 'SQLITE_CANTOPEN_ISDIR') {
    // SQLite's integrity report spans lines: one line in a notice.
    return `it is damaged or not a database (${(e as Error).message.replace(/\s+/g, ' ')})`;
  }
  return null;
}

/** Renames the file and its WAL/SHM companions to `<name>.<kind>-<time>.sqlite*`; returns the new main path. */
function moveAside(file: string, kind: 'corrupt', time: number): string {
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
