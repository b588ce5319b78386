// The workspace database file: pragmas, migrations up from the previous schema, files that cannot
// be used (damaged, from a newer build) moved aside with a notice and replaced by a fresh one.
import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS, NewerSchemaError, SCHEMA_VERSION } from '../../../../src/main/platform/workspace/migrations';
import { indexRow } from '../../../../src/main/platform/workspace/row-values';
import { SnapshotStore } from '../../../../src/main/features/snapshots/snapshot-store';
import { createSql } from '../../../../src/main/platform/workspace/sql';
import { company, openAt, sqlite, tempWorkspaceDir } from './helpers';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});
function temp() {
  const t = tempWorkspaceDir();
  cleanups.push(t.cleanup);
  return t;
}

describe('openWorkspaceDb', () => {
  it('creates the file in WAL mode with foreign keys on, at the latest schema version', () => {
    const t = temp();
    const db = openAt(t.file);
    try {
      expect(existsSync(t.file)).toBe(true);
      expect(db.raw.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.raw.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.raw.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(2);
      // Foreign keys are enforced: a row of a snapshot that does not exist is refused.
      expect(() => db.sql.run(`INSERT INTO snapshot_rows (snapshot_id, seq, company_id, record_json) VALUES (99, 0, 'x', '{}')`)).toThrow(/FOREIGN KEY/);
    } finally {
      db.close();
    }
  });

  it('migrates a database of the first schema (rows without value rows) with rows in it: old snapshots sort and text-filter like new ones', () => {
    const t = temp();
    mkdirSync(dirname(t.file), { recursive: true });
    // A database as the first version left it: only the 'snapshots' migration, one loaded snapshot.
    const v1 = MIGRATIONS.findIndex((m) => m.name === 'snapshots') + 1;
    const old = new (sqlite())(t.file);
    migrate(old, v1);
    expect(old.pragma('user_version', { simple: true })).toBe(v1);
    const sql = createSql(old);
    sql.run(`INSERT INTO snapshots (id, profile_id, query_json, page_size, row_cap, row_count, status, started_at) VALUES (1, 'p', '{}', 100, 100000, 3, 'complete', 1)`);
    const rows = [company(1, { revenue: 5, name: 'Zeta Müller GmbH' }), company(2, { revenue: 50 }), company(3, { name: 'Alpha' })];
    rows.forEach((r, seq) => sql.run('INSERT INTO snapshot_rows (snapshot_id, seq, company_id, record_json) VALUES (1, ?, ?, ?)', [seq, r.company_id, JSON.stringify(r)]));
    old.close();

    const db = openAt(t.file);
    try {
      expect(db.raw.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      const store = new SnapshotStore(db);
      const sorted = store.page(1, { sort: { field: 'revenue', direction: 'desc' } }, 0, 10);
      expect(sorted.records.map((r) => r.company_id)).toEqual([rows[1]!.company_id, rows[0]!.company_id, rows[2]!.company_id]);
      expect(store.page(1, { text: 'muller' }, 0, 10).records.map((r) => r.name)).toEqual(['Zeta Müller GmbH']);
      // Loading more after the upgrade continues the same snapshot.
      expect(store.append(1, [company(4)])).toBe(4);
    } finally {
      db.close();
    }
  });

  it('migrates value rows written before the per-snapshot index: they get their snapshot id and sort through the index', () => {
    const t = temp();
    mkdirSync(dirname(t.file), { recursive: true });
    const before = MIGRATIONS.findIndex((m) => m.name === 'snapshot values indexed per snapshot and field');
    expect(before).toBeGreaterThan(0);
    const old = new (sqlite())(t.file);
    migrate(old, before);
    const sql = createSql(old);
    const insertValue = old.prepare('INSERT INTO snapshot_values (row_id, field, num, txt) VALUES (?, ?, ?, ?)');
    const insertText = old.prepare('INSERT INTO snapshot_fts (rowid, name, city, domain, industry) VALUES (?, ?, ?, ?, ?)');
    const snaps = [
      [company(1, { revenue: 5 }), company(2, { revenue: 50 }), company(3, { name: 'Alpha' })],
      [company(4, { revenue: 7 }), company(5, { revenue: 1 })],
    ];
    snaps.forEach((rows, s) => {
      sql.run(`INSERT INTO snapshots (id, profile_id, query_json, page_size, row_cap, row_count, status, started_at) VALUES (?, 'p', '{}', 100, 100000, ?, 'complete', 1)`, [s + 1, rows.length]);
      rows.forEach((r, seq) => {
        const { lastInsertRowid } = sql.run('INSERT INTO snapshot_rows (snapshot_id, seq, company_id, record_json) VALUES (?, ?, ?, ?)', [s + 1, seq, r.company_id, JSON.stringify(r)]);
        indexRow(lastInsertRowid, r, insertValue, insertText);
      });
    });
    old.close();

    const db = openAt(t.file);
    try {
      const unassigned = db.sql.get<{ n: number }>('SELECT count(*) AS n FROM snapshot_values v JOIN snapshot_rows r ON r.id = v.row_id WHERE v.snapshot_id <> r.snapshot_id')!.n;
      expect(unassigned).toBe(0);
      const store = new SnapshotStore(db);
      expect(store.page(1, { sort: { field: 'revenue', direction: 'desc' } }, 0, 10).records.map((r) => r.company_id)).toEqual(
        [snaps[0]![1], snaps[0]![0], snaps[0]![2]].map((r) => r!.company_id),
      );
      expect(store.page(2, { sort: { field: 'revenue', direction: 'asc' } }, 0, 10).records.map((r) => r.company_id)).toEqual(
        [snaps[1]![1], snaps[1]![0]].map((r) => r!.company_id),
      );
      expect(store.facetCounts(2, 'country', {})).toEqual([{ key: 'DE', count: 2 }]);
    } finally {
      db.close();
    }
  });

  it('re-keys value rows per snapshot and field (one b-tree, no foreign key): kept, sorted, deleted as one range', () => {
    const t = temp();
    mkdirSync(dirname(t.file), { recursive: true });
    const before = MIGRATIONS.findIndex((m) => m.name === 'snapshot values keyed per snapshot and field');
    expect(before).toBeGreaterThan(0);
    const old = new (sqlite())(t.file);
    old.pragma('foreign_keys = ON');
    migrate(old, before);
    // Rows as the previous schema stored them: value rows keyed by (row_id, field) plus the covering index.
    const s = createSql(old);
    const rows = [company(1, { revenue: 5 }), company(2, { revenue: 50 }), company(3, { name: 'Alpha' }), company(4, { revenue: 7 })];
    s.run(`INSERT INTO snapshots (id, profile_id, query_json, page_size, row_cap, status, started_at) VALUES (1, 'p', '{}', 100, 100000, 'loading', 1)`);
    const insertValue = old.prepare('INSERT INTO snapshot_values (row_id, field, num, txt, snapshot_id) VALUES (?, ?, ?, ?, 1)');
    const insertText = old.prepare('INSERT INTO snapshot_fts (rowid, name, city, domain, industry) VALUES (?, ?, ?, ?, ?)');
    rows.forEach((r, seq) => indexRow(s.run('INSERT INTO snapshot_rows (snapshot_id, seq, company_id, record_json) VALUES (1, ?, ?, ?)', [seq, r.company_id, JSON.stringify(r)]).lastInsertRowid, r, insertValue, insertText));
    s.run(`UPDATE snapshots SET row_count = 4, status = 'complete'`);
    const valuesBefore = s.all('SELECT snapshot_id, field, row_id, num, txt FROM snapshot_values ORDER BY snapshot_id, field, row_id');
    expect(valuesBefore.length).toBeGreaterThan(8);
    old.close();

    const db = openAt(t.file);
    try {
      expect(db.sql.all('SELECT snapshot_id, field, row_id, num, txt FROM snapshot_values ORDER BY snapshot_id, field, row_id')).toEqual(valuesBefore);
      const keyed = db.sql.all<{ name: string; pk: number }>(`SELECT name, pk FROM pragma_table_info('snapshot_values') WHERE pk > 0 ORDER BY pk`).map((c) => c.name);
      expect(keyed).toEqual(['snapshot_id', 'field', 'row_id']);
      expect(db.sql.all(`SELECT * FROM pragma_foreign_key_list('snapshot_values')`)).toEqual([]);
      expect(db.sql.column(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'snapshot_values' AND sql IS NOT NULL`)).toEqual([]);
      const store = new SnapshotStore(db);
      expect(store.page(1, { sort: { field: 'revenue', direction: 'desc' } }, 0, 10).records.map((r) => r.company_id)).toEqual(
        [rows[1], rows[3], rows[0], rows[2]].map((r) => r!.company_id),
      );
      store.delete(1);
      expect(db.sql.get<{ n: number }>('SELECT count(*) AS n FROM snapshot_values')!.n).toBe(0);
      expect(db.sql.get<{ n: number }>('SELECT count(*) AS n FROM snapshot_rows')!.n).toBe(0);
    } finally {
      db.close();
    }
  });

  it('indexes the rows of snapshots loaded before the index by company: they pair by company like new ones', () => {
    const t = temp();
    mkdirSync(dirname(t.file), { recursive: true });
    const before = MIGRATIONS.findIndex((m) => m.name === 'snapshot rows by company');
    expect(before).toBeGreaterThan(0);
    const old = new (sqlite())(t.file);
    migrate(old, before);
    // Two snapshots as the previous schema stored them; the first lists company 2 twice (its first row counts).
    const s = createSql(old);
    const store = new SnapshotStore({ file: t.file, sql: s, raw: old, close: () => old.close() });
    const snaps = [
      [company(1), company(2), company(3, { name: 'Gone' }), company(2, { name: 'Later row' })],
      [company(2), company(1, { employee_count: 9 }), company(4, { name: 'New' })],
    ].map((rows) => {
      const snap = store.create({ profileId: 'p', query: {}, pageSize: 100, rowCap: 100_000, startedAt: 1 });
      store.append(snap.id, rows);
      store.finish(snap.id, { status: 'complete', finishedAt: 2 });
      return snap.id;
    });
    old.close();

    const db = openAt(t.file);
    try {
      expect(db.sql.column(`SELECT name FROM pragma_index_info('snapshot_rows_company') ORDER BY seqno`)).toEqual(['snapshot_id', 'company_id', 'seq']);
      const byId = [...new SnapshotStore(db).differingRows(snaps[0]!, snaps[1]!)].sort((x, y) => x.companyId.localeCompare(y.companyId));
      expect(byId.map((r) => [r.companyId, r.before && JSON.parse(r.before).name, r.after && JSON.parse(r.after).name])).toEqual([
        [company(1).company_id, 'Company 1', 'Company 1'],
        [company(3).company_id, 'Gone', null],
        [company(4).company_id, null, 'New'],
      ]);
    } finally {
      db.close();
    }
  });

  it('runs each migration once: reopening an up-to-date database changes nothing', () => {
    const t = temp();
    openAt(t.file).close();
    const db = new (sqlite())(t.file);
    expect(migrate(db)).toEqual({ from: MIGRATIONS.length, to: MIGRATIONS.length });
    db.close();
  });

  it('moves a damaged file aside (never deletes it), says so, and starts a fresh database', () => {
    const t = temp();
    mkdirSync(dirname(t.file), { recursive: true });
    const garbage = 'this is not a database, but it is the analyst’s file '.repeat(200);
    writeFileSync(t.file, garbage);
    const moved: Array<{ to: string; reason: string }> = [];
    const db = openAt(t.file, moved);
    try {
      expect(moved).toHaveLength(1);
      expect(moved[0]!.reason).toMatch(/damaged or not a database/);
      expect(moved[0]!.to).toBe(join(dirname(t.file), 'p.corrupt-2026-01-02T03-04-05-000Z.sqlite'));
      expect(readFileSync(moved[0]!.to, 'utf8')).toBe(garbage);
      expect(db.raw.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(new SnapshotStore(db).list('p')).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('moves aside a database whose pages are damaged behind a valid header', () => {
    const t = temp();
    const first = openAt(t.file);
    const store = new SnapshotStore(first);
    const s = store.create({ profileId: 'p', query: {}, pageSize: 100, rowCap: 10, startedAt: 1 });
    store.append(s.id, Array.from({ length: 400 }, (_, i) => company(i, { name: `Company with a long enough name to fill pages ${i}` })));
    first.raw.pragma('wal_checkpoint(TRUNCATE)');
    first.close();
    const bytes = readFileSync(t.file);
    // Keep the 100-byte header, overwrite the schema page and beyond with noise.
    for (let i = 100; i < bytes.length; i++) bytes[i] = (i * 131) & 0xff;
    writeFileSync(t.file, bytes);
    const moved: Array<{ to: string; reason: string }> = [];
    const db = openAt(t.file, moved);
    try {
      expect(moved).toHaveLength(1);
      expect(readFileSync(moved[0]!.to).equals(bytes)).toBe(true);
      expect(new SnapshotStore(db).list('p')).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('refuses a database from a newer Firmscope and leaves it as it is, WAL included (that Firmscope can still use it)', () => {
    const t = temp();
    const first = openAt(t.file);
    first.raw.pragma(`user_version = ${SCHEMA_VERSION + 5}`);
    first.sql.run(`INSERT INTO lists (profile_id, name, created_at, updated_at) VALUES ('p', 'Kept', 1, 1)`);
    // A second connection keeps the WAL from being checkpointed away when the first closes.
    const other = new (sqlite())(t.file);
    other.pragma('user_version');
    first.close();
    const before = (f: string) => (existsSync(f) ? readFileSync(f) : null);
    const files = [t.file, `${t.file}-wal`];
    const bytes = files.map(before);
    expect(bytes[1]?.length).toBeGreaterThan(0);
    const moved: Array<{ to: string; reason: string }> = [];
    expect(() => openAt(t.file, moved)).toThrow(NewerSchemaError);
    expect(moved).toEqual([]);
    files.forEach((f, i) => expect(before(f)?.equals(bytes[i]!), f).toBe(true));
    expect(readdirSync(dirname(t.file)).filter((f) => f.includes('.newer-') || f.includes('.corrupt-'))).toEqual([]);
    other.close();
  });
});
