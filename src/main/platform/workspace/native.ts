// better-sqlite3 is a native module (built from source where no prebuilt binary can be fetched, and
// rebuilt for Electron by packaging). Loading it can fail; the core then runs without a workspace
// database and says why, instead of failing to start.
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

export type SqliteConstructor = typeof BetterSqlite3;
export type SqliteLoad = { ok: true; Database: SqliteConstructor } | { ok: false; reason: string };

let cached: SqliteLoad | null = null;

/** Loads better-sqlite3 once (synchronously: opening a database is synchronous too). */
export function loadSqlite(): SqliteLoad {
  cached ??= tryLoad();
  return cached;
}

function tryLoad(): SqliteLoad {
  try {
    const require = createRequire(import.meta.url);
    const Database = require('better-sqlite3') as SqliteConstructor;
    // The JS half loads without the binary; opening a database is what loads the .node file.
    new Database(':memory:').close();
    return { ok: true, Database };
  } catch (e) {
    return { ok: false, reason: sqliteLoadFailure(e) };
  }
}

/** Why the module did not load, in words (a missing module by name, not by resolver path). */
export function sqliteLoadFailure(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  if (code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND') return 'the database module better-sqlite3 is not installed';
  const message = e instanceof Error ? (e.message.split('\n')[0] ?? '').slice(0, 200) : String(e);
  if (/NODE_MODULE_VERSION|was compiled against a different Node\.js version/.test(message)) {
    return 'the database module better-sqlite3 was built for another Node.js or Electron version (rebuild it)';
  }
  if (/Could not locate the bindings file|\.node/.test(message)) return 'the database module better-sqlite3 has no built binary (its install step did not compile it)';
  return `the database module better-sqlite3 could not be loaded (${message})`;
}
