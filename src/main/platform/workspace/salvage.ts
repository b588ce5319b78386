// What a damaged workspace file still holds, carried into the fresh one made in its place. Damage is
// mostly in one page: four bytes in a snapshot's index must not cost the analyst their lists, runs
// and watches. Every table that reads cleanly is copied whole; a table that fails part-way is left
// out whole (half a table is worse than none: a list with some of its members). What is computed
// from other tables is rebuilt from them: a snapshot's sort and facet values when they are damaged,
// the text index always (its shadow tables cannot be written directly). Rows left without what they
// belong to go as a delete would take them (a member whose list was lost); a snapshot that lost
// rows goes whole. The damaged file is only read (a read-only connection), so it stays as it was.
/* eslint-disable no-restricted-syntax -- salvage copies tables it only knows by the damaged file's own schema: table and column names are identifiers (never parameters), each quoted by q(); no value is spliced. */
import { existsSync, rmSync } from 'node:fs';
import type { Database } from 'better-sqlite3';
import { migrate, SCHEMA_VERSION } from './migrations';
import type { SqliteConstructor } from './native';
import { rowCells, textColumns } from './row-values';
import { sentenceCount } from '../../../shared/sentence-numbers';

export interface SalvageReport {
  /** Rows copied, per table that had any. */
  saved: Array<{ table: string; rows: number }>;
  /** Tables that could not be read: their rows are only in the damaged file. */
  lost: string[];
  /** What was rebuilt from the saved rows. */
  rebuilt: Array<'snapshot values' | 'text index'>;
  /** Rows dropped because what they belonged to was lost. */
  dropped: number;
}

/** Computed from snapshot_rows (row-values.ts): copied when whole, rebuilt otherwise. */
const SNAPSHOT_VALUES = 'snapshot_values';

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Fills `fresh` (a new, empty database, configured, at schema 0) with what `damagedFile` still
 * holds and brings it to the latest schema. Returns null when there is nothing to take (no schema
 * version, or a newer one): the caller migrates `fresh` as it is. Throws when the damaged file
 * cannot be read at all (its header or schema page is damaged): the caller starts empty.
 */
export function salvageInto(fresh: Database, damagedFile: string, Database: SqliteConstructor): SalvageReport | null {
  // A read-only connection to a WAL file leaves the -wal and -shm it made: those go again after.
  const made = ['-wal', '-shm'].map((s) => damagedFile + s).filter((f) => !existsSync(f));
  const old = new Database(damagedFile, { readonly: true, fileMustExist: true });
  try {
    const version = old.pragma('user_version', { simple: true }) as number;
    if (version < 1 || version > SCHEMA_VERSION) return null;
    // Throws when the schema itself is damaged: then no table can be found in it.
    old.prepare('SELECT name FROM sqlite_master').all();
    // The tables as that version has them, so every column is where the damaged file has it.
    migrate(fresh, version);
    fresh.pragma('foreign_keys = OFF');
    const report: SalvageReport = { saved: [], lost: [], rebuilt: [], dropped: 0 };
    let valuesCopied = false;
    for (const table of plainTables(fresh)) {
      const rows = copyTable(old, fresh, table);
      if (table === SNAPSHOT_VALUES) valuesCopied = rows !== null; // else rebuilt below: not lost
      else if (rows === null) report.lost.push(table);
      if (rows) report.saved.push({ table, rows });
    }
    report.dropped = dropOrphans(fresh, { rowsLost: report.lost.includes('snapshot_rows'), hasValues: version >= 2 });
    migrate(fresh);
    // Before version 2 there was nothing derived: its migration indexes the copied rows itself.
    if (version >= 2) report.rebuilt = rebuildDerived(fresh, !valuesCopied || report.lost.includes('snapshot_rows'));
    return report;
  } finally {
    old.close();
    for (const f of made) rmSync(f, { force: true });
    fresh.pragma('foreign_keys = ON');
  }
}

/** The tables rows can be copied into: neither SQLite's own, nor virtual (the text index) or theirs. */
function plainTables(db: Database): string[] {
  const all = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid`).all() as Array<{ name: string; sql: string }>;
  const virtual = all.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql)).map((t) => t.name);
  return all.map((t) => t.name).filter((n) => !virtual.some((v) => n === v || n.startsWith(`${v}_`)));
}

/** Copies every row of `table` in one transaction; null (nothing copied) if any of it cannot be read. */
function copyTable(old: Database, fresh: Database, table: string): number | null {
  const columns = (fresh.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(table) as string[]).map(q);
  const insert = fresh.prepare(`INSERT INTO ${q(table)} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
  let writeError: unknown;
  try {
    // NOT INDEXED: the table's own b-tree, never one of its indexes (an index may be the damaged page).
    const read = old.prepare(`SELECT ${columns.join(', ')} FROM ${q(table)} NOT INDEXED`).raw(true);
    return fresh.transaction(() => {
      let n = 0;
      for (const row of read.iterate() as IterableIterator<unknown[]>) {
        try {
          insert.run(row);
        } catch (e) {
          writeError = e;
          throw e;
        }
        n++;
      }
      return n;
    })();
  } catch (e) {
    // The new file refused a write (a full disk): that is not the old table's damage.
    if (writeError !== undefined) throw e;
    return null;
  }
}

