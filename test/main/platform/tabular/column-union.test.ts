import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flattenRecord } from '../../../../src/shared/search/flatten';
import { expectedColumns } from '../../features/export/readback';
import { ColumnUnion } from '../../../../src/main/platform/tabular/column-union';

// Keys that exercise dotted-path collisions and prototype-looking names.
const key = fc.oneof(fc.constantFrom('a', 'b', 'a.b', 'company_id', '__proto__', 'constructor', '0', '1'), fc.string({ maxLength: 4 }));
const record = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, fc.jsonValue({ maxDepth: 1 }), tie('object')),
  object: fc.dictionary(key, tie('value'), { maxKeys: 5 }),
})).object as fc.Arbitrary<Record<string, unknown>>;

const isEmpty = (v: unknown) =>
  v === null || v === undefined || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && !Array.isArray(v) && Object.keys(v as object).length === 0);

/** A key "" anywhere: its paths collide with the parent's ("" + "a" = "a"), so which value wins is order-only. */
const hasEmptyKey = (v: unknown): boolean =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && Object.entries(v as object).some(([k, x]) => k === '' || hasEmptyKey(x));

describe('ColumnUnion.place', () => {
  it('puts exactly the values of flattenRecord at their columns, and makes a column only for a value', () => {
    fc.assert(
      fc.property(fc.array(record.map((r) => JSON.parse(JSON.stringify(r)) as Record<string, unknown>), { maxLength: 6 }), (records) => {
        const union = new ColumnUnion();
        const rows = records.map((r) => union.place(r));
        const { columns, indices } = union.finalOrder();
        const flats = records.map((r) => flattenRecord(r));
        // A column exists exactly for the dotted paths some record has a value for.
        const withValue = new Set(flats.flatMap((f) => Object.entries(f).filter(([, v]) => !isEmpty(v)).map(([k]) => k)));
        expect([...columns].sort()).toEqual([...withValue].sort());
        if (columns.includes('company_id')) expect(columns[0]).toBe('company_id');
        // (Empty key segments make two paths one; the order is then only checked as a set.)
        if (!columns.some((c) => /^\d+$/.test(c)) && !records.some(hasEmptyKey) && records.length) {
          // Where no integer-like key reorders a JS object, the order is expectedColumns' (field order, nested in place).
          expect(columns).toEqual(expectedColumns(records));
        }
        flats.forEach((flat, n) => {
          columns.forEach((c, j) => {
            const want = Object.prototype.hasOwnProperty.call(flat, c) ? flat[c] : undefined;
            const got = rows[n]![indices[j]!];
            // An empty value seen before its column existed is simply not placed: the cell is empty either way.
            if (isEmpty(want) && got === undefined) return;
            expect(got).toEqual(want);
          });
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
