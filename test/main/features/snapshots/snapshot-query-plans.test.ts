// Sorting and facets over a snapshot read one key range per snapshot and field (migration "snapshot
// values keyed per snapshot and field") instead of looking up every row, and the rows of two
// snapshots are paired through the index by company (migration "snapshot rows by company"): checked
// with EXPLAIN QUERY PLAN on the statements the store actually runs. Also: sorted pages that cross from numbers to
// texts to empty cells, under facet and text filters, equal a plain in-memory sort.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WorkspaceDb } from '../../../../src/main/platform/workspace/db';
import type { Params, Sql } from '../../../../src/main/platform/workspace/sql';
import { SnapshotStore } from '../../../../src/main/features/snapshots/snapshot-store';
import { FACET_IDS, type SnapshotView } from '../../../../src/shared/snapshots/snapshot';
import { company, openAt, tempWorkspaceDir } from '../../platform/workspace/helpers';

let db: WorkspaceDb;
let cleanup: () => void;
let statements: Array<{ text: string; params?: Params }>;
let store: SnapshotStore;
beforeEach(() => {
  const t = tempWorkspaceDir();
  cleanup = t.cleanup;
  db = openAt(t.file);
  statements = [];
  // Records every statement the store runs, to explain it afterwards.
  const record = <F extends (text: string, params?: Params) => unknown>(f: F) =>
    ((text: string, params?: Params) => {
      statements.push({ text, params });
      return f(text, params);
    }) as F;
  const sql: Sql = { ...db.sql, all: record(db.sql.all), get: record(db.sql.get), column: record(db.sql.column), run: record(db.sql.run), iterate: record(db.sql.iterate) };
  store = new SnapshotStore({ ...db, sql });
});
afterEach(() => {
  db.close();
  cleanup();
});

const REVENUES = [5, null, 'n/a', 120, '', 7, 'abc', 5, undefined, 3e9, 'Zed', -1, 120, []];
function load(n: number, tag: string): number {
  const s = store.create({ profileId: 'p', query: { tag }, pageSize: 100, rowCap: 100_000, startedAt: 1 });
  const rows = Array.from({ length: n }, (_, i) =>
    company(i, { name: `${tag} ${i % 3 === 0 ? 'berlin' : 'paris'} ${i}`, country: ['DE', 'FR', 'US'][i % 3], revenue: REVENUES[i % REVENUES.length], employee_count: (i * 37) % 400 }),
  );
  store.append(s.id, rows, n);
  store.finish(s.id, { status: 'complete', finishedAt: 2 });
  return s.id;
}

function plan(text: string, params?: Params): string[] {
  const args = params === undefined ? [] : Array.isArray(params) ? params : [params];
  return (db.raw.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...args) as Array<{ detail: string }>).map((r) => r.detail);
}