/**
 * Rows whose parent row was lost, removed as their foreign key says (ON DELETE SET NULL keeps the
 * row); repeated until nothing changes, since one removal can orphan the next. Snapshots whose rows
 * were lost go too (a result set without its rows), and value rows of rows that went. Returns the
 * rows removed.
 */
function dropOrphans(db: Database, o: { rowsLost: boolean; hasValues: boolean }): number {
  let dropped = o.rowsLost ? db.prepare('DELETE FROM snapshots WHERE row_count > 0').run().changes : 0;
  for (let changed = -1; changed !== 0; ) {
    changed = 0;
    for (const table of plainTables(db)) {
      const keys = db.prepare('SELECT "table" AS parent, "from" AS col, "to" AS ref, on_delete AS onDelete FROM pragma_foreign_key_list(?)').all(table) as Array<{
        parent: string;
        col: string;
        ref: string | null;
        onDelete: string;
      }>;
      for (const k of keys) {
        const where = `${q(k.col)} IS NOT NULL AND ${q(k.col)} NOT IN (SELECT ${k.ref ? q(k.ref) : 'rowid'} FROM ${q(k.parent)})`;
        if (k.onDelete === 'SET NULL') db.prepare(`UPDATE ${q(table)} SET ${q(k.col)} = NULL WHERE ${where}`).run();
        else changed += db.prepare(`DELETE FROM ${q(table)} WHERE ${where}`).run().changes;
      }
    }
    dropped += changed;
  }
  if (o.hasValues) dropped += db.prepare(`DELETE FROM ${SNAPSHOT_VALUES} WHERE row_id NOT IN (SELECT id FROM snapshot_rows)`).run().changes;
  return dropped;
}

/** Rows read per transaction while rebuilding: one batch of records in memory at a time. */
const REBUILD_BATCH = 1000;

/** The text index from every saved row, and the value rows too when they were not copied whole (latest schema). */
function rebuildDerived(db: Database, values: boolean): SalvageReport['rebuilt'] {
  if (values) db.prepare(`DELETE FROM ${SNAPSHOT_VALUES}`).run();
  const page = db.prepare('SELECT id, snapshot_id, record_json FROM snapshot_rows WHERE id > ? ORDER BY id LIMIT ?');
  const insertValue = db.prepare(`INSERT INTO ${SNAPSHOT_VALUES} (snapshot_id, field, row_id, num, txt) VALUES (?, ?, ?, ?, ?)`);
  const insertText = db.prepare('INSERT INTO snapshot_fts (rowid, name, city, domain, industry) VALUES (?, ?, ?, ?, ?)');
  const store = db.transaction((rows: Array<{ id: number; snapshot_id: number; record_json: string }>) => {
    for (const r of rows) {
      const record = JSON.parse(r.record_json) as Record<string, unknown>;
      if (values) for (const [field, v] of rowCells(record)) insertValue.run(r.snapshot_id, field, r.id, v.num, v.txt);
      insertText.run(r.id, ...textColumns(record));
    }
  });
  for (let after = 0; ; ) {
    const rows = page.all(after, REBUILD_BATCH) as Array<{ id: number; snapshot_id: number; record_json: string }>;
    const last = rows.at(-1);
    if (!last) break;
    store(rows);
    after = last.id;
  }
  return values ? ['snapshot values', 'text index'] : ['text index'];
}

/** What each table holds, in the analyst's words (tables not named here keep their own name). */
const TABLE_WORDS: Readonly<Record<string, string>> = {
  snapshots: 'loaded result sets',
  snapshot_rows: 'rows of loaded result sets',
  snapshot_values: 'sort and facet values',
  lists: 'lists',
  list_members: 'list members',
  esg_runs: 'ESG runs',
  esg_run_tasks: 'ESG run tasks',
  esg_results: 'ESG results',
  esg_company_summary: 'ESG summaries',
  match_jobs: 'bulk matches',
  match_job_rows: 'bulk match rows',
  watches: 'watches',
  watch_checks: 'watch checks',
  watch_changes: 'watch changes',
  watch_budget: 'days of the watch budget',
};
const words = (table: string) => TABLE_WORDS[table] ?? table;

/** The report in sentences: what was kept, rebuilt, lost and dropped. */
export function describeSalvage(r: SalvageReport): string {
  const n = (x: number) => sentenceCount(x);
  const saved = r.saved.filter((s) => s.table !== SNAPSHOT_VALUES);
  const parts = [
    saved.length
      ? `A new one was made with everything that read cleanly: ${saved.map((s) => `${words(s.table)} (${n(s.rows)})`).join(', ')}.`
      : 'A new one was made; nothing in the old one could be read.',
  ];
  if (r.rebuilt.length) parts.push(`Rebuilt from those rows: the ${r.rebuilt.includes('snapshot values') ? 'sort, facet and text indexes' : 'text index'} of loaded result sets.`);
  if (r.lost.length) parts.push(`Could not be read, so missing here (the moved file still has them): ${r.lost.map(words).join(', ')}.`);
  if (r.dropped) parts.push(`${n(r.dropped)} rows that belonged to those were left out.`);
  return parts.join(' ');
}
