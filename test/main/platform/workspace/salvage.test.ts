// A damaged workspace file gives up only what is damaged: four bytes flipped in one page, and the
// app starts again with the lists, runs and watches (read back through their own stores), the
// derived indexes rebuilt, and a notice that says what was saved, rebuilt and lost. Before, any
// damage moved the file aside and the app started empty, though all of it read back from the file.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SnapshotStore } from '../../../../src/main/features/snapshots/snapshot-store';
import { ListStore } from '../../../../src/main/features/lists/list-store';
import { WatchStore } from '../../../../src/main/features/watches/store';
import { createWorkspace } from '../../../../src/main/platform/workspace/workspace';
import { migrate, MIGRATIONS, SCHEMA_VERSION } from '../../../../src/main/platform/workspace/migrations';
import { rowCells, textColumns } from '../../../../src/main/platform/workspace/row-values';
import type { WorkspaceDb } from '../../../../src/main/platform/workspace/db';
import { company, sqlite, tempWorkspaceDir } from './helpers';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

const ROWS = 2_000;
const now = () => Date.UTC(2026, 10, 28, 9, 0);

function workspaceAt(dataDir: string) {
  const notices: Array<{ level: string; message: string }> = [];
  const ws = createWorkspace({ dataDir, now, notify: (level, message) => notices.push({ level, message }) });
  cleanups.push(() => ws.close());
  return { db: ws.forProfile('p'), ws, notices };
}

/** A workspace as an analyst leaves it: a loaded result set, a list, an ESG run, a watch with a check. */
function fill(db: WorkspaceDb): void {
  const snapshots = new SnapshotStore(db);
  const s = snapshots.create({ profileId: 'p', query: { filters: { and: [] } }, pageSize: 200, rowCap: 10_000, startedAt: 1 });
  for (let i = 0; i < ROWS; i += 200) {
    snapshots.append(s.id, Array.from({ length: 200 }, (_, k) => company(i + k, { name: `Company ${i + k} GmbH`, revenue: (i + k) * 10 })));
  }
  snapshots.finish(s.id, { status: 'complete', finishedAt: 2 });
  const lists = new ListStore(db, 'p', now);
  const { list } = lists.createList({ name: 'Portfolio', companies: [1, 2, 3].map((i) => ({ companyId: company(i).company_id, name: `Company ${i}`, country: 'DE' })) });
  db.sql.run(`INSERT INTO esg_runs (profile_id, label, list_id, modules_json, status, created_at) VALUES ('p', 'Portfolio run', ?, '["scores"]', 'finished', 1)`, [list.id]);
  const watches = new WatchStore(db.sql, 'p', now);
  const w = watches.create({ name: 'Portfolio scores', target: { kind: 'list', listId: list.id, modules: ['scores'] }, schedule: { kind: 'daily', at: '08:00' }, checkAtStart: true, scoreThreshold: 7 });
  const check = watches.createCheck({ watchId: w.id, trigger: 'manual', status: 'running', lowPriority: false });
  watches.updateCheck(check.id, { status: 'done', snapshotId: s.id });
}

/** The pages of a table or index (dbstat), to damage one of them. */
const pagesOf = (db: WorkspaceDb, name: string) => db.sql.column<number>(`SELECT pageno FROM dbstat WHERE name = ? ORDER BY pageno`, [name]);

/** Flips four bytes of the page's b-tree header (cell count, content start): SQLite's quick_check fails on it. */
function flipFourBytes(file: string, page: number, pageSize: number): Buffer {
  const bytes = readFileSync(file);
  const at = (page - 1) * pageSize;
  for (let i = 3; i < 7; i++) bytes[at + i] = bytes[at + i]! ^ 0xff;
  writeFileSync(file, bytes);
  return bytes;
}

/** Fills a workspace, closes it (the WAL checkpointed into the file), and damages one page of `victim`. */
function damaged(victim: string, pick: (pages: number[]) => number) {
  const t = tempWorkspaceDir();
  cleanups.push(t.cleanup);
  const first = workspaceAt(t.dir);
  fill(first.db);
  const page = pick(pagesOf(first.db, victim));
  const pageSize = first.db.raw.pragma('page_size', { simple: true }) as number;
  first.ws.close();
  const bytes = flipFourBytes(first.db.file, page, pageSize);
  return { dir: t.dir, bytes };
}