describe('snapshot queries use the per-snapshot index', () => {
  it('sorted pages, facet counts and value suggestions never scan snapshot_values', () => {
    const id = load(200, 'a');
    load(50, 'b');
    const views: SnapshotView[] = [
      { sort: { field: 'revenue', direction: 'desc' } },
      { sort: { field: 'name', direction: 'asc' }, facets: { country: ['DE'] }, text: 'berlin' },
      { sort: { field: 'revenue', direction: 'asc' }, facets: { country: ['DE', 'US'], employee_band: [50] } },
    ];
    for (const view of views) {
      store.page(id, view, 0, 100);
      store.page(id, view, 150, 100);
      for (const f of FACET_IDS) store.facetCounts(id, f, view);
    }
    store.values(id, 'country', 'D');
    const onValues = statements.filter((s) => /snapshot_values/.test(s.text));
    expect(onValues.length).toBeGreaterThan(20);
    for (const s of onValues) {
      const lines = plan(s.text, s.params);
      const onV = lines.filter((l) => /\bv\b/.test(l));
      expect(onV.length, s.text).toBeGreaterThan(0);
      // One key range per snapshot and field (a row's own cell, for the empty cells of the sort field, is a probe into it).
      const allowed = /NOT EXISTS/.test(s.text)
        ? /^SEARCH v USING PRIMARY KEY \(snapshot_id=\? AND field=\? AND row_id=\?\)/
        : /^SEARCH v USING PRIMARY KEY \(snapshot_id=\? AND field=\?/;
      for (const l of onV) expect(l, s.text).toMatch(allowed);
    }
  });
});

describe('pairing two snapshots by company (a search check\'s diff)', () => {
  it('probes the index by company for each row, never scans or sorts snapshot_rows, with ids repeated or not', () => {
    const unique = [load(40, 'a'), load(40, 'b')];
    const repeated = [unique[0]!, load(0, 'c')];
    store.append(repeated[1]!, [company(1), company(2), company(1, { name: 'later' })], 3);
    for (const [a, b] of [unique, repeated, [repeated[1]!, repeated[0]!]]) {
      statements = [];
      const rows = [...store.differingRows(a!, b!)];
      expect(rows.length).toBeGreaterThan(0);
      const pairing = statements.filter((s) => /UNION ALL/.test(s.text));
      expect(pairing).toHaveLength(1);
      for (const s of statements) {
        const lines = plan(s.text, s.params);
        for (const l of lines.filter((l) => /^(SCAN|SEARCH) (?!CONSTANT ROW)/.test(l))) {
          expect(l, s.text).toMatch(/^SEARCH [a-z_]+ USING ((COVERING )?INDEX snapshot_rows_company \(snapshot_id=\?|INDEX sqlite_autoindex_snapshot_rows_1 \(snapshot_id=\?\)|INTEGER PRIMARY KEY \(rowid=\?\))/);
        }
        expect(lines.join('\n'), s.text).not.toMatch(/TEMP B-TREE/);
      }
    }
  });
});

describe('sorted pages across numbers, texts and empty cells', () => {
  const rank = (v: unknown): [number, number | null, string | null] => {
    if (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) return [2, null, null];
    if (typeof v === 'number') return [0, v, null];
    const t = String(v);
    return /^[+-]?\d/.test(t) ? [0, Number(t), t] : [1, null, t.toLowerCase()];
  };
  function expected(all: Record<string, unknown>[], dir: 1 | -1): string[] {
    return all
      .map((r, seq) => ({ r, seq, k: rank(r.revenue) }))
      .sort((a, b) => {
        if (a.k[0] !== b.k[0]) return a.k[0] - b.k[0];
        if (a.k[0] === 2) return a.seq - b.seq;
        if (a.k[0] === 0 && a.k[1] !== b.k[1]) return dir * (a.k[1]! - b.k[1]!);
        const at = a.k[2] ?? '';
        const bt = b.k[2] ?? '';
        if (at !== bt) return dir * (at < bt ? -1 : 1);
        return a.seq - b.seq;
      })
      .map((x) => x.r.company_id as string);
  }

  it('pages of 7 concatenate to the in-memory order, both directions, with and without filters', () => {
    const id = load(97, 'a');
    load(30, 'b'); // another snapshot's values never leak in
    const all = store.page(id, {}, 0, 1000).records;
    for (const direction of ['asc', 'desc'] as const) {
      for (const narrow of [{}, { facets: { country: ['DE', 'US'] } }, { text: 'berlin' }] as SnapshotView[]) {
        const view: SnapshotView = { ...narrow, sort: { field: 'revenue', direction } };
        const first = store.page(id, view, 0, 7);
        const got: string[] = [];
        for (let off = 0; off < first.total; off += 7) got.push(...store.page(id, view, off, 7).records.map((r) => r.company_id as string));
        const inView = new Set(store.page(id, narrow, 0, 1000).records.map((r) => r.company_id as string));
        expect(got).toEqual(expected(all.filter((r) => inView.has(r.company_id as string)), direction === 'asc' ? 1 : -1));
        expect(got.length).toBe(first.total);
      }
    }
  });
});

describe('narrowed views', () => {
  it('hold exactly the rows whose cells match every choice and the text, never another snapshot\'s', () => {
    const id = load(120, 'a');
    load(40, 'b');
    const all = store.page(id, {}, 0, 1000).records;
    const band = (n: unknown) => typeof n === 'number' && n >= 50 && n < 250;
    const cases: Array<[SnapshotView, (r: Record<string, unknown>) => boolean]> = [
      [{ facets: { country: ['DE', 'US'] } }, (r) => r.country === 'DE' || r.country === 'US'],
      [{ facets: { country: ['FR'], employee_band: [50] } }, (r) => r.country === 'FR' && band(r.employee_count)],
      // Every row's city is Berlin (helpers' company()): 'paris' is only in some names.
      [{ facets: { employee_band: [50] }, text: 'paris' }, (r) => band(r.employee_count) && String(r.name).includes('paris')],
      [{ text: 'paris' }, (r) => String(r.name).includes('paris')],
    ];
    for (const [view, keep] of cases) {
      const got = store.page(id, view, 0, 1000);
      const want = all.filter(keep).map((r) => r.company_id);
      expect(got.records.map((r) => r.company_id), JSON.stringify(view)).toEqual(want);
      expect(got.total).toBe(want.length);
    }
  });

  it('count facets again after rows were added (counts are kept only until the next write)', () => {
    const id = load(30, 'a');
    const before = store.facetCounts(id, 'country', {});
    expect(store.facetCounts(id, 'country', {})).toEqual(before);
    store.append(id, [company(1000, { country: 'DE' })], 31);
    const de = (c: typeof before) => c.find((x) => x.key === 'DE')!.count;
    expect(de(store.facetCounts(id, 'country', {}))).toBe(de(before) + 1);
  });
});
