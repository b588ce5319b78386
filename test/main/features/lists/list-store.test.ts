// List data access against a real SQLite file: CRUD, unique names per profile, cascade delete, a
// company in several lists, snapshots saved as lists, the view (sort, text, paging, ESG join), and
// the migration from the schema before lists.
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WorkspaceDb } from '../../../../src/main/platform/workspace/db';
import { migrate, MIGRATIONS } from '../../../../src/main/platform/workspace/migrations';
import { SnapshotStore } from '../../../../src/main/features/snapshots/snapshot-store';
import { ListStore } from '../../../../src/main/features/lists/list-store';
import { isAppError } from '../../../../src/shared/errors';
import { company, openAt, tempWorkspaceDir } from '../../platform/workspace/helpers';

let db: WorkspaceDb;
let file: string;
let cleanup: () => void;
let clock: number;
let changes: Array<number | null>;
let lists: ListStore;
beforeEach(() => {
  const t = tempWorkspaceDir();
  cleanup = t.cleanup;
  file = t.file;
  db = openAt(t.file);
  clock = 1_000;
  changes = [];
  lists = new ListStore(db, 'p', () => clock++, (id) => changes.push(id));
});
afterEach(() => {
  db.close();
  cleanup();
});

const member = (i: number, extra: Record<string, unknown> = {}) => {
  const record = company(i, extra);
  return { companyId: record.company_id, record };
};
const names = (listId: number, view = {}) => lists.membersPage(listId, view, 0, 100).rows.map((r) => r.name);

function errorOf(fn: () => unknown) {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected an error');
}