describe('a workspace with a damaged page, after a restart', () => {
  it.each([
    ['the snapshot rows index (sqlite_autoindex_snapshot_rows_1)', 'sqlite_autoindex_snapshot_rows_1', []],
    ['a page of snapshot values (rebuilt from the rows)', 'snapshot_values', ['sort, facet and text indexes']],
  ])('four bytes flipped in %s: lists, runs and watches read back, the result set sorts and filters, and the notice says so', (_what, victim) => {
    const { dir, bytes } = damaged(victim, (pages) => pages[Math.floor(pages.length / 2)]!);
    const { db, notices } = workspaceAt(dir);

    // The lists, the run and the watch, through their own stores.
    const lists = new ListStore(db, 'p', now);
    expect(lists.all().map((l) => [l.name, l.memberCount])).toEqual([['Portfolio', 3]]);
    expect(db.sql.column('SELECT label FROM esg_runs')).toEqual(['Portfolio run']);
    const watches = new WatchStore(db.sql, 'p', now).all();
    expect(watches).toMatchObject([{ name: 'Portfolio scores', checkAtStart: true, scoreThreshold: 7, schedule: { kind: 'daily', at: '08:00' } }]);
    // The result set: every row, sorted through its value rows and filtered through the text index.
    const snapshots = new SnapshotStore(db);
    const [snap] = snapshots.list('p');
    expect(snap).toMatchObject({ rowCount: ROWS, status: 'complete' });
    const sorted = snapshots.page(snap!.id, { sort: { field: 'revenue', direction: 'desc' } }, 0, 3);
    expect(sorted.records.map((r) => r.name)).toEqual([`Company ${ROWS - 1} GmbH`, `Company ${ROWS - 2} GmbH`, `Company ${ROWS - 3} GmbH`]);
    expect(snapshots.page(snap!.id, { text: 'company 1234' }, 0, 10).records.map((r) => r.name)).toEqual(['Company 1234 GmbH']);
    expect(db.raw.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.raw.pragma('foreign_key_check')).toEqual([]);

    expect(notices).toHaveLength(1);
    const { level, message } = notices[0]!;
    expect(level).toBe('warning');
    expect(message).toMatch(/^The workspace database could not be used because it is damaged or not a database \(integrity check failed: [^\n]*\)\. It was moved to \S*p\.corrupt-2026-11-28T09-00-00-000Z\.sqlite\. A new one was made with everything that read cleanly: /);
    expect(message).toContain(`loaded result sets (1), rows of loaded result sets (${ROWS.toLocaleString('en-US')}), lists (1), list members (3), ESG runs (1)`);
    expect(message).toContain('watches (1), watch checks (1)');
    expect(message).toContain(victim === 'snapshot_values' ? 'Rebuilt from those rows: the sort, facet and text indexes of loaded result sets.' : 'Rebuilt from those rows: the text index');
    expect(message).not.toMatch(/Could not be read|empty/);
    // The damaged file is kept exactly as it was.
    const moved = /moved to (.*?\.sqlite)\./.exec(message)![1]!;
    expect(readFileSync(moved).equals(bytes)).toBe(true);
    expect(readdirSync(dirname(moved)).filter((f) => f.includes('.corrupt-'))).toEqual([basename(moved)]);
  });

  it('four bytes flipped in the lists table: the lists are lost and named, their members go with them, the watches stay', () => {
    const { dir } = damaged('lists', (pages) => pages[0]!);
    const { db, notices } = workspaceAt(dir);
    expect(new ListStore(db, 'p', now).all()).toEqual([]);
    expect(db.sql.column('SELECT count(*) FROM list_members')).toEqual([0]);
    expect(new WatchStore(db.sql, 'p', now).all().map((w) => w.name)).toEqual(['Portfolio scores']);
    expect(new SnapshotStore(db).list('p')).toHaveLength(1);
    expect(db.raw.pragma('foreign_key_check')).toEqual([]);
    expect(notices[0]!.message).toContain('Could not be read, so missing here (the moved file still has them): lists.');
    expect(notices[0]!.message).toContain('3 rows that belonged to those were left out.');
  });

  it('a damaged file of an older schema (before watches) is salvaged at its own version, then migrated: its list and result set carry over', () => {
    const t = tempWorkspaceDir();
    cleanups.push(t.cleanup);
    mkdirSync(dirname(t.file), { recursive: true });
    const old = new (sqlite())(t.file);
    old.pragma('journal_mode = WAL');
    const before = MIGRATIONS.findIndex((m) => m.name === 'watches');
    migrate(old, before);
    old.exec(`INSERT INTO lists (id, profile_id, name, created_at, updated_at) VALUES (1, 'p', 'Older list', 1, 1);
              INSERT INTO list_members (list_id, company_id, added_at) VALUES (1, 'c-1', 1), (1, 'c-2', 1);
              INSERT INTO snapshots (id, profile_id, query_json, page_size, row_cap, row_count, status, started_at) VALUES (1, 'p', '{}', 200, 10000, ${ROWS}, 'complete', 1)`);
    const row = old.prepare('INSERT INTO snapshot_rows (snapshot_id, seq, company_id, record_json) VALUES (1, ?, ?, ?)');
    const value = old.prepare('INSERT INTO snapshot_values (snapshot_id, field, row_id, num, txt) VALUES (1, ?, ?, ?, ?)');
    const text = old.prepare('INSERT INTO snapshot_fts (rowid, name, city, domain, industry) VALUES (?, ?, ?, ?, ?)');
    old.transaction(() => {
      for (let i = 0; i < ROWS; i++) {
        const r = company(i, { revenue: i * 10 });
        const id = Number(row.run(i, r.company_id, JSON.stringify(r)).lastInsertRowid);
        for (const [field, v] of rowCells(r)) value.run(field, id, v.num, v.txt);
        text.run(id, ...textColumns(r));
      }
    })();
    const pages = old.prepare(`SELECT pageno FROM dbstat WHERE name = 'sqlite_autoindex_snapshot_rows_1' ORDER BY pageno`).pluck().all() as number[];
    const pageSize = old.pragma('page_size', { simple: true }) as number;
    old.close();
    flipFourBytes(t.file, pages[1]!, pageSize);

    const { db, notices } = workspaceAt(t.dir);
    expect(db.raw.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(new ListStore(db, 'p', now).all().map((l) => [l.name, l.memberCount])).toEqual([['Older list', 2]]);
    const snapshots = new SnapshotStore(db);
    const [snap] = snapshots.list('p');
    expect(snapshots.page(snap!.id, { sort: { field: 'revenue', direction: 'desc' } }, 0, 1).records.map((r) => r.revenue)).toEqual([(ROWS - 1) * 10]);
    expect(snapshots.page(snap!.id, { text: 'company 1234' }, 0, 1).total).toBe(1);
    expect(new WatchStore(db.sql, 'p', now).all()).toEqual([]);
    expect(notices[0]!.message).toContain('lists (1), list members (2)');
  });
});
