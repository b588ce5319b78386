// Snapshot data access against a real SQLite file: sorting (numbers as numbers, mixed and missing
// values), the FTS5 text filter, facets with counts, and deletion of everything a snapshot owns.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WorkspaceDb } from '../../../../src/main/platform/workspace/db';
import { SnapshotStore, ftsQuery } from '../../../../src/main/features/snapshots/snapshot-store';
import { company, openAt, tempWorkspaceDir } from '../../platform/workspace/helpers';

let db: WorkspaceDb;
let store: SnapshotStore;
let cleanup: () => void;
beforeEach(() => {
  const t = tempWorkspaceDir();
  cleanup = t.cleanup;
  db = openAt(t.file);
  store = new SnapshotStore(db);
});
afterEach(() => {
  db.close();
  cleanup();
});

function load(records: Record<string, unknown>[]): number {
  const s = store.create({ profileId: 'p', query: { filters: {} }, pageSize: 100, rowCap: 100_000, startedAt: 1000 });
  store.append(s.id, records, records.length);
  store.finish(s.id, { status: 'complete', finishedAt: 2000 });
  return s.id;
}
const ids = (r: { records: Record<string, unknown>[] }) => r.records.map((x) => x.name);

describe('SnapshotStore sorting', () => {
  const rows = [
    { name: 'a', revenue: 9 },
    { name: 'b', revenue: 100 },
    { name: 'c' }, // missing
    { name: 'd', revenue: null },
    { name: 'e', revenue: '986608000' }, // a number sent as text sorts as a number
    { name: 'f', revenue: 'n/a' }, // text among numbers: after them
    { name: 'g', revenue: '' },
    { name: 'h', revenue: -5.5 },
    { name: 'i', revenue: 100 }, // tie with b: service order breaks it
  ].map((r, i) => company(i, r));
  let id: number;
  beforeEach(() => (id = load(rows)));

  it('ascending: numbers numerically, then text, empty cells last', () => {
    expect(ids(store.page(id, { sort: { field: 'revenue', direction: 'asc' } }, 0, 20))).toEqual(['h', 'a', 'b', 'i', 'e', 'f', 'c', 'd', 'g']);
  });

  it('descending: numbers numerically, then text, empty cells still last', () => {
    expect(ids(store.page(id, { sort: { field: 'revenue', direction: 'desc' } }, 0, 20))).toEqual(['e', 'b', 'i', 'a', 'h', 'f', 'c', 'd', 'g']);
  });

  it('text sorts case-insensitively; pages follow the sorted order without gaps or repeats', () => {
    const sid = load(['delta', 'Alpha', 'charlie', 'Bravo', 'echo'].map((city, i) => company(i, { name: city, city })));
    const first = store.page(sid, { sort: { field: 'city', direction: 'asc' } }, 0, 2);
    const second = store.page(sid, { sort: { field: 'city', direction: 'asc' } }, 2, 2);
    const third = store.page(sid, { sort: { field: 'city', direction: 'asc' } }, 4, 2);
    expect([...ids(first), ...ids(second), ...ids(third)]).toEqual(['Alpha', 'Bravo', 'charlie', 'delta', 'echo']);
    expect(first.total).toBe(5);
  });

  it('without a sort, rows keep the service order; a field nobody has leaves that order', () => {
    expect(ids(store.page(id, {}, 0, 20))).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']);
    expect(ids(store.page(id, { sort: { field: 'nope', direction: 'desc' } }, 0, 20))).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']);
  });

  it('sorts nested fields by their dotted path and lists by their text', () => {
    const sid = load([
      company(1, { name: 'x', address: { zip: 20 }, tags: ['b'] }),
      company(2, { name: 'y', address: { zip: 3 }, tags: ['a', 'z'] }),
      company(3, { name: 'z', tags: [] }),
    ]);
    expect(ids(store.page(sid, { sort: { field: 'address.zip', direction: 'asc' } }, 0, 5))).toEqual(['y', 'x', 'z']);
    expect(ids(store.page(sid, { sort: { field: 'tags', direction: 'asc' } }, 0, 5))).toEqual(['y', 'x', 'z']);
  });
});

describe('SnapshotStore text filter (FTS5)', () => {
  it('matches word prefixes in name, city, domain and industry label, ignoring case and accents', () => {
    const id = load([
      company(1, { name: 'Müller Maschinenbau GmbH', city: 'Köln', website_domain: 'mueller.de', industry_label: 'Manufacture of machinery' }),
      company(2, { name: 'Northwind Traders', city: 'Seattle', website_domain: 'northwind.example', industry_label: 'Wholesale trade' }),
      company(3, { name: 'Contoso', city: 'Redmond', website_domain: 'contoso.com', industry_label: 'Computer programming activities' }),
    ]);
    expect(ids(store.page(id, { text: 'muller' }, 0, 10))).toEqual(['Müller Maschinenbau GmbH']);
    expect(ids(store.page(id, { text: 'koln' }, 0, 10))).toEqual(['Müller Maschinenbau GmbH']);
    expect(ids(store.page(id, { text: 'northw' }, 0, 10))).toEqual(['Northwind Traders']);
    expect(ids(store.page(id, { text: 'contoso.com' }, 0, 10))).toEqual(['Contoso']);
    expect(ids(store.page(id, { text: 'PROGRAMMING red' }, 0, 10))).toEqual(['Contoso']);
    expect(store.page(id, { text: 'trade seattle' }, 0, 10).total).toBe(1);
    expect(store.page(id, { text: 'nothing-like-this' }, 0, 10).total).toBe(0);
  });

  it('takes FTS syntax characters as plain text, and only sees its own snapshot', () => {
    const a = load([company(1, { name: 'AND OR NOT "quoted" (x)*' })]);
    const b = load([company(2, { name: 'quoted elsewhere' })]);
    expect(ids(store.page(a, { text: '"quoted" OR (' }, 0, 10))).toEqual(['AND OR NOT "quoted" (x)*']);
    expect(ids(store.page(b, { text: 'quoted' }, 0, 10))).toEqual(['quoted elsewhere']);
    expect(ftsQuery('  ')).toBeNull();
    expect(ftsQuery('a-b')).toBe('"a"* "b"*');
  });

  it('combines with sorting', () => {
    const id = load([company(1, { name: 'Berlin Two', employee_count: 2 }), company(2, { name: 'Berlin One', employee_count: 1 }), company(3, { name: 'Paris', city: 'Paris', employee_count: 0 })]);
    expect(ids(store.page(id, { text: 'berlin', sort: { field: 'employee_count', direction: 'asc' } }, 0, 10))).toEqual(['Berlin One', 'Berlin Two']);
  });
});