describe('ListStore', () => {
  it('creates a list with members from records and reports counts, names and countries', () => {
    const { list, added, alreadyIn } = lists.createList({ name: '  Portfolio ', companies: [member(1), member(2), member(1)] });
    expect(list).toMatchObject({ name: 'Portfolio', profileId: 'p', memberCount: 2 });
    expect({ added, alreadyIn }).toEqual({ added: 2, alreadyIn: 1 });
    expect(lists.all().map((l) => [l.name, l.memberCount])).toEqual([['Portfolio', 2]]);
    const page = lists.membersPage(list.id, {}, 0, 10);
    expect(page.total).toBe(2);
    expect(page.rows[0]).toMatchObject({ companyId: company(1).company_id, name: 'Company 1', country: 'DE', record: company(1), esg: {} });
    expect(changes).toEqual([list.id]);
  });

  it('refuses a second list of the same name in a profile (any case), but allows it in another profile', () => {
    lists.createList({ name: 'Watch' });
    const e = errorOf(() => lists.createList({ name: 'WATCH' }));
    expect(isAppError(e) && e.code).toBe('invalid_input');
    expect((e as Error).message).toMatch(/A list named "WATCH" already exists/);
    const other = new ListStore(db, 'q', () => clock++);
    expect(other.createList({ name: 'Watch' }).list.profileId).toBe('q');
    expect(lists.all()).toHaveLength(1);
    expect(other.all()).toHaveLength(1);
  });

  it('adds to and removes from a list; an id without a record keeps the name given, and later gains a record', () => {
    const { list } = lists.createList({ name: 'L', companies: [member(1)] });
    const bare = company(2).company_id;
    expect(lists.addToList(list.id, [{ companyId: bare.toUpperCase(), name: 'Named by caller' }, member(1)])).toEqual({ added: 1, alreadyIn: 1 });
    expect(names(list.id)).toEqual(['Company 1', 'Named by caller']);
    expect(lists.membersPage(list.id, {}, 0, 10).rows[1]!.record).toBeNull();
    lists.addToList(list.id, [member(2)]);
    expect(lists.membersPage(list.id, {}, 0, 10).rows[1]!.record).toMatchObject({ company_id: bare });
    expect(lists.removeFromList(list.id, [bare])).toBe(1);
    expect(lists.memberIds(list.id)).toEqual([company(1).company_id]);
  });

  it('keeps a company in several lists; deleting one list cascades to its members only', () => {
    const a = lists.createList({ name: 'A', companies: [member(1), member(2)] }).list;
    const b = lists.createList({ name: 'B', companies: [member(2), member(3)] }).list;
    expect(lists.listsOf(company(2).company_id).map((l) => l.name)).toEqual(['A', 'B']);
    lists.deleteList(a.id);
    expect(lists.get(a.id)).toBeNull();
    expect(db.sql.get<{ n: number }>('SELECT count(*) AS n FROM list_members WHERE list_id = ?', [a.id])!.n).toBe(0);
    expect(lists.memberIds(b.id)).toEqual([company(2).company_id, company(3).company_id]);
    expect(isAppError(errorOf(() => lists.membersPage(a.id, {}, 0, 10))) && 'not_found').toBe('not_found');
  });

  it('renames (unique, case change allowed) and duplicates with a free numbered name', () => {
    const a = lists.createList({ name: 'Alpha', companies: [member(1), member(2)] }).list;
    lists.createList({ name: 'Beta' });
    expect((errorOf(() => lists.rename(a.id, 'beta')) as Error).message).toMatch(/already exists/);
    expect(lists.rename(a.id, 'ALPHA').name).toBe('ALPHA');
    const copy = lists.duplicate(a.id);
    const copy2 = lists.duplicate(a.id);
    expect([copy.name, copy2.name]).toEqual(['ALPHA (copy)', 'ALPHA (copy) 2']);
    expect(copy.memberCount).toBe(2);
    lists.removeFromList(copy.id, [company(1).company_id]);
    expect(lists.get(a.id)!.memberCount).toBe(2);
    expect(lists.duplicate(a.id, 'Gamma').name).toBe('Gamma');
  });

  it('saves a loaded snapshot as a list (same profile only, not while loading)', () => {
    const snaps = new SnapshotStore(db);
    const s = snaps.create({ profileId: 'p', query: {}, pageSize: 200, rowCap: 1000, startedAt: 1 });
    snaps.append(s.id, [company(3), company(1), company(2), company(1)]);
    expect((errorOf(() => lists.createFromSnapshot('Too early', s.id)) as Error).message).toMatch(/still loading/);
    expect(lists.byName('Too early')).toBeNull();
    snaps.finish(s.id, { status: 'complete', finishedAt: 2 });
    const r = lists.createFromSnapshot('Saved', s.id);
    expect({ added: r.added, alreadyIn: r.alreadyIn, count: r.list.memberCount }).toEqual({ added: 3, alreadyIn: 0, count: 3 });
    expect(names(r.list.id)).toEqual(['Company 3', 'Company 1', 'Company 2']);
    const other = new ListStore(db, 'q');
    expect(isAppError(errorOf(() => other.createFromSnapshot('X', s.id)))).toBe(true);
    expect(other.all()).toEqual([]);
  });

  it('sorts (empty last both ways), filters by text and pages the view', () => {
    const { list } = lists.createList({
      name: 'V',
      companies: [
        member(1, { name: 'Zeta GmbH', employee_count: 50, industry_label: 'Software', city: 'Munich' }),
        member(2, { name: 'alpha AG', employee_count: 5000, industry_label: 'Banking' }),
        member(3, { name: 'Mid 100%', employee_count: null }),
        member(4, { name: 'Beta', employee_count: 700, country_name: 'Austria', country: 'AT' }),
      ],
    });
    expect(names(list.id, { sort: { field: 'name', direction: 'asc' } })).toEqual(['alpha AG', 'Beta', 'Mid 100%', 'Zeta GmbH']);
    expect(names(list.id, { sort: { field: 'employees', direction: 'desc' } })).toEqual(['alpha AG', 'Beta', 'Zeta GmbH', 'Mid 100%']);
    expect(names(list.id, { sort: { field: 'employees', direction: 'asc' } })).toEqual(['Zeta GmbH', 'Beta', 'alpha AG', 'Mid 100%']);
    expect(names(list.id, { text: 'munich' })).toEqual(['Zeta GmbH']);
    expect(names(list.id, { text: 'austria' })).toEqual(['Beta']);
    expect(names(list.id, { text: '100%' })).toEqual(['Mid 100%']);
    expect(names(list.id, { text: company(2).company_id.slice(-4) })).toEqual(['alpha AG']);
    const page = lists.membersPage(list.id, { sort: { field: 'name', direction: 'asc' } }, 2, 1);
    expect([page.total, page.rows.map((r) => r.name)]).toEqual([4, ['Mid 100%']]);
    expect(page.rows[0]!.employees).toBeNull();
  });

  it('joins the esg_summary view: a replacement view (as the ESG-runs migration makes) fills and sorts the ESG columns', () => {
    const { list } = lists.createList({ name: 'E', companies: [member(1), member(2), member(3)] });
    db.sql.exec(`
      CREATE TABLE test_esg (company_id TEXT, overall REAL, rating TEXT, news INTEGER, at INTEGER, prev REAL);
      DROP VIEW esg_summary;
      CREATE VIEW esg_summary AS SELECT company_id, overall AS overall_score, rating AS overall_rating,
        NULL AS environmental_score, NULL AS environmental_rating, NULL AS social_score, NULL AS social_rating,
        NULL AS governance_score, NULL AS governance_rating, news AS news_count, NULL AS commitments_count,
        at AS refreshed_at, overall - prev AS overall_change FROM test_esg;
    `);
    db.sql.run('INSERT INTO test_esg VALUES (?, 61.5, ?, 12, 5000, 60), (?, 80, ?, 3, 6000, NULL)', [company(1).company_id, 'BB', company(3).company_id, 'A']);
    const rows = lists.membersPage(list.id, { sort: { field: 'overallScore', direction: 'desc' } }, 0, 10).rows;
    expect(rows.map((r) => r.name)).toEqual(['Company 3', 'Company 1', 'Company 2']);
    expect(rows[1]!.esg).toEqual({ overallScore: 61.5, overallRating: 'BB', newsCount: 12, refreshedAt: 5000, overallChange: 1.5 });
    expect(rows[2]!.esg).toEqual({});
  });

  it('is kept across reopening the file', () => {
    const { list } = lists.createList({ name: 'Kept', companies: [member(1)] });
    db.close();
    db = openAt(file);
    lists = new ListStore(db, 'p');
    expect(lists.get(list.id)).toMatchObject({ name: 'Kept', memberCount: 1 });
  });
});

