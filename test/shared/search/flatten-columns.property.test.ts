// The grid's columns (collectColumns) and an export's columns (ColumnUnion) are one model: for any
// nesting and any pattern of null / {} / [] values they name the same columns in the same order, no
// column is empty in every record, and each cell reads the same value in both (a leaf under a null
// parent is empty in both, never a hatched "missing" cell in the grid).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ColumnUnion } from '../../../src/main/platform/tabular/column-union';
import { cellValue, collectColumns, flattenRecord, isEmptyCell } from '../../../src/shared/search/flatten';

type Json = null | string | number | boolean | Json[] | { [k: string]: Json };

// Few keys, so records share paths and collide; "a.b" is a literal dotted key beside a nested a.b.
const KEY = fc.constantFrom('company_id', 'name', 'address', 'city', 'a', 'b', 'a.b');
const LEAF: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.constantFrom('', 'Paris', 'Hamburg'),
  fc.integer({ min: -5, max: 5 }),
  fc.boolean(),
  fc.constant<Json>([]),
  fc.constant<Json>({}),
  fc.constant<Json>(['x', 1]),
);
const { value } = fc.letrec<{ value: Json; object: Json }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, LEAF, tie('object')),
  object: fc.dictionary(KEY, tie('value'), { maxKeys: 4 }),
}));
const RECORD = fc.dictionary(KEY, value, { maxKeys: 5 }) as fc.Arbitrary<Record<string, unknown>>;

function exportColumns(records: Array<Record<string, unknown>>) {
  const union = new ColumnUnion();
  const rows = records.map((r) => union.place(r));
  const { columns, indices } = union.finalOrder();
  return { columns, cell: (row: number, col: number) => rows[row]![indices[col]!] };
}

const same = (a: unknown, b: unknown) => (isEmptyCell(a) && isEmptyCell(b)) || JSON.stringify(a) === JSON.stringify(b);

describe('grid columns and export columns agree', () => {
  it('for any nesting and null pattern: same columns, same order, same cells, none always empty', () => {
    fc.assert(
      fc.property(fc.array(RECORD, { maxLength: 6 }), (records) => {
        const grid = collectColumns(records);
        const file = exportColumns(records);
        expect(grid).toEqual(file.columns);
        const flat = records.map(flattenRecord);
        grid.forEach((col, j) => {
          expect(flat.some((f) => !isEmptyCell(cellValue(f, col)))).toBe(true);
          flat.forEach((f, i) => expect(same(cellValue(f, col), file.cell(i, j))).toBe(true));
        });
      }),
      { numRuns: 1500 },
    );
  });

  it('an address null in one record and present in others: leaf columns, empty (not missing) cells', () => {
    const records = [
      { company_id: '1', name: 'A', address: { street: '1 Rue', city: 'Paris' }, country: 'FR' },
      { company_id: '2', name: 'B', address: null, country: 'FR' },
    ];
    expect(collectColumns(records)).toEqual(['company_id', 'name', 'address.street', 'address.city', 'country']);
    expect(collectColumns(records)).toEqual(exportColumns(records).columns);
    const nullOne = flattenRecord(records[1]!);
    expect(cellValue(nullOne, 'address.city')).toBeNull();
    // A field the record does not have at all is still missing (undefined: hatched in the grid).
    expect(cellValue(flattenRecord({ company_id: '3' }), 'address.city')).toBeUndefined();
    // Only nulls: no column at all.
    expect(collectColumns([{ company_id: '1', address: null }, { company_id: '2', address: {} }])).toEqual(['company_id']);
  });
});
