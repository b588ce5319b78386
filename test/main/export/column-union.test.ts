import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectColumns, flattenRecord } from '../../../src/shared/search/flatten';
import { ColumnUnion } from '../../../src/main/export/column-union';

// Keys that exercise dotted-path collisions and prototype-looking names.
const key = fc.oneof(fc.constantFrom('a', 'b', 'a.b', 'company_id', '__proto__', 'constructor', '0', '1'), fc.string({ maxLength: 4 }));
const record = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, fc.jsonValue({ maxDepth: 1 }), tie('object')),
  object: fc.dictionary(key, tie('value'), { maxKeys: 5 }),
})).object as fc.Arbitrary<Record<string, unknown>>;

describe('ColumnUnion.place', () => {
  it('puts exactly the values of flattenRecord at their columns, for any JSON record', () => {
    fc.assert(
      fc.property(fc.array(record.map((r) => JSON.parse(JSON.stringify(r)) as Record<string, unknown>), { maxLength: 6 }), (records) => {
        const union = new ColumnUnion();
        const rows = records.map((r) => union.place(r));
        const { columns, indices } = union.finalOrder();
        // Same set; the order can differ only for integer-like paths ("1"), which a JS object
        // (flattenRecord's result) always lists first, while the union keeps true first-seen order.
        expect([...columns].sort()).toEqual([...collectColumns(records)].sort());
        if (!columns.some((c) => /^\d+$/.test(c))) expect(columns).toEqual(collectColumns(records));
        records.forEach((r, n) => {
          const flat = flattenRecord(r);
          const placed = Object.fromEntries(columns.map((c, j) => [c, rows[n][indices[j]]]).filter(([, v]) => v !== undefined));
          expect(placed).toEqual(Object.fromEntries(Object.entries(flat)));
        });
      }),
      { numRuns: 500 },
    );
  });

  it('seeded columns take the first indices', () => {
    const union = new ColumnUnion();
    union.seed(['address.city', 'company_id']);
    expect(union.place({ company_id: 'x', address: { city: 'Oslo', zip: '1' } })).toEqual(['Oslo', 'x', '1']);
  });
});
