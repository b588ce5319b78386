// The diff of two result sets: applying what it found to the first gives the second's companies
// and values (fast-check), identical sets give nothing, and the order is the inbox's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffRecordSets, fieldChanges, sameValue, type RecordText } from '../../../../src/main/features/watches/search-diff';
import type { FoundChange } from '../../../../src/main/features/watches/change-store';
import { flattenRecord } from '../../../../src/shared/search/flatten';

type Rec = Record<string, unknown>;
const texts = (records: Rec[]): RecordText[] => records.map((r) => ({ companyId: String(r.company_id), json: JSON.stringify(r) }));

/** A record's fields as the diff sees them: flattened, null and absent alike. */
function shown(r: Rec): Rec {
  return Object.fromEntries(Object.entries(flattenRecord(r)).filter(([, v]) => v !== null && v !== undefined));
}

/** Applies the changes to `before` (flattened): the companies and values the diff says `after` has. */
function apply(before: Rec[], changes: FoundChange[]): Map<string, Rec> {
  const out = new Map(before.map((r) => [String(r.company_id), shown(r)]));
  for (const c of changes) {
    if (c.kind === 'left') out.delete(c.companyId);
    else if (c.kind === 'entered') out.set(c.companyId, shown(c.newValue as Rec));
    else if (c.kind === 'field') {
      const rec = out.get(c.companyId)!;
      if (c.newValue === null) delete rec[c.field!];
      else rec[c.field!] = c.newValue;
    }
  }
  return out;
}

const value = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom('a', 'b', 'München', ''), fc.constant(null), fc.array(fc.constantFrom('x', 'y'), { maxLength: 2 }));
const record = (id: string) =>
  fc.record({
    company_id: fc.constant(id),
    name: fc.constantFrom('Acme', 'Bolt GmbH', 'Ça va SA'),
    employee_count: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
    revenue: value,
    address: fc.option(fc.record({ city: value, street: value }, { requiredKeys: [] }), { nil: undefined }),
    tags: fc.array(fc.constantFrom('p', 'q'), { maxLength: 2 }),
  });
const ids = fc.uniqueArray(fc.constantFrom(...Array.from({ length: 12 }, (_, i) => `c${i}`)), { maxLength: 12 });
const recordSet = ids.chain((xs) => (xs.length ? fc.tuple(...xs.map((id) => record(id))) : fc.constant([]))) as fc.Arbitrary<Rec[]>;

describe('diffRecordSets', () => {
  it('applying the changes of A -> B to A gives B: the same companies, each with the same values', () => {
    fc.assert(
      fc.property(recordSet, recordSet, (a, b) => {
        const changes = diffRecordSets(texts(a), texts(b));
        const got = apply(a, changes);
        expect([...got.keys()].sort()).toEqual(b.map((r) => String(r.company_id)).sort());
        for (const r of b) expect(got.get(String(r.company_id))).toEqual(shown(r));
      }),
      { numRuns: 300 },
    );
  });

  it('finds nothing between a set and itself, or a copy with the same values in another key order', () => {
    fc.assert(
      fc.property(recordSet, (a) => {
        expect(diffRecordSets(texts(a), texts(a))).toEqual([]);
        const reordered = a.map((r) => Object.fromEntries(Object.entries(r).reverse()));
        expect(diffRecordSets(texts(a), texts(reordered))).toEqual([]);
      }),
    );
  });

  it('lists entered, then left, then fields, each by company name; a field keeps its old and new value', () => {
    const a = [
      { company_id: '1', name: 'Zeta', employee_count: 5, address: { city: 'Berlin' } },
      { company_id: '2', name: 'Alpha', employee_count: 7 },
    ];
    const b = [
      { company_id: '3', name: 'Beta' },
      { company_id: '1', name: 'Zeta', employee_count: 6, address: { city: 'Bonn' }, revenue: 10 },
    ];
    expect(diffRecordSets(texts(a), texts(b)).map((c) => [c.kind, c.companyName, c.field, c.oldValue, c.newValue])).toEqual([
      ['entered', 'Beta', null, null, b[0]],
      ['left', 'Alpha', null, a[1], null],
      ['field', 'Zeta', 'employee_count', 5, 6],
      ['field', 'Zeta', 'address.city', 'Berlin', 'Bonn'],
      ['field', 'Zeta', 'revenue', null, 10],
    ]);
  });

  it('counts a company listed twice in one set once', () => {
    const a = [{ company_id: '1', name: 'A' }];
    const b = [{ company_id: '1', name: 'A' }, { company_id: '1', name: 'A' }];
    expect(diffRecordSets(texts(a), texts(b))).toEqual([]);
  });
});

describe('field comparison', () => {
  it('takes null and absent alike and compares lists by value', () => {
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue(['a'], ['a'])).toBe(true);
    expect(sameValue(['a'], ['b'])).toBe(false);
    expect(sameValue(0, null)).toBe(false);
    expect(fieldChanges({ a: null, b: [1] }, { b: [1, 2] })).toEqual([{ field: 'b', oldValue: [1], newValue: [1, 2] }]);
  });

  it('compares objects by their contents, not by the order of their keys', () => {
    expect(sameValue({ x: 1, y: [2] }, { y: [2], x: 1 })).toBe(true);
    expect(sameValue({ x: 1 }, { x: '1' })).toBe(false);
    expect(sameValue({ x: { z: 1 } }, { x: { z: 2 } })).toBe(false);
  });
});