describe('SnapshotStore facets', () => {
  let id: number;
  beforeEach(() => {
    id = load([
      company(1, { country: 'DE', industry_code: '62.01', legal_form: 'GmbH', employee_count: 12, revenue: 2_500_000, founding_year: 1994 }),
      company(2, { country: 'DE', industry_code: '62.02', legal_form: 'AG', employee_count: 300, revenue: 80_000_000, founding_year: 1999 }),
      company(3, { country: 'FR', industry_code: '64.19', legal_form: 'SA', employee_count: 5, founding_year: 2003 }),
      company(4, { country: 'us', industry_code: '62.01', legal_form: 'Inc.', revenue: 0 }),
    ]);
  });

  it('counts per key, most first; bands and decades in their own order', () => {
    expect(store.facetCounts(id, 'country', {})).toEqual([
      { key: 'DE', count: 2 },
      { key: 'FR', count: 1 },
      { key: 'US', count: 1 },
    ]);
    expect(store.facetCounts(id, 'industry_division', {})).toEqual([
      { key: '62', count: 3 },
      { key: '64', count: 1 },
    ]);
    expect(store.facetCounts(id, 'industry_class', {})[0]).toEqual({ key: '62.01', count: 2 });
    expect(store.facetCounts(id, 'employee_band', {})).toEqual([
      { key: 0, count: 1 },
      { key: 10, count: 1 },
      { key: 250, count: 1 },
    ]);
    expect(store.facetCounts(id, 'revenue_band', {})).toEqual([
      { key: 0, count: 1 },
      { key: 1e6, count: 1 },
      { key: 5e7, count: 1 },
    ]);
    expect(store.facetCounts(id, 'founding_decade', {})).toEqual([
      { key: 1990, count: 2 },
      { key: 2000, count: 1 },
    ]);
  });

  it('narrows the view; a facet keeps its own siblings while the others narrow it', () => {
    const view = { facets: { country: ['DE'] } };
    expect(store.page(id, view, 0, 10).total).toBe(2);
    expect(store.facetCounts(id, 'country', view)).toHaveLength(3);
    expect(store.facetCounts(id, 'legal_form', view).map((f) => f.key).sort()).toEqual(['AG', 'GmbH']);
    const both = { facets: { country: ['DE', 'FR'], employee_band: [0, 10] } };
    expect(store.page(id, both, 0, 10).records.map((r) => r.company_id)).toEqual([company(1).company_id, company(3).company_id]);
  });
});

describe('SnapshotStore lifecycle', () => {
  it('stamps the query, times, counts and status; lists newest first', () => {
    const s = store.create({ profileId: 'p', query: { filters: { and: [] } }, pageSize: 50, rowCap: 10, startedAt: 5 });
    expect(s).toMatchObject({ status: 'loading', rowCount: 0, rowCap: 10, query: { filters: { and: [] } }, startedAt: 5, finishedAt: null });
    expect(store.append(s.id, [company(1), company(2)], 42)).toBe(2);
    expect(store.finish(s.id, { status: 'capped', finishedAt: 9 })).toMatchObject({ status: 'capped', rowCount: 2, serviceCount: 42, finishedAt: 9 });
    const later = store.create({ profileId: 'p', query: {}, pageSize: 50, rowCap: 10, startedAt: 6 });
    expect(store.list('p').map((x) => x.id)).toEqual([later.id, s.id]);
    expect(store.list('other')).toEqual([]);
  });

  it('deleting a snapshot removes its rows, values and text entries', () => {
    const id = load([company(1, { name: 'Gone', revenue: 1 }), company(2, { name: 'Gone too' })]);
    const keep = load([company(3, { name: 'Kept' })]);
    store.delete(id);
    const count = (t: string) => db.sql.get<{ n: number }>(`SELECT count(*) AS n FROM ${t}`)!.n;
    expect(count('snapshot_rows')).toBe(1);
    expect(count('snapshot_values')).toBe(db.sql.get<{ n: number }>('SELECT count(*) AS n FROM snapshot_values v JOIN snapshot_rows r ON r.id = v.row_id WHERE r.snapshot_id = ?', [keep])!.n);
    expect(db.sql.get<{ n: number }>(`SELECT count(*) AS n FROM snapshot_fts WHERE snapshot_fts MATCH '"gone"*'`)!.n).toBe(0);
    expect(store.get(id)).toBeNull();
    expect(ids(store.page(keep, { text: 'kept' }, 0, 5))).toEqual(['Kept']);
  });
});
