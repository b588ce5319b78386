// Versioned schema of the workspace database. PRAGMA user_version is the number of migrations
// applied; each runs once, in order, in its own transaction. The migrations themselves are the
// schema's history (schema-history.ts).
import type { Database } from 'better-sqlite3';
import { MIGRATIONS, type Migration } from './schema-history';

export { MIGRATIONS, type Migration };

export const SCHEMA_VERSION = MIGRATIONS.length;

export class NewerSchemaError extends Error {
  constructor(readonly found: number) {
    super(`the workspace database has schema version ${found}, newer than this Firmscope knows (${SCHEMA_VERSION})`);
  }
}

/** Brings `db` up to `target` (default: latest). Throws NewerSchemaError for a database from a newer build. */
export function migrate(db: Database, target = SCHEMA_VERSION, migrations: readonly Migration[] = MIGRATIONS): { from: number; to: number } {
  const from = db.pragma('user_version', { simple: true }) as number;
  if (from > migrations.length) throw new NewerSchemaError(from);
  for (let v = from; v < target; v++) {
    const migration = migrations[v];
    if (!migration) throw new Error(`No migration to schema version ${v + 1} (this build knows ${migrations.length})`);
    // IMMEDIATE: waits for another connection's write lock (busy_timeout) instead of failing at once.
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${v + 1}`);
    }).immediate();
  }
  return { from, to: Math.max(from, target) };
}
