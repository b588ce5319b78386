// A search check diffs two stored snapshots through SQLite (SnapshotStore.differingRows pairs the
// rows by company id and returns only those that differ; diffRowPairs diffs them): it must find
// exactly what the in-memory diff of the same rows finds (diffRecordSets, itself held to a plain
// reference in search-diff-reference.test.ts), in the same order, whatever the rows' order, ids
// repeated in a snapshot (the first row counts), entries, exits and rows stored with the same text.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SnapshotStore } from '../../../../src/main/features/snapshots/snapshot-store';
import { diffRecordSets, diffRowPairs, type RecordText } from '../../../../src/main/features/watches/search-diff';
import type { WorkspaceDb } from '../../../../src/main/platform/workspace/db';
import { prepareRow } from '../../../../src/main/platform/workspace/row-values';
import { openAt, tempWorkspaceDir } from '../../platform/workspace/helpers';

type Rec = Record<string, unknown>;

let db: WorkspaceDb;
let store: SnapshotStore;
let cleanup: () => void;
beforeAll(() => {
  const t = tempWorkspaceDir();
  cleanup = t.cleanup;
  db = openAt(t.file);
  store = new SnapshotStore(db);
});
afterAll(() => {
  db.close();
  cleanup();
});

/** Ids that compare apart only byte by byte (case, accents, a trailing space) and the empty id of a record without one. */
const ID = fc.constantFrom('c0', 'c1', 'C1', 'c1 ', 'é', 'e\u0301', 'Ärzte-7', '42', '');
const value = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom('a', 'b', 'Ärzte', ''), fc.constant(null), fc.array(fc.constantFrom('x', 'y'), { maxLength: 2 }));
const record = fc.record(
  { company_id: ID, name: fc.constantFrom('Acme', 'acme', 'Bolt GmbH', 'Ça va SA', ''), employee_count: value, address: fc.record({ city: value, street: value }, { requiredKeys: [] }), tags: value },
  { requiredKeys: [] },
);
/** A second set from the first: rows kept as they are (same text), changed, reordered, dropped, repeated, or new. */
const pairOfSets = fc.array(record, { maxLength: 25 }).chain((first) =>
  fc.tuple(fc.constant(first), fc.array(fc.oneof(fc.nat({ max: Math.max(0, first.length - 1) }).map((i) => first[i] ?? {}), record), { maxLength: 25 })),
);
/** The usual case: unique ids, most rows kept in order, a few changed, dropped or inserted. */
const editedSet = fc
  .uniqueArray(record, { selector: (r) => r.company_id, maxLength: 9 })
  .chain((first) => fc.tuple(fc.constant(first), fc.array(fc.tuple(fc.constantFrom('keep', 'keep', 'drop', 'change', 'insert'), record), { minLength: first.length, maxLength: first.length })));

/** The rows as the store writes them: the in-memory diff gets the same ids and texts. */
const texts = (records: Rec[]): RecordText[] => records.map((r) => prepareRow(r)).map((r) => ({ companyId: r.companyId, json: r.json }));
const repeats = (records: Rec[]) => new Set(texts(records).map((r) => r.companyId)).size < records.length;

function stored(records: Rec[]): number {
  const s = store.create({ profileId: 'p', query: {}, pageSize: 10, rowCap: 1000, startedAt: 1 });
  // Pages of 7: a snapshot's rows come in several appends, as a load stores them.
  for (let i = 0; i < records.length; i += 7) store.append(s.id, records.slice(i, i + 7));
  store.finish(s.id, { status: 'complete', finishedAt: 2 });
  return s.id;
}

/** Stores both sets and checks the stored diff against the in-memory one, both ways. */
function sameAsInMemory(first: Rec[], second: Rec[]): void {
  const a = stored(first);
  const b = stored(second);
  try {
    expect(diffRowPairs(store.differingRows(a, b))).toEqual(diffRecordSets(texts(first), texts(second)));
    expect(diffRowPairs(store.differingRows(b, a))).toEqual(diffRecordSets(texts(second), texts(first)));
  } finally {
    store.delete(a);
    store.delete(b);
  }
}

describe('the diff of two stored snapshots (SQLite pairs the rows)', () => {
  it('finds what the in-memory diff finds, in the same order, with ids repeated or not', () => {
    const seen = { repeated: 0, unique: 0 };
    fc.assert(
      fc.property(pairOfSets, ([first, second]) => {
        seen[repeats(first) || repeats(second) ? 'repeated' : 'unique']++;
        sameAsInMemory(first, second);
      }),
      { numRuns: 300 },
    );
    // Both of the store's queries ran: with the later rows of a repeated id skipped, and without.
    expect(seen.repeated).toBeGreaterThan(20);
    expect(seen.unique).toBeGreaterThan(20);
  });

  it('finds the same when most rows are kept in order (a search checked again)', () => {
    fc.assert(
      fc.property(editedSet, ([first, ops]) => {
        const second = first.flatMap((r, i): Rec[] => {
          const [op, other] = ops[i]!;
          if (op === 'drop') return [];
          if (op === 'change') return [{ ...other, company_id: r.company_id }];
          return op === 'insert' ? [other, r] : [r];
        });
        sameAsInMemory(first, second);
      }),
      { numRuns: 200 },
    );
  });

  it('returns only the rows that differ: nothing for a snapshot and a copy with the same texts', () => {
    const rows = [{ company_id: 'c1', name: 'A' }, { company_id: 'c2', name: 'B' }, { company_id: 'c1', name: 'A later' }];
    const a = stored(rows);
    const b = stored([rows[1]!, rows[0]!]);
    const c = stored([{ company_id: 'c2', name: 'B' }, { company_id: 'c3', name: 'C' }]);
    try {
      expect([...store.differingRows(a, b)]).toEqual([]);
      expect([...store.differingRows(a, c)].sort((x, y) => x.companyId.localeCompare(y.companyId))).toEqual([
        { companyId: 'c1', before: JSON.stringify(rows[0]), after: null },
        { companyId: 'c3', before: null, after: JSON.stringify({ company_id: 'c3', name: 'C' }) },
      ]);
    } finally {
      for (const id of [a, b, c]) store.delete(id);
    }
  });
});