describe('lists migration', () => {
  it('adds the list tables to a database of the schema before them, keeping its snapshots usable as lists', () => {
    db.close();
    const before = MIGRATIONS.findIndex((m) => m.name === 'lists');
    expect(before).toBeGreaterThan(0);
    // A separate file built only up to the schema before lists (later migrations append after it).
    const oldFile = `${file}.before-lists.sqlite`;
    const raw = new Database(oldFile);
    migrate(raw, before);
    raw.prepare(`INSERT INTO snapshots (id, profile_id, query_json, page_size, row_cap, row_count, status, started_at) VALUES (7, 'p', '{}', 200, 10, 1, 'complete', 1)`).run();
    raw.prepare('INSERT INTO snapshot_rows (snapshot_id, seq, company_id, record_json) VALUES (7, 0, ?, ?)').run(company(5).company_id, JSON.stringify(company(5)));
    expect(raw.prepare(`SELECT count(*) FROM sqlite_master WHERE name = 'lists'`).pluck().get()).toBe(0);
    raw.close();
    db = openAt(oldFile);
    lists = new ListStore(db, 'p');
    const r = lists.createFromSnapshot('From old snapshot', 7);
    expect(names(r.list.id)).toEqual(['Company 5']);
  });
});

describe('ListStore view ids and members by id (export of a long list)', () => {
  it('gives the view order once and the members of any batch of ids in the order asked', () => {
    const { list } = lists.createList({ name: 'Long', companies: Array.from({ length: 1200 }, (_, i) => member(i + 1, { employee_count: (i * 7919) % 1201 })) });
    const view = { sort: { field: 'employees' as const, direction: 'desc' as const }, text: 'company' };
    const ids = lists.viewIds(list.id, view);
    const paged = [0, 500, 1000].flatMap((o) => lists.membersPage(list.id, view, o, 500).rows.map((r) => r.companyId));
    expect(ids).toEqual(paged);
    expect(ids).toHaveLength(1200);
    const some = [ids[5]!, ids[0]!, company(99_999).company_id, ids[1199]!];
    expect(lists.membersByIds(list.id, some).map((m) => m.companyId)).toEqual([ids[5], ids[0], ids[1199]]);
    expect(lists.membersByIds(list.id, ids).map((m) => m.employees)).toEqual(paged.map((id) => lists.membersByIds(list.id, [id])[0]!.employees));
  });
});
